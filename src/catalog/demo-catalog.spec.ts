import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../config/project-root.js';
import { compactName, normaliseName } from '../names/name-normaliser.js';
import { CRITERIA, DIMENSIONS, SOURCE_TYPES, TAXONOMY } from '../taxonomy/taxonomy.js';
import { catalogLineSchema, type CatalogLine } from './catalog-line.schema.js';

/** A name as resolution compares it (case, accents, punctuation and spacing aside). */
const comparisonKey = (name: string) => compactName(normaliseName(name));

// What the demo catalog promises: real product names in several categories, with
// near-miss families and aliases, and clearly fictional reviews and retailers.

const demo: CatalogLine[] = readFileSync(
  path.join(projectRoot(), 'prisma/demo-catalog.jsonl'),
  'utf8',
)
  .split('\n')
  .filter((line) => line !== '')
  .map((line) => catalogLineSchema.parse(JSON.parse(line)));

/** The product no source reviewed: the demo of an answer that says it has no reviews. */
const UNREVIEWED = 'fellow-stagg-ekg-electric-kettle';

describe('demo catalog', () => {
  it('has at least 150 products in at least 6 categories', () => {
    expect(demo.length).toBeGreaterThanOrEqual(150);
    expect(new Set(demo.map((p) => p.category)).size).toBeGreaterThanOrEqual(6);
  });

  it('gives every product 2 to 6 reviews and 0 to 5 offers, from fictional sites only', () => {
    for (const product of demo) {
      if (product.id === UNREVIEWED) continue;
      expect(product.reviews?.length).toBeGreaterThanOrEqual(2);
      expect(product.reviews?.length).toBeLessThanOrEqual(6);
      expect(product.offers?.length ?? 0).toBeLessThanOrEqual(5);
      const urls = [...(product.reviews ?? []), ...(product.offers ?? [])].flatMap((x) =>
        x.url ? [x.url] : [],
      );
      for (const url of urls) expect(new URL(url).hostname).toMatch(/\.example$/);
    }
    expect(new Set(demo.flatMap((p) => p.reviews ?? []).map((r) => r.source_type))).toEqual(
      new Set(SOURCE_TYPES),
    );
    expect(demo.some((p) => (p.offers?.length ?? 0) === 0)).toBe(true);
  });

  it('has one product no source reviewed, in a category of its own', () => {
    const unreviewed = demo.filter((p) => (p.reviews?.length ?? 0) === 0);
    expect(unreviewed.map((p) => p.id)).toEqual([UNREVIEWED]);
    const [kettle] = unreviewed;
    expect(demo.filter((p) => p.category === kettle!.category)).toHaveLength(1);
  });

  it('gives every review the pros and cons its summary states', () => {
    for (const review of demo.flatMap((p) => p.reviews ?? [])) {
      expect(review.pros?.length).toBeGreaterThan(0);
      expect(review.cons?.length).toBeGreaterThan(0);
    }
    const xm5 = demo.find((p) => p.name === 'Sony WH-1000XM5')!;
    const cons = xm5.reviews!.flatMap((r) => r.cons ?? []);
    expect(cons).toEqual(
      expect.arrayContaining(['Headband that no longer folds flat', 'High price']),
    );
  });

  it('rates every criterion in some category, and most products on every dimension', () => {
    const ratedOf = (p: CatalogLine) =>
      new Set(p.reviews?.flatMap((r) => Object.keys(r.criteria ?? {})));
    const everywhere = new Set(demo.flatMap((p) => [...ratedOf(p)]));
    expect([...everywhere].sort()).toEqual([...CRITERIA].sort());
    const allDimensions = demo.filter((p) =>
      DIMENSIONS.every((d) => TAXONOMY[d].some((c) => ratedOf(p).has(c))),
    );
    expect(allDimensions.length / demo.length).toBeGreaterThan(0.7);
    expect(allDimensions.map((p) => p.name)).toContain('Sony WH-1000XM5');
  });

  it('has families that differ only by a model number or a variant word, and aliases', () => {
    const names = new Set(demo.map((p) => p.name));
    expect(names.has('Sony WH-1000XM4') && names.has('Sony WH-1000XM5')).toBe(true);
    const variants = demo.filter((p) => / (Pro|Max|Plus|Ultra)$/.test(p.name));
    const withBase = variants.filter((p) =>
      names.has(p.name.replace(/ (Pro|Max|Plus|Ultra)$/, '')),
    );
    expect(withBase.length).toBeGreaterThanOrEqual(10);
    expect(demo.filter((p) => (p.aliases?.length ?? 0) > 0).length).toBeGreaterThanOrEqual(40);
  });

  it('never gives two products the same name or alias once normalised', () => {
    const keys = demo.flatMap((p) => [
      ...new Set([p.name, ...(p.aliases ?? [])].map(comparisonKey)),
    ]);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
