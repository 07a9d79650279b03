import { describe, expect, it } from '@jest/globals';
import { DEFAULT_SOURCE_WEIGHTS, type SynthesisConfig } from '../config/app-config.js';
import { scoreProduct } from './criterion-scores.js';
import { dimensionSummary } from './dimension-summary.js';
import { headline, summary, verdict } from './prose.js';
import type {
  CriterionPriors,
  OfferRecord,
  ProductRecord,
  ReviewRecord,
} from './synthesis.types.js';
import { CRITERIA, TAXONOMY, type SourceType } from '../taxonomy/taxonomy.js';

const config: SynthesisConfig = { sourceWeights: DEFAULT_SOURCE_WEIGHTS, priorStrength: 2 };
const priors = Object.fromEntries(CRITERIA.map((c) => [c, 60])) as CriterionPriors;
const review = (
  source: string,
  sourceType: SourceType,
  score: number,
  criteria: ReviewRecord['criteria'],
): ReviewRecord => ({ source, sourceType, score, summary: '', criteria });
const offer = (offerId: string, price: number): OfferRecord => ({
  offerId,
  retailerName: 'Example Shop',
  price,
  priceAsOf: new Date('2026-11-01T10:00:00Z'),
  url: 'https://shop.example/p/1',
});
const product = (reviews: ReviewRecord[], offers: OfferRecord[]): ProductRecord => ({
  id: 'acme-soundwave-3',
  name: 'Acme Soundwave 3',
  brand: 'Acme',
  category: 'headphones',
  reviews,
  offers,
});
const prose = (p: ProductRecord) => {
  const scores = scoreProduct(p.reviews, priors, config);
  return { headline: headline(p, scores), summary: summary(p, scores), scores };
};

// The product of criterion-scores.spec.ts: performance 65.87, build 60.79, support 57.44,
// the rest 60, overall 60.59.
const sample = product(
  [
    review('Example Lab', 'lab_test', 88, {
      output_quality: 90,
      energy_efficiency: 86,
      comfort: 74,
    }),
    review('Forum Folks', 'community', 80, { output_quality: 70, comfort: 50 }),
    review('Gadget Ledger', 'expert_review', 62, { warranty: 40 }),
  ],
  [offer('o1', 349), offer('o2', 329.5)],
);

describe('verdict', () => {
  it('bands the printed overall score', () => {
    expect([90, 85, 84.96, 80, 70, 64.9, 55, 49.9].map(verdict)).toEqual([
      'excellent',
      'excellent',
      'excellent', // prints as 85
      'very good',
      'good',
      'fair',
      'fair',
      'poor',
    ]);
  });
});

describe('headline and summary', () => {
  it('state the verdict, the extremes, the sources and the offers', () => {
    const { headline: h, summary: s } = prose(sample);
    expect(h).toBe('Acme Soundwave 3: fair overall (60.6/100), strongest in performance.');
    expect(s).toBe(
      'Acme Soundwave 3 (Acme, headphones) scores 60.6/100 overall: fair. ' +
        'Its strongest dimension is performance (65.9/100) and its weakest is support (57.4/100). ' +
        'The scores rest on 3 sources (1 lab test, 1 expert review and 1 community source), ' +
        'which rated 4 of the 27 criteria; the others use the category average. ' +
        'Their overall scores disagree widely, 26 points apart (62 to 88). ' +
        '2 offers are listed, from $329.50 to $349.00.',
    );
  });

  it('give no verdict and name no dimension when no source reviewed the product', () => {
    const { headline: h, summary: s } = prose(product([], []));
    expect(h).toBe('Acme Soundwave 3: no source reviews yet; its 60/100 is the category average.');
    expect(s).toBe(
      'Acme Soundwave 3 (Acme, headphones) has no criterion rated by a source, so its 60/100 ' +
        'is the category average. No source has reviewed it yet. No offer is currently listed.',
    );
  });

  it('name only the one rated dimension, and a single offer', () => {
    const one = product(
      [review('Example Lab', 'lab_test', 90, { speed: 94 })],
      [offer('o1', 1299)],
    );
    const { headline: h, summary: s } = prose(one);
    // speed (2*60 + 1.5*94)/3.5 = 261/3.5 = 74.571; performance (3*60 + 74.571)/4 = 63.643;
    // overall (6*60 + 63.643)/7 = 60.520
    expect(h).toBe('Acme Soundwave 3: fair overall (60.5/100), strongest in performance.');
    expect(s).toBe(
      'Acme Soundwave 3 (Acme, headphones) scores 60.5/100 overall: fair. ' +
        'Sources rated only its performance (63.6/100). ' +
        'The scores rest on 1 source (1 lab test), which rated 1 of the 27 criteria; ' +
        'the others use the category average. One offer is listed, at $1,299.00.',
    );
  });
});

describe('dimensionSummary', () => {
  const { scores } = prose(sample);
  const of = (i: number) => dimensionSummary(scores.dimensions[i]!);

  it('names the criteria that fell back to the category average', () => {
    expect(of(0)).toBe(
      '65.9/100 from 2 of 4 criteria rated by sources; core performance and speed not rated, ' +
        'the category averages are used.',
    );
    expect(of(6)).toBe(
      '57.4/100 from 1 of 3 criteria rated by sources; customer support and repairability not ' +
        'rated, the category averages are used.',
    );
    expect(of(2)).toBe(
      '60/100: no source rated any of its 4 criteria, so this is the category average.',
    );
  });

  it('says so when every criterion was rated', () => {
    const all = Object.fromEntries(TAXONOMY.usability.map((c) => [c, 80]));
    const s = scoreProduct([review('Example Lab', 'lab_test', 80, all)], priors, config);
    // each (2*60 + 1.5*80)/3.5 = 240/3.5 = 68.571 → 68.6
    expect(dimensionSummary(s.dimensions[2]!)).toBe(
      '68.6/100 from all 4 criteria, each rated by at least one source.',
    );
  });
});
