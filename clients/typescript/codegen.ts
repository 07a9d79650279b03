import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import path from 'node:path';
import { projectRoot } from '../../src/config/project-root.js';

/** The generated types, committed so that clients (and the tests) compile without the service. */
export const TYPES_FILE = path.join(projectRoot(), 'clients', 'typescript', 'schema.d.ts');

/** What a stale schema.d.ts is told to do: the one command that brings it up to date. */
export const REGENERATE = 'npm run client:generate';

const HEADER = `// Generated from the service's OpenAPI document by openapi-typescript: do not edit.
// Run \`${REGENERATE}\` after changing the document.

`;

/** The TypeScript types of an OpenAPI document, as schema.d.ts holds them. */
export async function clientTypes(document: Record<string, unknown>): Promise<string> {
  const ast = await openapiTS(document as unknown as OpenAPI3, { alphabetize: false });
  return HEADER + astToString(ast);
}
