import { ratedCriteriaCount } from './evidence.js';
import type { ProductScores } from './criterion-scores.js';
import type { TitleDetail } from './highlights.js';
import { roundScore } from './rounding.js';
import { compareSources } from './source-order.js';
import type { OfferRecord, ReviewRecord } from './synthesis.types.js';
import { count, score, sourceTypeName, WIDE_DISAGREEMENT_SPREAD } from './wording.js';

// Considerations that are facts about the evidence rather than weak criteria: a buyer should
// know when there is nothing to buy, or when the scores rest on one source or contested ones.
// A product no source reviewed gets none of these: its headline says it has no reviews, and
// nothing is considered on the strength of a prior.

export function notableFacts(
  scores: ProductScores,
  reviews: readonly ReviewRecord[],
  offers: readonly OfferRecord[],
): TitleDetail[] {
  const facts: TitleDetail[] = [];
  if (offers.length === 0) {
    facts.push({
      title: 'No current offer',
      detail: 'No retailer offer is listed, so there is no current price or purchase link.',
      sources: [],
    });
  }
  const evidence =
    reviews.length === 1 ? onlyOneSource(scores, reviews[0]!) : disagreement(reviews);
  if (evidence) facts.push(evidence);
  return facts;
}

function onlyOneSource(scores: ProductScores, only: ReviewRecord): TitleDetail {
  const rated = ratedCriteriaCount(scores);
  const what =
    rated === 0
      ? 'The overall score rests'
      : `The overall score and the ${count(rated, 'criterion', 'criteria')} it rated rest`;
  return {
    title: 'Only one source',
    detail: `${what} on a single ${sourceTypeName(only.sourceType)} (${only.source}).`,
    sources: [only.source],
  };
}

/** Overall scores 20 or more points apart: the verdict depends on whom one believes. */
function disagreement(reviews: readonly ReviewRecord[]): TitleDetail | null {
  const sorted = [...reviews].sort((a, b) => a.score - b.score || compareSources(a, b));
  const low = sorted[0];
  const high = sorted.at(-1);
  const spread = low && high ? roundScore(high.score - low.score) : 0;
  if (!low || !high || spread < WIDE_DISAGREEMENT_SPREAD) return null;
  return {
    title: 'Sources disagree',
    detail:
      `Overall scores range from ${score(low.score)} (${low.source}) to ` +
      `${score(high.score)} (${high.source}), ${count(spread, 'point')} apart.`,
    sources: [low.source, high.source],
  };
}
