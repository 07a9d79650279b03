import { describe, expect, it } from '@jest/globals';
import { SOURCE_TYPES } from '../../src/taxonomy/taxonomy.js';
import {
  catalogFamilies,
  describeFamily,
  generateCatalog,
  generateCatalogLines,
  heldOutSiblings,
  comparisonKey,
  slugify,
  type HeldOutKind,
} from './catalog-generator.js';
import { catalogLineSchema, type CatalogLine } from '../../src/catalog/catalog-line.schema.js';
import { CATEGORIES } from './categories.js';

const take = (products: number, seed?: number) => [...generateCatalog({ products, seed })];
const text = (products: number, seed?: number) =>
  [...generateCatalogLines({ products, seed })].join('\n');

// Shared by the uniqueness and sibling tests: 50,000 products is enough for every kind of
// near miss (digit siblings need several models per line) and quick to build.
const big = take(50_000);
const bigNames = big.map((p) => p.name);

/** Names, grouped by the name with one part blanked out; groups of 2+ are sibling sets. */
function siblingGroups(names: readonly string[], blank: (name: string) => string[]) {
  const groups = new Map<string, Set<string>>();
  for (const name of names) {
    for (const key of blank(name)) {
      const group = groups.get(key) ?? new Set<string>();
      group.add(name);
      groups.set(key, group);
    }
  }
  return [...groups.values()].filter((g) => g.size > 1);
}

// Longest first, so that "Pro Max" is not read as "Pro".
const VARIANTS = [...new Set(CATEGORIES.flatMap((c) => c.variants).filter((v) => v !== ''))].sort(
  (a, b) => b.length - a.length,
);

describe('generateCatalog', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    expect(text(2_000, 7)).toBe(text(2_000, 7));
    expect(text(2_000, 8)).not.toBe(text(2_000, 7));
    expect(text(500)).toBe(text(500, 1));
  });

  it('makes the catalog of N the first N lines of any longer one', () => {
    expect(text(3_000).startsWith(text(1_000) + '\n')).toBe(true);
  });

  it('writes exactly N lines that each pass the catalog line schema', () => {
    const lines = take(5_000, 3);
    expect(lines).toHaveLength(5_000);
    for (const line of lines) {
      const result = catalogLineSchema.safeParse(line);
      if (!result.success) throw new Error(`${line.id}: ${result.error.message}`);
    }
  });

  it('keeps the documented shape: reviews, criteria, offers, ids', () => {
    // Collected problems instead of an expect per value: jest's matchers are slow by the 100,000.
    const problems: string[] = [];
    const check = (ok: boolean, what: string, line: CatalogLine) => {
      if (!ok) problems.push(`${line.id}: ${what}`);
    };
    const types = new Set<string>();
    for (const line of big.slice(0, 5_000)) {
      const reviews = line.reviews ?? [];
      const offers = line.offers ?? [];
      check(line.id === slugify(line.name), 'id is not the slug of the name', line);
      check(reviews.length >= 1 && reviews.length <= 5, '1 to 5 reviews', line);
      check(offers.length <= 4, '0 to 4 offers', line);
      for (const review of reviews) {
        types.add(review.source_type);
        const criteria = Object.keys(review.criteria ?? {}).length;
        check(criteria >= 2 && criteria <= 10, '2 to 10 criteria', line);
        check(
          /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(review.reviewed_at ?? ''),
          'reviewed_at',
          line,
        );
      }
      for (const offer of offers) {
        check(
          offer.price > 0 && Math.round(offer.price * 100) / 100 === offer.price,
          'price',
          line,
        );
        check(/^https:\/\/[a-z0-9-]+\.example\//.test(offer.url), 'offer url', line);
      }
    }
    expect(problems).toEqual([]);
    expect([...types].sort()).toEqual([...SOURCE_TYPES].sort());
    expect(new Set(big.slice(0, 5_000).map((l) => l.category)).size).toBe(CATEGORIES.length);
  });

  it('gives unique ids and names, also once normalised as resolution compares them', () => {
    expect(new Set(big.map((p) => p.id)).size).toBe(big.length);
    expect(new Set(bigNames).size).toBe(big.length);
    const owners = new Map<string, string>();
    const clashes: string[] = [];
    for (const product of big) {
      for (const name of [product.name, ...(product.aliases ?? [])]) {
        const key = comparisonKey(name);
        const owner = owners.get(key);
        if (owner !== undefined && owner !== product.id) clashes.push(`${name} (${owner})`);
        owners.set(key, product.id);
      }
    }
    expect(clashes).toEqual([]);
    expect(big.filter((p) => p.aliases).length).toBeGreaterThan(big.length / 5);
  });

  it('contains near-miss siblings: one digit apart, or one variant word apart', () => {
    const digitPairs = siblingGroups(bigNames, (name) =>
      [...name.matchAll(/\d/g)].map((m) => `${name.slice(0, m.index)}*${name.slice(m.index + 1)}`),
    );
    expect(digitPairs.length).toBeGreaterThan(100);

    // "X Pro" and "X Max" blank to the same key; "X" and "X Pro" are found by removing "Pro".
    const variant = new RegExp(` (${VARIANTS.join('|')})(?= |$)`);
    const variantGroups = siblingGroups(bigNames, (name) =>
      variant.test(name) ? [name.replace(variant, ' *')] : [],
    );
    const names = new Set(bigNames);
    const withBase = bigNames.filter((n) => variant.test(n) && names.has(n.replace(variant, '')));
    expect(variantGroups.length).toBeGreaterThan(100);
    expect(withBase.length).toBeGreaterThan(100);
  });

  it('has families whose listed members differ only by generation, size or colour', () => {
    const kinds = new Map<string, number>();
    for (const family of catalogFamilies({ products: 20_000 })) {
      const present = family.members.filter((m) => m.inCatalog);
      for (const a of present) {
        for (const b of present) {
          const diff = (['variant', 'generation', 'size', 'colour'] as const).filter(
            (k) => a[k] !== b[k],
          );
          if (diff.length === 1)
            kinds.set(diff[0] as string, (kinds.get(diff[0] as string) ?? 0) + 1);
        }
      }
    }
    for (const kind of ['variant', 'generation', 'size', 'colour']) {
      expect(kinds.get(kind) ?? 0).toBeGreaterThan(50);
    }
  });
});

describe('heldOutSiblings', () => {
  const held = [...heldOutSiblings({ products: 50_000 })];

  it('names products absent from the catalog whose sibling is present', () => {
    const catalogKeys = new Set(
      big.flatMap((p) => [p.name, ...(p.aliases ?? [])]).map((n) => comparisonKey(n)),
    );
    const names = new Set(bigNames);
    expect(held.length).toBeGreaterThan(10_000);
    expect(held.filter((h) => catalogKeys.has(comparisonKey(h.name)))).toEqual([]);
    expect(held.filter((h) => !names.has(h.sibling))).toEqual([]);
    expect(new Set(held.map((h) => comparisonKey(h.name))).size).toBe(held.length);
  });

  it('covers every kind of near miss, and model numbers one digit away', () => {
    const kinds: HeldOutKind[] = ['model-number', 'variant', 'generation', 'size', 'colour'];
    for (const kind of kinds) expect(held.some((h) => h.kind === kind)).toBe(true);
    const oneDigitApart = (a: string, b: string) => {
      const [x, y] = [a.replace(/\D/g, ''), b.replace(/\D/g, '')];
      return x.length === y.length && [...x].filter((d, i) => d !== y[i]).length === 1;
    };
    const digitSiblings = held.filter((h) => h.kind === 'model-number');
    expect(digitSiblings.filter((h) => !oneDigitApart(h.name, h.sibling))).toEqual([]);
  });

  it('stays out of larger catalogs of the same seed', () => {
    const small = [...heldOutSiblings({ products: 2_000 })].map((h) => h.name);
    const names = new Set(bigNames);
    expect(small.filter((n) => names.has(n))).toEqual([]);
  });
});

describe('describeFamily', () => {
  it('agrees with the catalog', () => {
    const families = [...catalogFamilies({ products: 300, seed: 5 })];
    const names = new Set(take(300, 5).map((p) => p.name));
    for (const family of families) {
      const described = describeFamily(5, family.index);
      expect(described.members.map((m) => m.name)).toEqual(family.members.map((m) => m.name));
      for (const member of family.members) expect(names.has(member.name)).toBe(member.inCatalog);
    }
  });
});

describe('the generator world', () => {
  it('uses unique, prefix-free brand names and prefix-free lines per category', () => {
    const prefixFree = (words: string[]) =>
      words.every((a, i) => words.every((b, j) => i === j || !b.startsWith(a)));
    const brands = CATEGORIES.flatMap((c) => c.brands).map(comparisonKey);
    expect(prefixFree(brands)).toBe(true);
    for (const category of CATEGORIES) {
      expect(prefixFree(category.lines.map(comparisonKey))).toBe(true);
      expect(category.lines.every((l) => /^[A-Z][a-z]+$/.test(l))).toBe(true);
      expect(category.brands.every((b) => !/\d/.test(b))).toBe(true);
    }
  });

  it('rejects a bad product count or seed', () => {
    expect(() => take(-1)).toThrow(RangeError);
    expect(() => take(1.5)).toThrow(RangeError);
    expect(() => take(1, Number.NaN)).toThrow(RangeError);
  });
});
