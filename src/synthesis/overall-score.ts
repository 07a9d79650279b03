import type { SynthesisConfig } from '../config/app-config.js';
import { priorWeight, shrunkMean, sourceWeight } from './estimate.js';
import type { PriorBasis, Prior, ReviewRecord } from './synthesis.types.js';

// service_score (docs/synthesis.md): it rests on the sources' overall scores (reviews[].score),
// the verdict each source gives, and on nothing else: criteria, rated or not, never move it.
// A review with an overall score and no criteria (a critic's verdict, a star rating) counts
// fully.

export interface OverallScore {
  score: number;
  basis: 'sources' | PriorBasis;
  /** The category's (or catalog's) mean overall score the score is shrunk toward. */
  prior: number;
  /** The counted reviews (their source type weighs more than 0). */
  counted: number;
}

export function scoreOverall(
  reviews: readonly ReviewRecord[],
  prior: Prior,
  config: SynthesisConfig,
  k = priorWeight(config),
): OverallScore {
  const weightOf = (review: ReviewRecord) => sourceWeight(config, review.sourceType);
  let counted = 0;
  for (const review of reviews) if (weightOf(review) > 0) counted++;
  if (counted === 0) {
    return { score: prior.mean, basis: prior.basis, prior: prior.mean, counted: 0 };
  }
  return {
    score: shrunkMean(reviews, scoreOf, weightOf, prior.mean, k),
    basis: 'sources',
    prior: prior.mean,
    counted,
  };
}

const scoreOf = (review: ReviewRecord): number => review.score;
