import type { ProductIntelligence } from './product-intelligence.schema.js';
import { ratedCriteria, type CriterionScore, type ProductScores } from './criterion-scores.js';
import { roundScore } from './rounding.js';
import { agreement, count, criterionTitle, priorName, score } from './wording.js';

// The criterion half of highlights and considerations (docs/synthesis.md): only criteria that
// sources rated, never a prior. Thresholds and order use the score as printed, so the rule
// matches what a client reads.
// - A strength scores 75 or more and not below the prior: good in itself and for its kind.
//   The product's lowest rated criterion is never one, so a product rated on one criterion, or
//   good at everything, is not praised for its least good side.
// - A weakness scores 65 or less, or 10 or more below the prior: poor in itself or for its kind.
// The two cannot meet (75 > 65, and "not below the prior" excludes "10 below it"); a filter
// keeps them apart even so. At most 3 of each, strongest (weakest) first, ties in taxonomy order.

export type TitleDetail = ProductIntelligence['highlights'][number];

export const STRENGTH_MIN_SCORE = 75;
export const WEAKNESS_MAX_SCORE = 65;
export const WEAKNESS_BELOW_PRIOR = 10;
export const MAX_CRITERIA_PER_LIST = 3;

const printed = (c: CriterionScore): number => roundScore(c.score);
const printedPrior = (c: CriterionScore): number => roundScore(c.prior);

function strengths(scores: ProductScores): CriterionScore[] {
  const rated = ratedCriteria(scores);
  const lowest = Math.min(...rated.map(printed));
  return rated
    .filter((c) => printed(c) >= STRENGTH_MIN_SCORE && printed(c) >= printedPrior(c))
    .filter((c) => printed(c) > lowest)
    .sort((a, b) => printed(b) - printed(a))
    .slice(0, MAX_CRITERIA_PER_LIST);
}

function weaknesses(scores: ProductScores): CriterionScore[] {
  const strong = new Set(strengths(scores));
  return ratedCriteria(scores)
    .filter(
      (c) =>
        printed(c) <= WEAKNESS_MAX_SCORE || printed(c) <= printedPrior(c) - WEAKNESS_BELOW_PRIOR,
    )
    .filter((c) => !strong.has(c))
    .sort((a, b) => printed(a) - printed(b))
    .slice(0, MAX_CRITERIA_PER_LIST);
}

export const strongCriteria = (scores: ProductScores): TitleDetail[] =>
  strengths(scores).map(toTitleDetail);

export const weakCriteria = (scores: ProductScores): TitleDetail[] =>
  weaknesses(scores).map(toTitleDetail);

/**
 * "84.2/100 from 2 sources (Example Lab 91, Forum Folks 90), who agree within 1 point; the
 * category average is 60." The prior is named because the score is judged against it.
 */
export function criterionDetail(c: CriterionScore): string {
  const n = c.ratings.length;
  const list = c.ratings.map((r) => `${r.source} ${score(r.value)}`).join(', ');
  const consensus = n > 1 ? `, who ${agreement(c.ratings.map((r) => r.value))}` : '';
  return (
    `${score(c.score)}/100 from ${count(n, 'source')} (${list})${consensus}; ` +
    `the ${priorName(c.priorBasis)} is ${score(c.prior)}.`
  );
}

const toTitleDetail = (c: CriterionScore): TitleDetail => ({
  title: criterionTitle(c.criterion),
  detail: criterionDetail(c),
  sources: c.ratings.map((r) => r.source),
});
