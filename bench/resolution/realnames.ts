import { createReadStream, createWriteStream, existsSync, readFileSync } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, gunzipSync } from 'node:zlib';
import { projectRoot } from '../../src/config/project-root.js';
import type { LabelledQuery, QueryKind } from './evaluate.js';

// The development set of real product names (realnames-dev/README.md): 20,000 products in the
// catalog format and 2,488 labelled lookups, as written by people and machines. Its labels name
// a product by brand and name; they are turned into catalog ids here, by the same folding the
// set's README defines (case, accents, punctuation and spacing never matter).

const DIR = path.join(projectRoot(), 'bench', 'resolution', 'realnames-dev');
const GZ_CATALOG = path.join(DIR, 'catalog.jsonl.gz');
const GZ_QUERIES = path.join(DIR, 'queries.jsonl.gz');

/** The set's kinds, named as the benchmark's other sets name them. */
const KINDS: Readonly<Record<string, QueryKind>> = {
  exact: 'exact',
  brand_name: 'brand-name',
  noise: 'noise',
  typo: 'typo',
  brand_dropped: 'brand-dropped',
  alias: 'alias',
  near_miss: 'near-miss',
  absent: 'absent',
  gibberish: 'gibberish',
};

interface Named {
  readonly brand: string;
  readonly name: string;
}

interface QueryLine {
  readonly query: string;
  readonly expect: Named | null;
  readonly kind: string;
}

/** The README's folding: case, accents, punctuation and spacing removed. */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/** The catalog as a plain JSON-lines file (the importer reads files), unpacked once. */
export async function realnamesCatalogFile(outDir: string): Promise<string> {
  const file = path.join(outDir, 'realnames-dev-catalog.jsonl');
  if (existsSync(file)) return file;
  await mkdir(outDir, { recursive: true });
  const partial = `${file}.${process.pid}.part`;
  await pipeline(createReadStream(GZ_CATALOG), createGunzip(), createWriteStream(partial));
  await rename(partial, file);
  return file;
}

const jsonLines = (gz: string) =>
  gunzipSync(readFileSync(gz))
    .toString('utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as unknown);

interface CatalogProduct extends Named {
  readonly id: string;
  readonly category: string;
}

let products: Map<string, CatalogProduct> | undefined;

/** The catalog's products by id, read once. */
function catalogProducts(): Map<string, CatalogProduct> {
  products ??= new Map(
    jsonLines(GZ_CATALOG).map((value) => [(value as CatalogProduct).id, value as CatalogProduct]),
  );
  return products;
}

/** The catalog's products by folded brand and name, for turning labels into ids. */
function catalogIds(): Map<string, string> {
  const ids = new Map<string, string>();
  for (const p of catalogProducts().values())
    ids.set(`${fold(p.brand)}\u0000${fold(p.name)}`, p.id);
  return ids;
}

/** The 2,488 labelled lookups, each label a catalog id (or null: the answer must be refused). */
export function readRealnamesQueries(): LabelledQuery[] {
  const ids = catalogIds();
  return jsonLines(GZ_QUERIES).map((value, i) => {
    const line = value as QueryLine;
    const kind = KINDS[line.kind];
    if (kind === undefined) throw new Error(`${GZ_QUERIES}:${i + 1}: unknown kind ${line.kind}`);
    if (line.expect === null) return { query: line.query, expected: null, kind };
    const id = ids.get(`${fold(line.expect.brand)}\u0000${fold(line.expect.name)}`);
    if (id === undefined) {
      throw new Error(
        `${GZ_QUERIES}:${i + 1}: ${JSON.stringify(line.expect)} is not in the catalog`,
      );
    }
    return { query: line.query, expected: id, kind };
  });
}

/**
 * Lookups of kinds the set does not hold, derived from its own by rules that hold for any
 * product name: the product's category word added after a lookup that names it ("SharpMX-2614N
 * printer"), the brand written after the name ("EP-905F Epson"), a misspelt lookup in capitals
 * with its hyphens as spaces, and a removed product's name with its category word (still
 * refused). Every label is the set's own.
 */
export function deriveRealnamesQueries(queries: readonly LabelledQuery[]): LabelledQuery[] {
  const catalog = catalogProducts();
  const categoryWord = (id: string) => catalog.get(id)!.category.split(/[ /]/)[0]!;
  const derived: LabelledQuery[] = [];
  for (const q of queries) {
    if (q.expected === null) {
      if (q.kind === 'near-miss') derived.push({ ...q, query: `${q.query} phone` });
      continue;
    }
    const product = catalog.get(q.expected)!;
    if (q.kind !== 'typo') {
      derived.push({ ...q, query: `${q.query} ${categoryWord(q.expected)}` });
    }
    if (q.kind === 'brand-name' || q.kind === 'noise') {
      derived.push({ ...q, kind: 'brand-after', query: `${product.name} ${product.brand}` });
    }
    if (q.kind === 'typo') {
      derived.push({ ...q, query: q.query.toUpperCase().replaceAll('-', ' ') });
    }
  }
  return derived;
}
