import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { temporaryFolder } from './temp-folders.js';

let dir: string | undefined;

/** Writes catalog lines (objects or raw text) to a temporary .jsonl file. */
export async function catalogFile(lines: (object | string)[]): Promise<string> {
  dir ??= await temporaryFolder('pi-catalog-');
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.jsonl`);
  const text = lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n');
  await writeFile(file, text + '\n');
  return file;
}

/** A minimal valid catalog line with the given id, overridable field by field. */
export function product(id: string, fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    name: `Product ${id}`,
    brand: 'Example',
    category: 'headphones',
    reviews: [
      {
        source: 'Example Lab',
        source_type: 'lab_test',
        score: 80,
        summary: 'Solid.',
        criteria: { speed: 70 },
      },
    ],
    offers: [
      {
        retailer_name: 'Example Shop',
        price: 10.5,
        price_as_of: '2026-11-01T10:00:00Z',
        url: 'https://shop.example/p',
      },
    ],
    ...fields,
  };
}
