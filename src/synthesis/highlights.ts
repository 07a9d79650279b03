import type { ProductIntelligence } from './product-intelligence.schema.js';
import { allCriteria, type CriterionScore, type ProductScores } from './criterion-scores.js';
import { roundScore } from './rounding.js';
import { agreement, count, criterionTitle, score } from './wording.js';

// Highlights and the criterion half of considerations (docs/decisions.md, Synthesis).
//
// Thresholds and order use the score as printed, so the rule matches what a client reads:
// - a highlight needs >= 70, well inside the "good" band of prose.ts (65+), so a mediocre
//   product (every criterion in the 60s) gets no highlights rather than its least-bad criteria;
// - a weakness needs <= 60, in the "fair" band or below;
// - only criteria at least one source rated: a criterion that took the category prior says
//   nothing about this product.
// At most 3 of each, strongest (weakest) first, ties in taxonomy order.

export type TitleDetail = ProductIntelligence['highlights'][number];

export const HIGHLIGHT_MIN_SCORE = 70;
export const WEAKNESS_MAX_SCORE = 60;
export const MAX_PER_LIST = 3;

export function highlights(scores: ProductScores): TitleDetail[] {
  return pick(scores, (c) => roundScore(c.score) >= HIGHLIGHT_MIN_SCORE, -1).map(toTitleDetail);
}

export function weakCriteria(scores: ProductScores): TitleDetail[] {
  return pick(scores, (c) => roundScore(c.score) <= WEAKNESS_MAX_SCORE, 1).map(toTitleDetail);
}

/** direction 1: ascending (weakest first); -1: descending. Stable sort: ties keep taxonomy order. */
function pick(
  scores: ProductScores,
  qualifies: (c: CriterionScore) => boolean,
  direction: 1 | -1,
): CriterionScore[] {
  return allCriteria(scores)
    .filter((c) => c.ratings.length > 0 && qualifies(c))
    .sort((a, b) => direction * (roundScore(a.score) - roundScore(b.score)))
    .slice(0, MAX_PER_LIST);
}

/**
 * "84.2/100 from 2 sources (Example Lab 91, Forum Folks 90), who agree within 1 point; the
 * category average is 60." The prior is named because the score is shrunk toward it.
 */
export function criterionDetail(c: CriterionScore): string {
  const n = c.ratings.length;
  const list = c.ratings.map((r) => `${r.source} ${score(r.value)}`).join(', ');
  const consensus = n > 1 ? `, who ${agreement(c.ratings.map((r) => r.value))}` : '';
  return (
    `${score(c.score)}/100 from ${count(n, 'source')} (${list})${consensus}; ` +
    `the category average is ${score(c.prior)}.`
  );
}

const toTitleDetail = (c: CriterionScore): TitleDetail => ({
  title: criterionTitle(c.criterion),
  detail: criterionDetail(c),
});
