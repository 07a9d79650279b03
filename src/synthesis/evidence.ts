import { ratedCriteria, type DimensionScore, type ProductScores } from './criterion-scores.js';

// Which parts of the scores rest on sources at all. Prose only praises or faults a dimension
// that a source rated: an unrated one shows a prior and says nothing about the product.

export const ratedCriteriaCount = (scores: ProductScores): number => ratedCriteria(scores).length;

export const isRated = (d: DimensionScore): boolean => d.basis === 'sources';

/** Strongest and weakest rated dimension (ties: taxonomy order); null when none is rated. */
export function extremes(
  scores: ProductScores,
): { strongest: DimensionScore; weakest: DimensionScore } | null {
  const rated = scores.dimensions.filter(isRated);
  const [first] = rated;
  if (!first) return null;
  let strongest = first;
  let weakest = first;
  for (const d of rated) {
    if (d.score > strongest.score) strongest = d;
    if (d.score < weakest.score) weakest = d;
  }
  return { strongest, weakest };
}
