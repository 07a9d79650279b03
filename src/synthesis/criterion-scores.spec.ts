import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { DEFAULT_SOURCE_WEIGHTS } from '../config/app-config.js';
import { scoreCriterion, scoreDimension, scoreProduct } from './criterion-scores.js';
import { config, distinctPriors, flatPriors, review } from './synthesis.fixtures.js';
import {
  CRITERIA,
  DIMENSIONS,
  SOURCE_TYPES,
  TAXONOMY,
  type Criterion,
} from '../taxonomy/taxonomy.js';

const lab = review('Example Lab', 'lab_test', 80, {
  output_quality: 90,
  energy_efficiency: 86,
  comfort: 74,
});
const forum = review('Forum Folks', 'community', 80, { output_quality: 70, comfort: 50 });
const expert = review('Gadget Ledger', 'expert_review', 62, { warranty: 40 });
const priors60 = flatPriors(60);

describe('scoreCriterion', () => {
  it("is the weighted mean shrunk toward the prior with one light source's weight", () => {
    // k = 0.75 (community's weight): (0.75*60 + 1.5*90 + 0.75*70) / (0.75 + 1.5 + 0.75)
    // = 232.5 / 3 = 77.5, inside the ratings' range 70..90.
    const c = scoreCriterion('output_quality', priors60, [forum, lab], config);
    expect(c.score).toBeCloseTo(77.5, 9);
    expect(c).toMatchObject({ basis: 'sources', prior: 60, priorBasis: 'category_prior' });
    // Lab first whatever the input order: the source order of highlight details.
    expect(c.ratings).toEqual([
      { source: 'Example Lab', sourceType: 'lab_test', value: 90 },
      { source: 'Forum Folks', sourceType: 'community', value: 70 },
    ]);
  });

  it('never leaves the range of its ratings: one rating is taken at its word', () => {
    // (0.75*60 + 1.5*94) / 2.25 = 82.67 would contradict the only source: it stays 94.
    const one = review('Example Lab', 'lab_test', 90, { speed: 94 });
    expect(scoreCriterion('speed', priors60, [one], config).score).toBe(94);
    // 88 and 92 agree; shrunk toward 50 they would give 81.3: the range's edge is 88.
    const two = [
      review('Example Lab', 'lab_test', 90, { speed: 88 }),
      review('Gadget Ledger', 'expert_review', 90, { speed: 92 }),
    ];
    expect(scoreCriterion('speed', flatPriors(50), two, config).score).toBe(88);
  });

  it('shows the prior, and says which, when no source rated the criterion', () => {
    expect(scoreCriterion('speed', flatPriors(63.7), [lab, forum], config)).toEqual({
      criterion: 'speed',
      score: 63.7,
      basis: 'category_prior',
      prior: 63.7,
      priorBasis: 'category_prior',
      ratings: [],
    });
    const catalog = flatPriors(58, 70, 'catalog_prior');
    expect(scoreCriterion('speed', catalog, [lab], config)).toMatchObject({
      score: 58,
      basis: 'catalog_prior',
    });
  });

  it('is the plain weighted mean with prior strength 0', () => {
    // (1.5*90 + 0.75*70) / 2.25 = 83.333…
    const c = scoreCriterion('output_quality', priors60, [lab, forum], {
      ...config,
      priorStrength: 0,
    });
    expect(c.score).toBeCloseTo(83.333333, 5);
  });

  it('ignores a source type weighted 0, even with prior strength 0 (no 0/0)', () => {
    const weights = { ...DEFAULT_SOURCE_WEIGHTS, community: 0 };
    const c = scoreCriterion('output_quality', priors60, [forum], {
      sourceWeights: weights,
      priorStrength: 0,
    });
    expect(c).toMatchObject({ score: 60, basis: 'category_prior', ratings: [] });
  });
});

describe('scoreDimension', () => {
  it('weights each rated criterion by its ratings and leaves unrated ones out', () => {
    // comfort: 2 ratings → (0.75*60 + 1.5*74 + 0.75*50)/3 = 193.5/3 = 64.5;
    // build_quality: 1 rating of 90 → 90; materials and portability (prior 10) left out.
    const reviews = [lab, forum, review('Build Lab', 'lab_test', 80, { build_quality: 90 })];
    const criteria = TAXONOMY.build.map((c) => scoreCriterion(c, flatPriors(10), reviews, config));
    const d = scoreDimension('build', criteria);
    // comfort with prior 10: (7.5 + 111 + 37.5)/3 = 52 → (90*1 + 52*2) / 3 = 64.667
    expect(d.basis).toBe('sources');
    expect(d.score).toBeCloseTo(64.666667, 5);
  });

  it('takes the mean of its priors only when no criterion is rated, and says which', () => {
    const none = TAXONOMY.support.map((c) => scoreCriterion(c, priors60, [lab], config));
    expect(scoreDimension('support', none)).toMatchObject({ score: 60, basis: 'category_prior' });
    const catalog = flatPriors(40, 70, 'catalog_prior');
    const fromCatalog = TAXONOMY.support.map((c) => scoreCriterion(c, catalog, [lab], config));
    expect(scoreDimension('support', fromCatalog)).toMatchObject({
      score: 40,
      basis: 'catalog_prior',
    });
  });
});

describe('scoreProduct', () => {
  const scores = scoreProduct([lab, forum, expert], priors60, config);
  const byName = new Map(scores.dimensions.map((d) => [d.dimension, d]));

  it('scores rated dimensions from their rated criteria only', () => {
    // output_quality 77.5 (2 ratings), energy_efficiency 86 (1): (155 + 86) / 3 = 80.333
    expect(byName.get('performance')?.score).toBeCloseTo(80.333333, 5);
    // comfort (45 + 111 + 37.5)/3 = 64.5, the only rated build criterion
    expect(byName.get('build')?.score).toBeCloseTo(64.5, 9);
    // warranty, one rating of 40
    expect(byName.get('support')?.score).toBe(40);
    expect(byName.get('usability')).toMatchObject({ score: 60, basis: 'category_prior' });
  });

  it('keeps all 7 dimensions and 27 criteria in taxonomy order', () => {
    expect(scores.dimensions.map((d) => d.dimension)).toEqual([
      'performance',
      'build',
      'usability',
      'features',
      'reliability',
      'value',
      'support',
    ]);
    expect(scores.dimensions.flatMap((d) => d.criteria.map((c) => c.criterion))).toEqual(CRITERIA);
  });

  it('is the priors everywhere when nothing is rated', () => {
    const priors = distinctPriors(71.2);
    const empty = scoreProduct([], priors, config);
    const criteria = empty.dimensions.flatMap((d) => d.criteria);
    expect(criteria.map((c) => c.score)).toEqual(CRITERIA.map((_, i) => 50 + i));
    // performance = mean(50, 51, 52, 53); support = mean(74, 75, 76)
    expect(empty.dimensions[0]?.score).toBe(51.5);
    expect(empty.dimensions[6]?.score).toBe(75);
    expect(empty.overall).toEqual({
      score: 71.2,
      basis: 'category_prior',
      prior: 71.2,
      counted: 0,
    });
  });

  it('shares what nothing rated among the products of a category, and changes none of it', () => {
    const a = scoreProduct([lab], priors60, config);
    const b = scoreProduct([expert], priors60, config);
    const speed = CRITERIA.indexOf('speed');
    // speed and the usability dimension: rated by neither product's source.
    expect(a.criteria[speed]).toBe(b.criteria[speed]);
    expect(a.dimensions[2]).toBe(b.dimensions[2]);
    expect(Object.isFrozen(a.criteria[speed])).toBe(true);
    expect(Object.isFrozen(a.dimensions[2])).toBe(true);
    // Other priors (another category): scores of their own.
    expect(scoreProduct([lab], flatPriors(61), config).criteria[speed]).toMatchObject({
      score: 61,
      ratings: [],
    });
  });

  it('scores every criterion and dimension as scoreCriterion and scoreDimension do', () => {
    const criteria = fc.dictionary(
      fc.constantFrom(...CRITERIA),
      fc.integer({ min: 0, max: 1000 }).map((v) => v / 10),
      { maxKeys: 6 },
    ) as fc.Arbitrary<Partial<Record<Criterion, number>>>;
    const reviews = fc.array(
      fc
        .record({ source: fc.constantFrom('A', 'B', 'C'), type: fc.constantFrom(...SOURCE_TYPES) })
        .chain(({ source, type }) => criteria.map((rated) => review(source, type, 70, rated))),
      { maxLength: 5 },
    );
    // Users' reviews not counted, so that some products have reviews and nothing rated.
    const weights = fc.constantFrom(config, {
      ...config,
      sourceWeights: { ...DEFAULT_SOURCE_WEIGHTS, user_reviews: 0 },
    });
    const priors = distinctPriors(60);
    fc.assert(
      fc.property(reviews, weights, (reviews, config) => {
        const scores = scoreProduct(reviews, priors, config);
        const each = CRITERIA.map((c) => scoreCriterion(c, priors, reviews, config));
        expect(scores.criteria).toEqual(each);
        expect(scores.rated).toEqual(each.filter((c) => c.ratings.length > 0));
        expect(scores.dimensions).toEqual(
          DIMENSIONS.map((d) =>
            scoreDimension(
              d,
              each.filter((c) => (TAXONOMY[d] as readonly Criterion[]).includes(c.criterion)),
            ),
          ),
        );
      }),
    );
  });
});
