import { createReadStream, createWriteStream, existsSync, readFileSync, statSync } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, gunzipSync } from 'node:zlib';
import { projectRoot } from '../../src/config/project-root.js';
import type { LabelledQuery, QueryKind } from './evaluate.js';

// The sets of real product names, each a catalog in the catalog format and labelled lookups as
// written by people and machines: the development set (realnames-dev/README.md: 20,000
// products, 2,488 lookups) and the held-out set (heldout/README.md: other products, other
// lookups, and kinds of lookup the development set lacks). Their labels name a product by brand
// and name; they are turned into catalog ids here, by the same folding the sets' READMEs define
// (case, accents, punctuation and spacing never matter).

/** A set of real names: `dev` (realnames-dev) or `heldout` (heldout). */
export type RealnamesSet = 'dev' | 'heldout';

const DIRS: Readonly<Record<RealnamesSet, string>> = {
  dev: 'realnames-dev',
  heldout: 'heldout',
};

const dirOf = (set: RealnamesSet) => path.join(projectRoot(), 'bench', 'resolution', DIRS[set]);
const gzCatalog = (set: RealnamesSet) => path.join(dirOf(set), 'catalog.jsonl.gz');
const gzQueries = (set: RealnamesSet) => path.join(dirOf(set), 'queries.jsonl.gz');

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
  // Kinds of the held-out set only (heldout/README.md).
  brand_after: 'brand-after',
  category_word: 'category-word',
  two_typos: 'two-typos',
  lower_glued: 'lower-glued',
  unicode_noise: 'unicode-noise',
  vendor_full: 'vendor-full',
};

/** A product as the sets' labels name it. */
export interface Named {
  readonly brand: string;
  readonly name: string;
}

/** A labelled lookup as the sets write it. */
export interface QueryLine {
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

/**
 * A set's catalog as a plain JSON-lines file (the importer reads files), unpacked once, and
 * again when the packed catalog is newer.
 */
export async function realnamesCatalogFile(
  outDir: string,
  set: RealnamesSet = 'dev',
): Promise<string> {
  return await unpackedCatalog(gzCatalog(set), outDir, `realnames-${set}`);
}

/** A gzipped catalog unpacked into `outDir` as `<name>-catalog.jsonl`, unless it is already. */
export async function unpackedCatalog(gz: string, outDir: string, name: string): Promise<string> {
  const file = path.join(outDir, `${name}-catalog.jsonl`);
  if (existsSync(file) && statSync(file).mtimeMs >= statSync(gz).mtimeMs) return file;
  await mkdir(outDir, { recursive: true });
  const partial = `${file}.${process.pid}.part`;
  await pipeline(createReadStream(gz), createGunzip(), createWriteStream(partial));
  await rename(partial, file);
  return file;
}

/** The lines of a gzipped JSON-lines file, parsed. */
export const jsonLines = (gz: string) =>
  gunzipSync(readFileSync(gz))
    .toString('utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as unknown);

interface CatalogProduct extends Named {
  readonly id: string;
  readonly category: string;
  readonly aliases?: readonly string[];
}

const products = new Map<RealnamesSet, Map<string, CatalogProduct>>();

/** A set's catalog products by id, read once. */
function catalogProducts(set: RealnamesSet): Map<string, CatalogProduct> {
  let byId = products.get(set);
  if (byId === undefined) {
    byId = new Map(
      jsonLines(gzCatalog(set)).map((value) => [
        (value as CatalogProduct).id,
        value as CatalogProduct,
      ]),
    );
    products.set(set, byId);
  }
  return byId;
}

/** The catalog's products by folded brand and name, for turning labels into ids. */
function catalogIds(set: RealnamesSet): Map<string, string> {
  const ids = new Map<string, string>();
  for (const p of catalogProducts(set).values())
    ids.set(`${fold(p.brand)}\u0000${fold(p.name)}`, p.id);
  return ids;
}

/**
 * A set's labelled lookups (the development set's 2,488 by default), each label a catalog id
 * (or null: the answer must be refused).
 */
export function readRealnamesQueries(set: RealnamesSet = 'dev'): LabelledQuery[] {
  const ids = catalogIds(set);
  const file = gzQueries(set);
  return jsonLines(file).map((value, i) => {
    const line = value as QueryLine;
    const kind = Object.hasOwn(KINDS, line.kind) ? KINDS[line.kind] : undefined;
    if (kind === undefined) throw new Error(`${file}:${i + 1}: unknown kind ${line.kind}`);
    if (line.expect === null) return { query: line.query, expected: null, kind };
    const id = ids.get(`${fold(line.expect.brand)}\u0000${fold(line.expect.name)}`);
    if (id === undefined) {
      throw new Error(`${file}:${i + 1}: ${JSON.stringify(line.expect)} is not in the catalog`);
    }
    return { query: line.query, expected: id, kind };
  });
}

/**
 * Lookups of kinds the set does not hold, derived from its own by rules that hold for any
 * product name: the product's category word added after a lookup that names it ("SharpMX-2614N
 * printer"), the brand written after the name ("EP-905F Epson"), a misspelt lookup in capitals
 * with its hyphens as spaces; words around a name that say nothing ("the new …", "… by Epson",
 * "Epson Corporation …"), the name with an alias as listings write it ("Mate 9 Lite
 * (BLL-L23)"), trademark signs; and removed products' names with a category word, "new" or a
 * trademark sign (still refused). Every label is the set's own.
 */
export function deriveRealnamesQueries(
  queries: readonly LabelledQuery[],
  set: RealnamesSet = 'dev',
): LabelledQuery[] {
  const catalog = catalogProducts(set);
  const categoryWord = (id: string) => catalog.get(id)!.category.split(/[ /]/)[0]!;
  const derived: LabelledQuery[] = [];
  for (const q of queries) {
    if (q.expected === null) {
      if (q.kind !== 'near-miss') continue;
      derived.push({ ...q, query: `${q.query} phone` });
      derived.push({ ...q, query: `the new ${q.query}™` });
      continue;
    }
    const product = catalog.get(q.expected)!;
    if (q.kind !== 'typo') {
      derived.push({ ...q, query: `${q.query} ${categoryWord(q.expected)}` });
    }
    if (q.kind === 'brand-name' || q.kind === 'noise') {
      derived.push({ ...q, kind: 'brand-after', query: `${product.name} ${product.brand}` });
    }
    if (q.kind === 'brand-name') derived.push(...aroundTheName(q, product));
    if (q.kind === 'typo') {
      derived.push({ ...q, query: q.query.toUpperCase().replaceAll('-', ' ') });
    }
  }
  return derived;
}

const WORDS_AROUND = [
  (p: CatalogProduct) => `the new ${p.brand} ${p.name}`,
  (p: CatalogProduct) => `${p.name} by ${p.brand}`,
  (p: CatalogProduct) => `${p.brand} Corporation ${p.name}`,
];

/** A brand and name lookup with words around it that say nothing, an alias, trademark signs. */
function aroundTheName(q: LabelledQuery, p: CatalogProduct): LabelledQuery[] {
  const around = WORDS_AROUND[fold(p.name).length % WORDS_AROUND.length]!;
  const derived: LabelledQuery[] = [
    { ...q, kind: 'words-around', query: around(p) },
    { ...q, kind: 'unicode-noise', query: `${p.brand}® ${p.name}™` },
  ];
  const alias = p.aliases?.find((a) => !fold(p.name).includes(fold(a)));
  if (alias) derived.push({ ...q, kind: 'with-alias', query: `${p.brand} ${p.name} (${alias})` });
  return derived;
}
