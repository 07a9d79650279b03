import { allCriteria, type ProductScores } from './criterion-scores.js';
import type { TitleDetail } from './highlights.js';
import { roundScore } from './rounding.js';
import { compareSources } from './source-order.js';
import type { OfferRecord, ReviewRecord } from './synthesis.types.js';
import { count, score, sourceTypeName, WIDE_DISAGREEMENT_SPREAD } from './wording.js';

// Considerations that are facts about the evidence rather than weak criteria: a buyer should
// know when there is nothing to buy, or when the scores rest on little or contested evidence.

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
    });
  }
  const evidence = evidenceFact(scores, reviews);
  if (evidence) facts.push(evidence);
  return facts;
}

function evidenceFact(scores: ProductScores, reviews: readonly ReviewRecord[]): TitleDetail | null {
  if (reviews.length === 0) {
    return {
      title: 'No source reviews',
      detail: 'No source has reviewed this product, so every score is the category average.',
    };
  }
  const [only] = reviews;
  if (reviews.length === 1 && only) {
    const unrated = allCriteria(scores).filter((c) => c.ratings.length === 0).length;
    const rest =
      unrated === 0
        ? ''
        : `; the ${count(unrated, 'criterion', 'criteria')} it did not rate ${unrated === 1 ? 'uses' : 'use'} the category average`;
    return {
      title: 'Only one source',
      detail: `Every score rests on a single ${sourceTypeName(only.sourceType)} (${only.source})${rest}.`,
    };
  }
  return disagreementFact(reviews);
}

/** Wide spread of the sources' overall scores: the verdict depends on whom one believes. */
function disagreementFact(reviews: readonly ReviewRecord[]): TitleDetail | null {
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
  };
}
