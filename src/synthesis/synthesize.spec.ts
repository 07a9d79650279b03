import { describe, expect, it } from '@jest/globals';
import { AppConfig } from '../config/app-config.js';
import { parseEnv } from '../config/env.schema.js';
import { toCompact } from './compact.js';
import { productIntelligenceSchema } from './product-intelligence.schema.js';
import { SynthesisService } from './synthesis.service.js';
import { config, distinctPriors, flatPriors, review } from './synthesis.fixtures.js';
import type { SynthesisInput } from './synthesis.types.js';
import { synthesize } from './synthesize.js';
import { CRITERIA, DIMENSIONS, TAXONOMY } from '../taxonomy/taxonomy.js';

const priors = flatPriors(60, 75);

const input: SynthesisInput = {
  product: {
    id: 'acme-soundwave-3',
    name: 'Acme Soundwave 3',
    brand: 'Acme',
    category: 'headphones',
    reviews: [
      review(
        'Forum Folks',
        'community',
        80,
        { output_quality: 70, comfort: 50 },
        {
          summary: 'Owners like the sound.',
          pros: ['class-leading noise cancelling!'],
          cons: ['Creaky hinges'],
        },
      ),
      review(
        'Example Lab',
        'lab_test',
        88.04,
        { output_quality: 90, energy_efficiency: 86, comfort: 74 },
        {
          summary: 'Measured well.',
          url: 'https://lab.example/r/acme-soundwave-3',
          reviewedAt: new Date('2026-10-02T00:00:00+02:00'),
          pros: ['Class-leading noise cancelling'],
        },
      ),
      review(
        'Gadget Ledger',
        'expert_review',
        62,
        { warranty: 40 },
        { summary: 'Short warranty.' },
      ),
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
/** What issue 24 added so that integrators can key answers, issue 31 to say what a score rests on, and issue 55. */
const ADDED = ['id', 'category', 'score_basis', 'category_rank', 'alternatives'];

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
      'score_basis',
      'category_rank',
      'alternatives',
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
    // Hand-computed in prose.spec.ts and criterion-scores.spec.ts: overall
    // (0.75*75 + 1.5*88.04 + 0.75*80 + 1.25*62) / 4.25 = 325.81 / 4.25 = 76.661;
    // performance 80.333 (output_quality 77.5 on 2 ratings, energy_efficiency 86 on 1),
    // build 64.5 (comfort), support 40 (warranty); the other dimensions their prior 60.
    expect(body.service_score).toBe(76.7);
    expect(body.score_basis).toBe('sources');
    expect(body.dimension_scores.map((d) => [d.dimension, d.score, d.basis])).toEqual([
      ['performance', 80.3, 'sources'],
      ['build', 64.5, 'sources'],
      ['usability', 60, 'category_prior'],
      ['features', 60, 'category_prior'],
      ['reliability', 60, 'category_prior'],
      ['value', 60, 'category_prior'],
      ['support', 40, 'sources'],
    ]);
    const feature = Object.fromEntries(body.feature_scores.map((f) => [f.name, f.score]));
    expect(feature).toMatchObject({
      output_quality: 77.5,
      energy_efficiency: 86,
      comfort: 64.5,
      warranty: 40,
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

  it("cites each source's page and date, null where the catalog has none", () => {
    expect(body.source_consensus[0]).toMatchObject({
      url: 'https://lab.example/r/acme-soundwave-3',
      reviewed_at: '2026-10-01T22:00:00.000Z',
    });
    expect(body.source_consensus[1]).toMatchObject({ url: null, reviewed_at: null });
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

  it('lists rated criteria, then what sources state, then facts, each with its sources', () => {
    expect(body.highlights.map((h) => [h.title, h.sources])).toEqual([
      ['Energy efficiency', ['Example Lab']],
      ['Output quality', ['Example Lab', 'Forum Folks']],
      ['Class-leading noise cancelling', ['Example Lab', 'Forum Folks']],
    ]);
    expect(body.considerations.map((c) => [c.title, c.sources])).toEqual([
      ['Warranty', ['Gadget Ledger']],
      ['Comfort', ['Example Lab', 'Forum Folks']],
      ['Creaky hinges', ['Forum Folks']],
      ['Sources disagree', ['Gadget Ledger', 'Example Lab']],
    ]);
    expect(body.highlights[1]?.detail).toContain('from 2 sources (Example Lab 90, Forum Folks 70)');
  });

  it('leaves out the pros and cons of a source type weighted 0', () => {
    const labOnly = synthesize(input, {
      ...config,
      sourceWeights: { ...config.sourceWeights, community: 0 },
    });
    expect(labOnly.highlights.at(-1)).toMatchObject({
      title: 'Class-leading noise cancelling',
      sources: ['Example Lab'],
    });
    expect(labOnly.considerations.map((c) => c.title)).not.toContain('Creaky hinges');
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

  it('says a product no source reviewed has no reviews, and considers nothing from priors', () => {
    const distinct = distinctPriors(77.64);
    const bare = synthesize(
      { ...input, priors: distinct, product: { ...input.product, reviews: [], offers: [] } },
      config,
    );
    expect(bare.feature_scores.map(({ name, score }) => ({ name, score }))).toEqual(
      CRITERIA.map((name, i) => ({ name, score: 50 + i })),
    );
    expect(bare.feature_scores.every((f) => f.basis === 'category_prior')).toBe(true);
    expect(bare.dimension_scores.every((d) => d.basis === 'category_prior')).toBe(true);
    expect(bare.dimension_scores.map((d) => d.dimension)).toEqual(DIMENSIONS);
    // The category's mean overall score, and it says so.
    expect(bare.service_score).toBe(77.6);
    expect(bare.score_basis).toBe('category_prior');
    expect(bare.headline).toContain('no reviews yet');
    expect(bare.highlights).toEqual([]);
    expect(bare.considerations.map((c) => c.title)).toEqual(['No current offer']);
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
    // k = 0: (1.5*90 + 0.75*70) / 2.25 = 187.5/2.25 = 83.33 → 83.3 (77.5 with the default)
    expect(body.feature_scores.find((f) => f.name === 'output_quality')?.score).toBe(83.3);
    expect(body).toStrictEqual(synthesize(input, { ...config, priorStrength: 0 }));
  });
});
