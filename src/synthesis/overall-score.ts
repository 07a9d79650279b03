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
): OverallScore {
  const weighted = reviews
    .map((r) => ({ value: r.score, weight: sourceWeight(config, r.sourceType) }))
    .filter((w) => w.weight > 0);
  if (weighted.length === 0) {
    return { score: prior.mean, basis: prior.basis, prior: prior.mean, counted: 0 };
  }
  return {
    score: shrunkMean(weighted, prior.mean, priorWeight(config)),
    basis: 'sources',
    prior: prior.mean,
    counted: weighted.length,
  };
}
