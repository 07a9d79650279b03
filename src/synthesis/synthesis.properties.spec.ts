import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { scoreProduct } from './criterion-scores.js';
import { roundScore } from './rounding.js';
import { config, review } from './synthesis.fixtures.js';
import type { Priors, ProductRecord, ReviewRecord, SynthesisInput } from './synthesis.types.js';
import { synthesize } from './synthesize.js';
import { criterionTitle } from './wording.js';
import { CRITERIA, SOURCE_TYPES, type Criterion } from '../taxonomy/taxonomy.js';

// The revised rules (docs/synthesis.md) as properties over arbitrary products and priors.

const value = fc.integer({ min: 0, max: 1000 }).map((v) => v / 10);
// Ratings often high, so that products good at everything (the hard case for highlights) occur.
const rating = fc.oneof(
  value,
  fc.integer({ min: 700, max: 1000 }).map((v) => v / 10),
);
const criteria = fc.dictionary(fc.constantFrom(...CRITERIA), rating, {
  maxKeys: 8,
}) as fc.Arbitrary<Partial<Record<Criterion, number>>>;
const reviewArb = (score: fc.Arbitrary<number>) =>
  fc.record({ type: fc.constantFrom(...SOURCE_TYPES), score, criteria });
const reviewsOf = (
  drafts: { type: ReviewRecord['sourceType']; score: number; criteria: ReviewRecord['criteria'] }[],
) => drafts.map((d, i) => review(`Source ${i}`, d.type, d.score, d.criteria));
const priorsArb: fc.Arbitrary<Priors> = fc.record({
  criteria: fc.record(
    Object.fromEntries(
      CRITERIA.map((c) => [
        c,
        fc.record({ mean: value, basis: fc.constant('category_prior' as const) }),
      ]),
    ) as Record<Criterion, fc.Arbitrary<Priors['criteria'][Criterion]>>,
  ),
  overall: fc.record({ mean: value, basis: fc.constant('category_prior' as const) }),
});

const body = (reviews: ReviewRecord[], priors: Priors) => {
  const product: ProductRecord = {
    id: 'p',
    name: 'P',
    brand: 'B',
    category: 'c',
    reviews,
    offers: [],
  };
  const input: SynthesisInput = {
    product,
    priors,
    publishedAt: new Date('2026-11-26T00:00:00Z'),
    resolution: { confidence: 1, other_matches: [] },
    buyUrl: () => 'https://api.example/r/1',
  };
  return synthesize(input, config);
};

describe('synthesis properties', () => {
  it("keeps service_score within the sources' range when they agree (within 10 points)", () => {
    const agreeing = fc
      .tuple(
        fc.integer({ min: 0, max: 900 }).map((v) => v / 10),
        fc.integer({ min: 0, max: 100 }),
      )
      .chain(([low, spread]) =>
        fc.array(
          reviewArb(fc.integer({ min: 0, max: spread }).map((d) => roundScore(low + d / 10))),
          {
            minLength: 1,
            maxLength: 8,
          },
        ),
      );
    fc.assert(
      fc.property(agreeing, priorsArb, (drafts, priors) => {
        const reviews = reviewsOf(drafts);
        const scores = reviews.map((r) => r.score);
        const { service_score } = body(reviews, priors);
        expect(service_score).toBeGreaterThanOrEqual(roundScore(Math.min(...scores)));
        expect(service_score).toBeLessThanOrEqual(roundScore(Math.max(...scores)));
      }),
    );
  });

  it("never lowers service_score or a criterion's score when a source's score rises", () => {
    fc.assert(
      fc.property(
        fc.array(reviewArb(value), { minLength: 1, maxLength: 8 }),
        priorsArb,
        fc.nat(),
        value,
        fc.constantFrom(...CRITERIA),
        (drafts, priors, pick, raise, criterion) => {
          const reviews = reviewsOf(drafts);
          const i = pick % reviews.length;
          const before = scoreProduct(reviews, priors, config);
          const raised = reviews.map((r, j) =>
            j !== i
              ? r
              : {
                  ...r,
                  score: Math.min(100, r.score + raise),
                  criteria: {
                    ...r.criteria,
                    [criterion]: Math.min(100, (r.criteria[criterion] ?? 0) + raise),
                  },
                },
          );
          // Only raise a criterion the source already rated: a new rating is not a raise.
          if (reviews[i]!.criteria[criterion] === undefined) delete raised[i]!.criteria[criterion];
          const after = scoreProduct(raised, priors, config);
          expect(after.overall.score).toBeGreaterThanOrEqual(before.overall.score - 1e-9);
          const at = (s: typeof before) =>
            s.dimensions.flatMap((d) => d.criteria).find((c) => c.criterion === criterion)!.score;
          expect(at(after)).toBeGreaterThanOrEqual(at(before) - 1e-9);
        },
      ),
    );
  });

  it('changes nothing when unrated criteria change or criteria are added to reviews', () => {
    fc.assert(
      fc.property(
        fc.array(reviewArb(value), { maxLength: 6 }),
        priorsArb,
        priorsArb,
        (drafts, priors, other) => {
          const reviews = reviewsOf(drafts);
          const rated = new Set(reviews.flatMap((r) => Object.keys(r.criteria)));
          // Other priors for every criterion no source rated: no rated score may move.
          const moved: Priors = {
            overall: priors.overall,
            criteria: Object.fromEntries(
              CRITERIA.map((c) => [c, rated.has(c) ? priors.criteria[c] : other.criteria[c]]),
            ) as Priors['criteria'],
          };
          const a = body(reviews, priors);
          const b = body(reviews, moved);
          expect(b.service_score).toBe(a.service_score);
          const sourced = (x: typeof a) => x.dimension_scores.filter((d) => d.basis === 'sources');
          expect(sourced(b)).toEqual(sourced(a));
          // Criteria rated on top of the same overall scores never move service_score either.
          const more = reviews.map((r) => ({
            ...r,
            criteria: Object.fromEntries(CRITERIA.map((c) => [c, r.criteria[c] ?? 50])),
          }));
          expect(body(more, priors).service_score).toBe(a.service_score);
        },
      ),
    );
  });

  it('never highlights the lowest rated criterion, nor lists a criterion as both', () => {
    fc.assert(
      fc.property(fc.array(reviewArb(value), { maxLength: 6 }), priorsArb, (drafts, priors) => {
        const reviews = reviewsOf(drafts);
        const answer = body(reviews, priors);
        const rated = answer.feature_scores.filter((f) => f.basis === 'sources');
        const highlighted = new Set(answer.highlights.map((h) => h.title));
        const considered = new Set(answer.considerations.map((c) => c.title));
        if (rated.length > 0) {
          const lowest = Math.min(...rated.map((f) => f.score));
          for (const f of rated.filter((f) => f.score === lowest))
            expect(highlighted.has(criterionTitle(f.name))).toBe(false);
        }
        for (const title of highlighted) expect(considered.has(title)).toBe(false);
        // Nothing rests on a prior: every entry cites a source, or is a fact about offers.
        for (const entry of [...answer.highlights, ...answer.considerations])
          if (entry.title !== 'No current offer') expect(entry.sources.length).toBeGreaterThan(0);
      }),
    );
  });

  it('shows no score as measured for a product no source reviewed', () => {
    fc.assert(
      fc.property(priorsArb, (priors) => {
        const answer = body([], priors);
        expect(answer.score_basis).toBe('category_prior');
        expect(answer.service_score).toBe(roundScore(priors.overall.mean));
        expect(answer.headline).toContain('no reviews yet');
        expect(answer.highlights).toEqual([]);
        expect(answer.considerations.map((c) => c.title)).toEqual(['No current offer']);
      }),
    );
  });
});
