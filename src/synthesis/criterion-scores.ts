import type { SynthesisConfig } from '../config/app-config.js';
import { compareSources } from './source-order.js';
import type { CriterionPriors, ReviewRecord } from './synthesis.types.js';
import {
  DIMENSIONS,
  TAXONOMY,
  type Criterion,
  type Dimension,
  type SourceType,
} from '../taxonomy/taxonomy.js';

// The numbers behind every score (docs/decisions.md, Synthesis), all at full precision: rounding
// happens once, when the body is written.

/** One source's rating of one criterion. */
export interface Rating {
  source: string;
  sourceType: SourceType;
  value: number;
}

export interface CriterionScore {
  criterion: Criterion;
  score: number;
  /** The category prior the score is shrunk toward. */
  prior: number;
  /** The sources that rated it, in source order; empty when the score is the prior. */
  ratings: Rating[];
}

export interface DimensionScore {
  dimension: Dimension;
  score: number;
  /** Its criteria, in taxonomy order. */
  criteria: CriterionScore[];
}

export interface ProductScores {
  /** service_score: the mean of the 7 dimensions. */
  overall: number;
  /** The 7 dimensions, in taxonomy order. */
  dimensions: DimensionScore[];
}

const mean = (values: number[]): number => values.reduce((sum, v) => sum + v, 0) / values.length;

/**
 * Bayesian average: (k * prior + Σ w(type) * rating) / (k + Σ w(type)). A source type weighted 0
 * is configured not to count, so its ratings are left out entirely (they neither move the score
 * nor count as evidence in highlights); with no weighted rating the score is the prior, which
 * also avoids 0/0 when k is 0.
 */
export function scoreCriterion(
  criterion: Criterion,
  prior: number,
  reviews: readonly ReviewRecord[],
  config: SynthesisConfig,
): CriterionScore {
  const ratings: Rating[] = [];
  for (const review of reviews) {
    const value = review.criteria[criterion];
    if (value !== undefined && config.sourceWeights[review.sourceType] > 0) {
      ratings.push({ source: review.source, sourceType: review.sourceType, value });
    }
  }
  ratings.sort(compareSources);
  const k = config.priorStrength;
  let weight = 0;
  let weighted = 0;
  for (const r of ratings) {
    const w = config.sourceWeights[r.sourceType];
    weight += w;
    weighted += w * r.value;
  }
  const score = ratings.length === 0 ? prior : (k * prior + weighted) / (k + weight);
  return { criterion, score, prior, ratings };
}

export function scoreProduct(
  reviews: readonly ReviewRecord[],
  priors: CriterionPriors,
  config: SynthesisConfig,
): ProductScores {
  const dimensions = DIMENSIONS.map((dimension): DimensionScore => {
    const criteria = TAXONOMY[dimension].map((c) => scoreCriterion(c, priors[c], reviews, config));
    return { dimension, score: mean(criteria.map((c) => c.score)), criteria };
  });
  return { overall: mean(dimensions.map((d) => d.score)), dimensions };
}

/** All 27 criterion scores, in taxonomy order. */
export const allCriteria = (scores: ProductScores): CriterionScore[] =>
  scores.dimensions.flatMap((d) => d.criteria);
