import { describe, expect, it } from '@jest/globals';
import { AppConfig, DEFAULT_SOURCE_WEIGHTS, type SynthesisConfig } from '../config/app-config.js';
import { parseEnv } from '../config/env.schema.js';
import { toCompact } from './compact.js';
import { productIntelligenceSchema } from './product-intelligence.schema.js';
import { SynthesisService } from './synthesis.service.js';
import type { CriterionPriors, SynthesisInput } from './synthesis.types.js';
import { synthesize } from './synthesize.js';
import { CRITERIA, DIMENSIONS, TAXONOMY } from '../taxonomy/taxonomy.js';

const config: SynthesisConfig = { sourceWeights: DEFAULT_SOURCE_WEIGHTS, priorStrength: 2 };
const priors = Object.fromEntries(CRITERIA.map((c) => [c, 60])) as CriterionPriors;

const input: SynthesisInput = {
  product: {
    id: 'acme-soundwave-3',
    name: 'Acme Soundwave 3',
    brand: 'Acme',
    category: 'headphones',
    reviews: [
      {
        source: 'Forum Folks',
        sourceType: 'community',
        score: 80,
        summary: 'Owners like the sound.',
        criteria: { output_quality: 70, comfort: 50 },
      },
      {
        source: 'Example Lab',
        sourceType: 'lab_test',
        score: 88.04,
        summary: 'Measured well.',
        criteria: { output_quality: 90, energy_efficiency: 86, comfort: 74 },
      },
      {
        source: 'Gadget Ledger',
        sourceType: 'expert_review',
        score: 62,
        summary: 'Short warranty.',
        criteria: { warranty: 40 },
      },
    ],
    offers: [
      {
        offerId: 'o2',
        retailerName: 'ValueNest',
        price: 349,
        priceAsOf: new Date('2026-11-01T10:00:00Z'),
        url: 'https://valuenest.example/p/2',
      },
      {
        offerId: 'o1',
        retailerName: 'Brightcart',
        price: 329.5,
        priceAsOf: new Date('2026-11-02T10:00:00Z'),
        url: 'https://brightcart.example/p/1',
      },
    ],
  },
  priors,
  publishedAt: new Date('2026-11-05T00:00:00Z'),
  resolution: {
    confidence: 0.98765,
    other_matches: [{ name: 'Acme Soundwave 2', match_score: 0.61234 }],
  },
  buyUrl: (offer) => `https://api.example/r/${offer.offerId}`,
};

/** The keys of the answer the specification lists (docs/api.md), in its order: clients read these, so they never move. */
const SPEC_ORDER = [
  'found',
  'product_name',
  'brand',
  'headline',
  'summary',
  'service_score',
  'dimension_scores',
  'feature_scores',
  'highlights',
  'considerations',
  'source_consensus',
  'offers',
  'starting_price_usd',
  'source_count',
  'resolution',
  'as_of',
];
/** What issue 24 added so that integrators can key answers. */
const ADDED = ['id', 'category'];

describe('synthesize', () => {
  const body = synthesize(input, config);

  it('writes every field of the ProductIntelligence table in its order, and the additions', () => {
    expect(Object.keys(body).filter((key) => !ADDED.includes(key))).toEqual(SPEC_ORDER);
    expect(Object.keys(body)).toEqual([
      'found',
      'id',
      'product_name',
      'brand',
      'category',
      'headline',
      'summary',
      'service_score',
      'dimension_scores',
      'feature_scores',
      'highlights',
      'considerations',
      'source_consensus',
      'offers',
      'starting_price_usd',
      'source_count',
      'resolution',
      'as_of',
    ]);
  });

  it('satisfies the contract schema, full and compact, with no extra keys', () => {
    // parse() strips unknown keys at every level, so equality also rules out extra fields.
    expect(productIntelligenceSchema.parse(body)).toStrictEqual(body);
    const compact = toCompact(body);
    expect(productIntelligenceSchema.parse(compact)).toStrictEqual(compact);
  });

  it('rounds scores to one decimal and resolution to three, only at output', () => {
    // Hand-computed in criterion-scores.spec.ts: overall 60.586281, performance 65.873950,
    // build 60.794118, support 57.435897; output_quality 72.352941, comfort 63.176471,
    // energy_efficiency 71.142857, warranty 52.307692.
    expect(body.service_score).toBe(60.6);
    expect(body.dimension_scores.map((d) => [d.dimension, d.score])).toEqual([
      ['performance', 65.9],
      ['build', 60.8],
      ['usability', 60],
      ['features', 60],
      ['reliability', 60],
      ['value', 60],
      ['support', 57.4],
    ]);
    const feature = Object.fromEntries(body.feature_scores.map((f) => [f.name, f.score]));
    expect(feature).toMatchObject({
      output_quality: 72.4,
      energy_efficiency: 71.1,
      comfort: 63.2,
      warranty: 52.3,
      speed: 60,
    });
    expect(body.feature_scores.map((f) => f.name)).toEqual(CRITERIA);
    expect(body.source_consensus.map((s) => [s.source, s.score])).toEqual([
      ['Example Lab', 88],
      ['Gadget Ledger', 62],
      ['Forum Folks', 80],
    ]);
    expect(body.resolution).toEqual({
      confidence: 0.988,
      other_matches: [{ name: 'Acme Soundwave 2', match_score: 0.612 }],
    });
  });

  it('carries offers, counts and timestamps from the input', () => {
    expect(body.offers.map((o) => [o.retailer_name, o.price, o.buy_url])).toEqual([
      ['Brightcart', 329.5, 'https://api.example/r/o1'],
      ['ValueNest', 349, 'https://api.example/r/o2'],
    ]);
    expect(body.starting_price_usd).toBe(329.5);
    expect(body.source_count).toBe(3);
    expect(body.as_of).toBe('2026-11-05T00:00:00.000Z');
  });

  it('names the catalog product, and says what each criterion rests on', () => {
    expect(body).toMatchObject({ id: 'acme-soundwave-3', category: 'headphones' });
    expect(body.feature_scores.map((f) => [f.name, f.dimension])).toEqual(
      DIMENSIONS.flatMap((d) => TAXONOMY[d].map((c) => [c, d])),
    );
    const rated = body.feature_scores.filter((f) => f.basis === 'sources');
    expect(rated.map((f) => f.name)).toEqual([
      'output_quality',
      'energy_efficiency',
      'comfort',
      'warranty',
    ]);
    // A criterion at the prior is told apart from a measured one of the same score.
    expect(body.feature_scores.find((f) => f.name === 'speed')).toEqual({
      name: 'speed',
      score: 60,
      dimension: 'performance',
      basis: 'category_prior',
    });
  });

  it('takes a rating by a source type weighted 0 for no rating', () => {
    const communityOnly = synthesize(input, {
      ...config,
      sourceWeights: { ...config.sourceWeights, lab_test: 0, expert_review: 0 },
    });
    const basis = (name: string) =>
      communityOnly.feature_scores.find((f) => f.name === name)?.basis;
    expect([basis('comfort'), basis('energy_efficiency'), basis('warranty')]).toEqual([
      'sources',
      'category_prior',
      'category_prior',
    ]);
  });

  it('puts weak criteria before notable facts among considerations', () => {
    expect(body.highlights.map((h) => h.title)).toEqual(['Output quality', 'Energy efficiency']);
    expect(body.considerations.map((c) => c.title)).toEqual(['Warranty', 'Sources disagree']);
    expect(body.highlights[0]?.detail).toContain('from 2 sources (Example Lab 90, Forum Folks 70)');
  });

  it('is deterministic, whatever order the repository returns rows in', () => {
    const shuffled: SynthesisInput = {
      ...input,
      product: {
        ...input.product,
        reviews: [...input.product.reviews].reverse(),
        offers: [...input.product.offers].reverse(),
      },
    };
    expect(synthesize(shuffled, config)).toStrictEqual(body);
    expect(synthesize(input, config)).toStrictEqual(body);
  });

  it('gives all 27 criteria their priors when nothing is rated, and no starting price', () => {
    const distinct = Object.fromEntries(CRITERIA.map((c, i) => [c, 50 + i])) as CriterionPriors;
    const bare = synthesize(
      { ...input, priors: distinct, product: { ...input.product, reviews: [], offers: [] } },
      config,
    );
    expect(bare.feature_scores.map(({ name, score }) => ({ name, score }))).toEqual(
      CRITERIA.map((name, i) => ({ name, score: 50 + i })),
    );
    expect(bare.feature_scores.every((f) => f.basis === 'category_prior')).toBe(true);
    expect(bare.dimension_scores.map((d) => d.dimension)).toEqual(DIMENSIONS);
    // dimension means 51.5, 55.5, 59.5, 63.5, 67.5, 71.5, 75 → 444/7 = 63.43
    expect(bare.service_score).toBe(63.4);
    expect(bare.highlights).toEqual([]);
    expect(bare.considerations.map((c) => c.title)).toEqual([
      'No current offer',
      'No source reviews',
    ]);
    expect(bare.offers).toEqual([]);
    expect(bare.starting_price_usd).toBeNull();
    expect(bare.source_count).toBe(0);
    expect(productIntelligenceSchema.parse(bare)).toStrictEqual(bare);
  });
});

describe(SynthesisService.name, () => {
  it('synthesizes with the configured weights and prior strength', () => {
    const service = new SynthesisService(
      new AppConfig(parseEnv({ SYNTHESIS_PRIOR_STRENGTH: '0' })),
    );
    const body = service.synthesize(input);
    // k = 0: (1.5*90 + 0.75*70) / 2.25 = 187.5/2.25 = 83.33 → 83.3
    expect(body.feature_scores.find((f) => f.name === 'output_quality')?.score).toBe(83.3);
    expect(body).toStrictEqual(synthesize(input, { ...config, priorStrength: 0 }));
  });
});
