import type { DimensionScore } from './criterion-scores.js';
import { criterionName, joinList, priorName, score } from './wording.js';

// dimension_scores[].summary: what a dimension's score rests on. Unrated criteria are named
// as left out, since they never move the score.

/**
 * The summaries of dimensions no source rated, by their scores: criterion-scores.ts shares
 * one such score among all the products of a category, so each is worded once.
 */
const unratedSummaries = new WeakMap<DimensionScore, string>();

/** "84.2/100 from 3 of 4 criteria rated by sources; speed is not rated and left out." */
export function dimensionSummary(d: DimensionScore): string {
  if (d.basis === 'sources') return wordSummary(d);
  let text = unratedSummaries.get(d);
  if (text === undefined) {
    text = wordSummary(d);
    unratedSummaries.set(d, text);
  }
  return text;
}

function wordSummary(d: DimensionScore): string {
  const total = d.criteria.length;
  const unrated = d.criteria
    .filter((c) => c.ratings.length === 0)
    .map((c) => criterionName(c.criterion));
  const value = `${score(d.score)}/100`;
  if (d.basis !== 'sources') {
    return `${value}: no source rated any of its ${total} criteria, so this is the ${priorName(d.basis)}.`;
  }
  if (unrated.length === 0) {
    return `${value} from all ${total} criteria, each rated by at least one source.`;
  }
  const verb = unrated.length === 1 ? 'is' : 'are';
  return (
    `${value} from ${total - unrated.length} of ${total} criteria rated by sources; ` +
    `${joinList(unrated)} ${verb} not rated and left out.`
  );
}
