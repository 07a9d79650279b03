import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  ABOUT_AS_WELL,
  BETTER_SOURCES,
  byCategory,
  catalogStandings,
  chooseInCategory,
  CLEARLY_HIGHER,
  isBetter,
  isCheaper,
  CLEARLY_LESS,
  NOT_FAR_ABOVE,
  reviewed,
  type Contender,
  type Named,
} from './standing.js';

type Product = Named & { category: string };

/** Catalogs of up to 60 products in up to 4 categories, with ties, unreviewed and unpriced. */
const catalogs = fc
  .array(
    fc.record({
      category: fc.constantFrom('headphones', 'tvs', 'kettles', 'laptops'),
      serviceScore: fc.integer({ min: 20, max: 99 }),
      startingPriceUsd: fc.option(fc.integer({ min: 5, max: 3000 }), { nil: null }),
      sourceCount: fc.integer({ min: 0, max: 5 }),
    }),
    { maxLength: 60 },
  )
  .map((rows): Product[] =>
    rows.map((row, i) => ({ ...row, id: `p${i}`, productName: `Product ${i}`, brand: 'Brand' })),
  );

describe(catalogStandings.name, () => {
  it('ranks each category’s reviewed products as a permutation, the unreviewed not at all', () => {
    fc.assert(
      fc.property(catalogs, (products) => {
        const standings = catalogStandings(products);
        const categories = byCategory(products);
        for (const [category, members] of categories) {
          const ranked = members.filter(reviewed);
          const ranks = ranked.map((p) => standings.get(p.id)!.category_rank!);
          expect(ranks.map((r) => r.rank).sort((a, b) => a - b)).toEqual(
            ranked.map((_, i) => i + 1),
          );
          for (const r of ranks) {
            expect(r).toMatchObject({ category, of: ranked.length });
            expect(r.percentile).toBeGreaterThanOrEqual(0);
            expect(r.percentile).toBeLessThanOrEqual(100);
          }
          // A higher score never ranks lower.
          for (const a of ranked)
            for (const b of ranked)
              if (a.serviceScore > b.serviceScore)
                expect(standings.get(a.id)!.category_rank!.rank).toBeLessThan(
                  standings.get(b.id)!.category_rank!.rank,
                );
          for (const p of members.filter((m) => !reviewed(m)))
            expect(standings.get(p.id)!.category_rank).toBeNull();
        }
      }),
    );
  });

  it('suggests only reviewed products of the same category, never the product, each once', () => {
    fc.assert(
      fc.property(catalogs, (products) => {
        const standings = catalogStandings(products);
        const byId = new Map(products.map((p) => [p.id, p]));
        for (const p of products) {
          const { alternatives } = standings.get(p.id)!;
          expect(alternatives.length).toBeLessThanOrEqual(3);
          expect(new Set(alternatives.map((a) => a.id)).size).toBe(alternatives.length);
          for (const a of alternatives) {
            const q = byId.get(a.id)!;
            expect(a.id).not.toBe(p.id);
            expect(q.category).toBe(p.category);
            expect(reviewed(q)).toBe(true);
            expect(a).toMatchObject({
              service_score: q.serviceScore,
              starting_price_usd: q.startingPriceUsd,
              source_count: q.sourceCount,
            });
            expect(a.reason).toContain(String(q.serviceScore));
          }
          if (!reviewed(p)) expect(alternatives.every((a) => a.kind === 'top')).toBe(true);
        }
      }),
    );
  });

  it('keeps each kind to its margins: better clearly higher, cheaper clearly less', () => {
    fc.assert(
      fc.property(catalogs, (products) => {
        const standings = catalogStandings(products);
        const byId = new Map(products.map((p) => [p.id, p]));
        for (const p of products)
          for (const a of standings.get(p.id)!.alternatives) {
            const q = byId.get(a.id)!;
            if (a.kind === 'better') {
              expect(q.serviceScore).toBeGreaterThanOrEqual(p.serviceScore + CLEARLY_HIGHER);
              expect(q.sourceCount).toBeGreaterThanOrEqual(BETTER_SOURCES);
              expect(q.startingPriceUsd!).toBeLessThanOrEqual(
                p.startingPriceUsd! * (1 + NOT_FAR_ABOVE),
              );
            }
            if (a.kind === 'cheaper') {
              expect(q.startingPriceUsd!).toBeLessThanOrEqual(
                p.startingPriceUsd! * (1 - CLEARLY_LESS),
              );
              expect(q.serviceScore).toBeGreaterThanOrEqual(p.serviceScore - ABOUT_AS_WELL);
            }
            if (a.kind === 'top') expect(standings.get(q.id)!.category_rank!.rank).toBe(1);
          }
      }),
    );
  });

  it('chooses, of the products each kind admits, the best-ranked, as a scan of all would', () => {
    const bestFirst = (a: Contender, b: Contender) =>
      b.serviceScore - a.serviceScore || b.sourceCount - a.sourceCount || (a.id < b.id ? -1 : 1);
    fc.assert(
      fc.property(catalogs, (products) => {
        for (const members of byCategory(products).values()) {
          const choices = chooseInCategory(members);
          const ranked = members.filter(reviewed).sort(bestFirst);
          for (const [i, p] of members.entries()) {
            const named = new Set([p.id]);
            const scan = (admits: (q: Contender) => boolean) => {
              const q = reviewed(p) ? ranked.find(admits) : undefined;
              if (!q || named.has(q.id)) return undefined;
              named.add(q.id);
              return q.id;
            };
            const better = scan((q) => isBetter(p, q));
            const cheaper = scan((q) => isCheaper(p, q));
            const top = ranked[0] && !named.has(ranked[0].id) ? ranked[0].id : undefined;
            const expected = Object.fromEntries(
              Object.entries({ better, cheaper, top }).filter(([, id]) => id !== undefined),
            );
            expect(choices[i]!.chosen).toEqual(expected);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('states its numbers in one sentence a kind', () => {
    const product = (id: string, score: number, price: number | null, sources = 3): Product => ({
      id,
      productName: id,
      brand: 'B',
      category: 'kettles',
      serviceScore: score,
      startingPriceUsd: price,
      sourceCount: sources,
    });
    const standings = catalogStandings([
      product('mine', 80, 100),
      product('better', 88, 110),
      product('cheaper', 78, 60),
      product('top', 95, 500),
      product('unreviewed', 99, 10, 0),
    ]);
    expect(standings.get('mine')).toEqual({
      category_rank: { category: 'kettles', rank: 3, of: 4, percentile: 33 },
      alternatives: [
        expect.objectContaining({
          kind: 'better',
          id: 'better',
          reason: 'Scores 88 against 80 (8 points higher, on 3 sources) from $110, 10% more.',
        }),
        expect.objectContaining({
          kind: 'cheaper',
          id: 'cheaper',
          reason: 'Scores 78 against 80 from $60, 40% less than $100.',
        }),
        expect.objectContaining({
          kind: 'top',
          id: 'top',
          reason: 'The best reviewed of 4 in kettles: scores 95 on 3 sources.',
        }),
      ],
    });
    expect(standings.get('unreviewed')).toEqual({
      category_rank: null,
      alternatives: [expect.objectContaining({ kind: 'top', id: 'top' })],
    });
  });
});
