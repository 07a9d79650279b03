import type { DimensionScore } from './criterion-scores.js';
import { criterionName, joinList, score } from './wording.js';

// dimension_scores[].summary: what a dimension's score rests on, which of its criteria sources
// rated and which fell back to the category prior.

/** "84.2/100 from 3 of 4 criteria rated by sources; speed not rated, the category average is used." */
export function dimensionSummary(d: DimensionScore): string {
  const total = d.criteria.length;
  const unrated = d.criteria
    .filter((c) => c.ratings.length === 0)
    .map((c) => criterionName(c.criterion));
  const value = `${score(d.score)}/100`;
  if (unrated.length === 0) {
    return `${value} from all ${total} criteria, each rated by at least one source.`;
  }
  if (unrated.length === total) {
    return `${value}: no source rated any of its ${total} criteria, so this is the category average.`;
  }
  const fallback =
    unrated.length === 1 ? 'the category average is used' : 'the category averages are used';
  return (
    `${value} from ${total - unrated.length} of ${total} criteria rated by sources; ` +
    `${joinList(unrated)} not rated, ${fallback}.`
  );
}
