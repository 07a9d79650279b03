import type { SynthesisConfig } from '../config/app-config.js';
import { priorWeight, shrunkMean, sourceWeight } from './estimate.js';
import { scoreOverall, type OverallScore } from './overall-score.js';
import { compareSources } from './source-order.js';
import type { PriorBasis, Priors, ReviewRecord } from './synthesis.types.js';
import {
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
  ratings: Rating[];
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
}

const isRated = (c: CriterionScore): boolean => c.ratings.length > 0;

/** A source type weighted 0 is configured not to count: its ratings are left out entirely. */
export function scoreCriterion(
  criterion: Criterion,
  priors: Priors,
  reviews: readonly ReviewRecord[],
  config: SynthesisConfig,
): CriterionScore {
  return scoreRatings(criterion, priors, ratingsOf(reviews, config).get(criterion) ?? [], config);
}

/** Each criterion's ratings by the counted sources, in one pass over the reviews. */
function ratingsOf(
  reviews: readonly ReviewRecord[],
  config: SynthesisConfig,
): Map<Criterion, Rating[]> {
  const byCriterion = new Map<Criterion, Rating[]>();
  for (const review of reviews) {
    if (!(sourceWeight(config, review.sourceType) > 0)) continue;
    for (const criterion of Object.keys(review.criteria) as Criterion[]) {
      const value = review.criteria[criterion];
      if (value === undefined) continue;
      const rating = { source: review.source, sourceType: review.sourceType, value };
      const same = byCriterion.get(criterion);
      if (same) same.push(rating);
      else byCriterion.set(criterion, [rating]);
    }
  }
  return byCriterion;
}

function scoreRatings(
  criterion: Criterion,
  priors: Priors,
  ratings: Rating[],
  config: SynthesisConfig,
  k = priorWeight(config),
): CriterionScore {
  const { mean: prior, basis: priorBasis } = priors.criteria[criterion];
  if (ratings.length === 0)
    return { criterion, score: prior, basis: priorBasis, prior, priorBasis, ratings };
  if (ratings.length > 1) ratings.sort(compareSources);
  const weighted = ratings.map((r) => ({
    value: r.value,
    weight: sourceWeight(config, r.sourceType),
  }));
  const score = shrunkMean(weighted, prior, k);
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

export function scoreProduct(
  reviews: readonly ReviewRecord[],
  priors: Priors,
  config: SynthesisConfig,
): ProductScores {
  const ratings = ratingsOf(reviews, config);
  const k = priorWeight(config);
  const dimensions = DIMENSIONS.map((dimension) =>
    scoreDimension(
      dimension,
      TAXONOMY[dimension].map((c) => scoreRatings(c, priors, ratings.get(c) ?? [], config, k)),
    ),
  );
  return { overall: scoreOverall(reviews, priors.overall, config), dimensions };
}

/** Each product's criteria, listed once: the wording asks for them many times. */
const listed = new WeakMap<ProductScores, { all: CriterionScore[]; rated: CriterionScore[] }>();

function criteriaOf(scores: ProductScores) {
  let lists = listed.get(scores);
  if (!lists) {
    const all = scores.dimensions.flatMap((d) => d.criteria);
    lists = { all, rated: all.filter(isRated) };
    listed.set(scores, lists);
  }
  return lists;
}

/** All 27 criterion scores, in taxonomy order. */
export const allCriteria = (scores: ProductScores): CriterionScore[] => criteriaOf(scores).all;

/** The criteria at least one counted source rated, in taxonomy order. */
export const ratedCriteria = (scores: ProductScores): CriterionScore[] => criteriaOf(scores).rated;
