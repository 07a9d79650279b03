import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { catalogLineJsonSchema } from '../src/catalog/catalog-line.json-schema.js';
import { projectRoot } from '../src/config/project-root.js';

// catalog:schema (tools/cli.ts): regenerates the shipped JSON Schema of one catalog line.

export const SCHEMA_FILE = path.join(projectRoot(), 'src', 'catalog', 'catalog-line.schema.json');

export async function writeCatalogSchema(): Promise<void> {
  await writeFile(SCHEMA_FILE, JSON.stringify(catalogLineJsonSchema(), null, 2) + '\n');
  process.stdout.write(`Wrote ${path.relative(process.cwd(), SCHEMA_FILE)}\n`);
}
