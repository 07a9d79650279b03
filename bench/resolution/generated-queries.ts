import {
  catalogFamilies,
  generateCatalog,
  heldOutSiblings,
  comparisonKey,
  type HeldOutKind,
  type HeldOutName,
} from '../../tools/generator/catalog-generator.js';
import type { LabelledQuery, QueryKind } from './evaluate.js';

// Labelled queries for the synthetic catalog of `catalog:generate`, derived from its public API:
// names as written, with noise, with a typo in a brand or line word, without the brand, aliases,
// held-out siblings (names in no catalog of the seed whose siblings are in this one: expected
// null) and gibberish. Deterministic in (products, seed, count).
//
// A derived query is dropped when, once normalised, it equals the name or alias of a product it
// is not labelled with: its label would be wrong.

export interface GeneratedQueryOptions {
  /** Products in the catalog (a prefix of any longer catalog of the same seed). */
  readonly products: number;
  readonly seed?: number;
  /** About how many queries; fewer when the catalog is too small to supply some kinds. */
  readonly count?: number;
}

/** Share of each kind in the set. */
const SHARES: readonly (readonly [QueryKind, number])[] = [
  ['exact', 0.14],
  ['noise', 0.14],
  ['typo', 0.12],
  ['brand-dropped', 0.1],
  ['alias', 0.1],
  ['near-miss', 0.08],
  ['variant', 0.08],
  ['generation', 0.06],
  ['size', 0.06],
  ['colour', 0.06],
  ['gibberish', 0.06],
];

const HELD_OUT_KIND: Record<HeldOutKind, QueryKind> = {
  'model-number': 'near-miss',
  variant: 'variant',
  generation: 'generation',
  size: 'size',
  colour: 'colour',
};

interface Product {
  readonly id: string;
  readonly name: string;
  readonly brand: string;
  readonly line: string;
  readonly aliases: readonly string[];
}

export function generatedQueries(options: GeneratedQueryOptions): LabelledQuery[] {
  const { products: size, seed = 1, count = 400 } = options;
  const rng = mulberry32((Math.imul(seed | 0, 0x9e3779b1) ^ 0x5eed_0001) >>> 0);
  const { products, owner, variantWords } = loadCatalog(size, seed);
  const quota = (kind: QueryKind) =>
    Math.round(count * (SHARES.find(([k]) => k === kind)?.[1] ?? 0));

  const out: LabelledQuery[] = [];
  /** Keeps a query whose normalised form names no product but (when answerable) its own. */
  const keep = (query: string, expected: string | null, kind: QueryKind): boolean => {
    const key = comparisonKey(query);
    if (key === '') return false;
    const named = owner.get(key);
    if (named !== undefined && named !== expected) return false;
    if (out.some((q) => q.query === query)) return false;
    out.push({ query, expected, kind });
    return true;
  };
  /** Calls derive on products in a seeded order until `n` queries were kept. */
  const fromProducts = (
    kind: QueryKind,
    derive: (p: Product) => string | null,
    pool: readonly Product[] = products,
  ) => {
    const n = quota(kind);
    let kept = 0;
    for (const index of shuffledIndices(rng, pool.length)) {
      if (kept >= n) break;
      const product = pool[index] as Product;
      const query = derive(product);
      if (query !== null && keep(query, product.id, kind)) kept++;
    }
  };

  fromProducts('exact', (p) => p.name);
  fromProducts('noise', (p) => noisy(rng, p.name));
  fromProducts('typo', (p) => withTypo(rng, p, variantWords));
  fromProducts('brand-dropped', (p) =>
    p.name.startsWith(p.brand + ' ') ? p.name.slice(p.brand.length + 1) : null,
  );
  fromProducts(
    'alias',
    (p) => {
      const alias = p.aliases[Math.floor(rng() * p.aliases.length)] as string;
      return rng() < 0.5 ? alias : noisy(rng, alias);
    },
    products.filter((p) => p.aliases.length > 0),
  );

  const heldOut = new Map<QueryKind, HeldOutName[]>();
  for (const name of heldOutSiblings({ products: size, seed })) {
    const kind = HELD_OUT_KIND[name.kind];
    const names = heldOut.get(kind) ?? [];
    names.push(name);
    heldOut.set(kind, names);
  }
  for (const kind of Object.values(HELD_OUT_KIND)) {
    const names = heldOut.get(kind) ?? [];
    let kept = 0;
    for (const index of shuffledIndices(rng, names.length)) {
      if (kept >= quota(kind)) break;
      const { name } = names[index] as HeldOutName;
      const query = rng() < 0.3 ? name.toLowerCase() : name;
      if (keep(query, null, kind)) kept++;
    }
  }

  let gibberish = 0;
  for (let tries = 0; gibberish < quota('gibberish') && tries < 1000; tries++) {
    const words = Array.from({ length: 2 + Math.floor(rng() * 2) }, () =>
      Array.from({ length: 4 + Math.floor(rng() * 4) }, () => pick(rng, LETTERS)).join(''),
    );
    if (keep(words.join(' '), null, 'gibberish')) gibberish++;
  }
  return out;
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

function loadCatalog(size: number, seed: number) {
  const lineOf = new Map<string, string>();
  const variantWords = new Set<string>();
  for (const family of catalogFamilies({ products: size, seed })) {
    for (const member of family.members) {
      if (!member.inCatalog) continue;
      lineOf.set(member.id, family.line);
      for (const word of member.variant.split(' ')) if (word) variantWords.add(word.toLowerCase());
    }
  }
  const products: Product[] = [];
  /** Normalised name or alias -> the product it names (unique by the generator's contract). */
  const owner = new Map<string, string>();
  for (const line of generateCatalog({ products: size, seed })) {
    const aliases = line.aliases ?? [];
    const lineName = lineOf.get(line.id);
    if (lineName === undefined) throw new Error(`no family for generated product ${line.id}`);
    products.push({ id: line.id, name: line.name, brand: line.brand, line: lineName, aliases });
    for (const text of [line.name, ...aliases]) owner.set(comparisonKey(text), line.id);
  }
  return { products, owner, variantWords };
}

const ACCENTED: Record<string, string> = { a: 'á', e: 'é', i: 'í', o: 'ö', u: 'ü' };

/**
 * The name as someone might type it, the same once normalised: case, hyphens, spaces,
 * parentheses and quotes, accents. Null when no transformation changed it.
 */
function noisy(rng: () => number, name: string): string | null {
  const steps: ((s: string) => string)[] = [
    (s) => s.toLowerCase(),
    (s) => s.toUpperCase(),
    (s) => s.replaceAll('-', rng() < 0.5 ? '' : ' '),
    (s) => s.replace(/([A-Za-z])[- ]?(\d)/, '$1 $2'),
    (s) =>
      s.replace(/([A-Za-z]+)[- ]?(\d)/, (_, letters: string, digit: string) => letters + digit),
    (s) => s.replace(/[()"]/g, ''),
    (s) => s.replace(/ /, rng() < 0.5 ? '  ' : '-'),
    (s) => {
      const words = s.split(' ');
      const at = Math.floor(rng() * Math.max(1, words.length - 1));
      return [...words.slice(0, at), words.slice(at, at + 2).join(''), ...words.slice(at + 2)].join(
        ' ',
      );
    },
    (s) => s.replace(/[aeiou]/, (v) => ACCENTED[v] ?? v),
  ];
  let text = name;
  const n = 1 + Math.floor(rng() * 3);
  for (let i = 0; i < n; i++) text = pick(rng, steps)(text);
  return text !== name && comparisonKey(text) === comparisonKey(name) ? text : null;
}

/** One typo in a brand or line word of 5+ letters (never a model number or variant word). */
function withTypo(rng: () => number, product: Product, variantWords: ReadonlySet<string>) {
  const candidates = [...product.brand.split(' '), ...product.line.split(' ')].filter(
    (w) => /^[A-Za-z]{5,}$/.test(w) && !variantWords.has(w.toLowerCase()),
  );
  if (candidates.length === 0) return null;
  const word = pick(rng, candidates);
  const typo = misspell(rng, word);
  if (typo === word) return null;
  const words = product.name.split(' ');
  const at = words.indexOf(word);
  if (at < 0) return null;
  words[at] = typo;
  return words.join(' ');
}

/** Swap, drop, double or replace one letter after the first. */
function misspell(rng: () => number, word: string): string {
  const i = 1 + Math.floor(rng() * (word.length - 2));
  const c = word[i] as string;
  switch (Math.floor(rng() * 4)) {
    case 0:
      return word.slice(0, i) + (word[i + 1] ?? '') + c + word.slice(i + 2);
    case 1:
      return word.slice(0, i) + word.slice(i + 1);
    case 2:
      return word.slice(0, i) + c + word.slice(i);
    default: {
      const replacement = pick(
        rng,
        [...LETTERS].filter((l) => l !== c.toLowerCase()),
      );
      return word.slice(0, i) + replacement + word.slice(i + 1);
    }
  }
}

function* shuffledIndices(rng: () => number, n: number): Generator<number> {
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [order[i], order[j]] = [order[j] as number, order[i] as number];
  }
  yield* order;
}

function pick<T>(rng: () => number, items: ArrayLike<T>): T {
  return items[Math.floor(rng() * items.length)] as T;
}

/** mulberry32: a tiny seeded PRNG, uniform in [0, 1). */
function mulberry32(seed: number): () => number {
  let state = seed | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
