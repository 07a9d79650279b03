import { DEFAULT_SOURCE_WEIGHTS, type SynthesisConfig } from '../config/app-config.js';
import type { OfferRecord, PriorBasis, Priors, ReviewRecord } from './synthesis.types.js';
import { CRITERIA, type SourceType } from '../taxonomy/taxonomy.js';

// Inputs the synthesis tests share (tests only: nothing in src/ imports this file).

/** The defaults: weights 1.5 / 1.25 / 1 / 0.75, prior weight 1 × 0.75 = 0.75. */
export const config: SynthesisConfig = { sourceWeights: DEFAULT_SOURCE_WEIGHTS, priorStrength: 1 };

/** Every criterion's prior `value`, the overall prior `overall`, all of one basis. */
export function flatPriors(
  value: number,
  overall = value,
  basis: PriorBasis = 'category_prior',
): Priors {
  return {
    criteria: Object.fromEntries(
      CRITERIA.map((c) => [c, { mean: value, basis }]),
    ) as Priors['criteria'],
    overall: { mean: overall, basis },
  };
}

/** Criteria priors 50, 51, … 76 in taxonomy order (each told apart), overall prior `overall`. */
export function distinctPriors(overall: number): Priors {
  return {
    criteria: Object.fromEntries(
      CRITERIA.map((c, i) => [c, { mean: 50 + i, basis: 'category_prior' }]),
    ) as Priors['criteria'],
    overall: { mean: overall, basis: 'category_prior' },
  };
}

export const review = (
  source: string,
  sourceType: SourceType,
  score: number,
  criteria: ReviewRecord['criteria'] = {},
  more: Partial<ReviewRecord> = {},
): ReviewRecord => ({
  source,
  sourceType,
  score,
  summary: '',
  url: null,
  reviewedAt: null,
  criteria,
  pros: [],
  cons: [],
  ...more,
});

export const offer = (offerId = 'o1', price = 348): OfferRecord => ({
  offerId,
  retailerName: 'Example Shop',
  price,
  priceAsOf: new Date('2026-11-01T10:00:00Z'),
  url: 'https://shop.example/p/1',
});
