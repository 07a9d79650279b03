import { writeFileSync } from 'node:fs';
import { AppConfig } from '../../src/config/app-config.js';
import { parseEnv } from '../../src/config/env.schema.js';
import { openApiDocument } from '../../src/lookup/openapi/openapi.document.js';
import { clientTypes, TYPES_FILE } from './codegen.js';

// `npm run client:generate`: writes schema.d.ts from the document the service serves. The
// default configuration is used on purpose: the base URL and the quota only change prose
// that the types do not carry, so every machine generates the same file.

const config = new AppConfig(parseEnv({}));
const document = openApiDocument(config.publicBaseUrl, config.quota);
writeFileSync(TYPES_FILE, await clientTypes(document));
process.stdout.write(`Wrote ${TYPES_FILE}\n`);
