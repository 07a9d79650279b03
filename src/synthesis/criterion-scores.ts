import type { SynthesisConfig } from '../config/app-config.js';
import { priorWeight, shrunkMean, sourceWeight } from './estimate.js';
import { scoreOverall, type OverallScore } from './overall-score.js';
import { compareSources } from './source-order.js';
import type { PriorBasis, Priors, ReviewRecord } from './synthesis.types.js';
import {
  CRITERIA,
  CRITERION_INDEX,
  DIMENSIONS,
  TAXONOMY,
  type Criterion,
  type Dimension,
  type SourceType,
} from '../taxonomy/taxonomy.js';

// The numbers behind every score (docs/synthesis.md), all at full precision: rounding happens
// once, when the body is written. Evidence first: a criterion no source rated shows its prior
// and says so, and never moves its dimension or the overall score.

/** What a score rests on: its sources, or a prior because no source rated it. */
export type Basis = 'sources' | PriorBasis;

/** One source's rating of one criterion. */
export interface Rating {
  source: string;
  sourceType: SourceType;
  value: number;
}

export interface CriterionScore {
  criterion: Criterion;
  score: number;
  basis: Basis;
  /** The prior the score is shrunk toward (or shows, when no source rated it). */
  prior: number;
  priorBasis: PriorBasis;
  /** The counted sources that rated it, in source order; empty when the score is the prior. */
  ratings: readonly Rating[];
}

export interface DimensionScore {
  dimension: Dimension;
  score: number;
  basis: Basis;
  /** Its criteria, in taxonomy order. */
  criteria: CriterionScore[];
}

export interface ProductScores {
  overall: OverallScore;
  /** The 7 dimensions, in taxonomy order. */
  dimensions: DimensionScore[];
  /** All 27 criterion scores, in taxonomy order (the wording asks for them many times). */
  criteria: CriterionScore[];
  /** The criteria at least one counted source rated, in taxonomy order. */
  rated: CriterionScore[];
}

const isRated = (c: CriterionScore): boolean => c.ratings.length > 0;

/** A criterion no counted source rated: its ratings (shared, never changed). */
const NO_RATINGS: readonly Rating[] = Object.freeze([]);

/** A source type weighted 0 is configured not to count: its ratings are left out entirely. */
export function scoreCriterion(
  criterion: Criterion,
  priors: Priors,
  reviews: readonly ReviewRecord[],
  config: SynthesisConfig,
): CriterionScore {
  const ratings = ratingsOf(reviews, config)[CRITERION_INDEX.get(criterion)!];
  return ratings
    ? scoreRatings(criterion, priors, ratings, config)
    : unratedScore(criterion, priors);
}

/** Each criterion's ratings by the counted sources (by CRITERIA index), in one pass. */
function ratingsOf(
  reviews: readonly ReviewRecord[],
  config: SynthesisConfig,
): (Rating[] | undefined)[] {
  const byCriterion: (Rating[] | undefined)[] = [];
  for (const review of reviews) {
    if (!(sourceWeight(config, review.sourceType) > 0)) continue;
    for (const criterion of Object.keys(review.criteria) as Criterion[]) {
      const value = review.criteria[criterion];
      const index = CRITERION_INDEX.get(criterion);
      if (value === undefined || index === undefined) continue;
      const rating = { source: review.source, sourceType: review.sourceType, value };
      const same = byCriterion[index];
      if (same) same.push(rating);
      else byCriterion[index] = [rating];
    }
  }
  return byCriterion;
}

/** What a criterion no counted source rated shows: its prior. */
function unratedScore(criterion: Criterion, priors: Priors): CriterionScore {
  const { mean: prior, basis: priorBasis } = priors.criteria[criterion];
  return { criterion, score: prior, basis: priorBasis, prior, priorBasis, ratings: NO_RATINGS };
}

const valueOf = (rating: Rating): number => rating.value;

/** A criterion's score from its ratings (at least one), sorted here in source order. */
function scoreRatings(
  criterion: Criterion,
  priors: Priors,
  ratings: Rating[],
  config: SynthesisConfig,
  k = priorWeight(config),
): CriterionScore {
  const { mean: prior, basis: priorBasis } = priors.criteria[criterion];
  if (ratings.length > 1) ratings.sort(compareSources);
  const weightOf = (rating: Rating) => sourceWeight(config, rating.sourceType);
  const score = shrunkMean(ratings, valueOf, weightOf, prior, k);
  return { criterion, score, basis: 'sources', prior, priorBasis, ratings };
}

/**
 * The mean of the dimension's rated criteria, each weighted by the number of ratings it rests
 * on; with none rated, the mean of its criteria's priors, which says so in `basis` (a category
 * prior as soon as one of them is the category's own).
 */
export function scoreDimension(dimension: Dimension, criteria: CriterionScore[]): DimensionScore {
  const rated = criteria.filter(isRated);
  if (rated.length > 0) {
    const n = rated.reduce((sum, c) => sum + c.ratings.length, 0);
    const score = rated.reduce((sum, c) => sum + c.score * c.ratings.length, 0) / n;
    return { dimension, score, basis: 'sources', criteria };
  }
  const score = criteria.reduce((sum, c) => sum + c.prior, 0) / criteria.length;
  const basis = criteria.some((c) => c.priorBasis === 'category_prior')
    ? 'category_prior'
    : 'catalog_prior';
  return { dimension, score, basis, criteria };
}

/** Each dimension's criteria, as [start, end) in CRITERIA. */
const SPANS = DIMENSIONS.map((dimension) => {
  const start = CRITERION_INDEX.get(TAXONOMY[dimension][0])!;
  return [start, start + TAXONOMY[dimension].length] as const;
});

/**
 * A category's scores where no source rated a criterion, or any criterion of a dimension: the
 * same for every product of the category, so made once for its priors (and shared, never
 * changed). Most criteria of most products are these.
 */
const unrated = new WeakMap<Priors, { criteria: CriterionScore[]; dimensions: DimensionScore[] }>();

function unratedOf(priors: Priors) {
  let scores = unrated.get(priors);
  if (!scores) {
    const criteria = CRITERIA.map((c) => Object.freeze(unratedScore(c, priors)));
    const dimensions = DIMENSIONS.map((d, i) =>
      Object.freeze(scoreDimension(d, criteria.slice(...SPANS[i]!))),
    );
    scores = { criteria, dimensions };
    unrated.set(priors, scores);
  }
  return scores;
}

export function scoreProduct(
  reviews: readonly ReviewRecord[],
  priors: Priors,
  config: SynthesisConfig,
): ProductScores {
  const none = unratedOf(priors);
  const ratings = ratingsOf(reviews, config);
  const k = priorWeight(config);
  const criteria = CRITERIA.map((criterion, i) => {
    const some = ratings[i];
    return some ? scoreRatings(criterion, priors, some, config, k) : none.criteria[i]!;
  });
  const dimensions = DIMENSIONS.map((dimension, i) => {
    const [start, end] = SPANS[i]!;
    for (let c = start; c < end; c++)
      if (ratings[c]) return scoreDimension(dimension, criteria.slice(start, end));
    return none.dimensions[i]!;
  });
  return {
    overall: scoreOverall(reviews, priors.overall, config, k),
    dimensions,
    criteria,
    rated: criteria.filter(isRated),
  };
}

/** The criteria at least one counted source rated, in taxonomy order. */
export const ratedCriteria = (scores: ProductScores): CriterionScore[] => scores.rated;
