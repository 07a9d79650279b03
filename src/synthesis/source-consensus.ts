import type { ProductIntelligence } from './product-intelligence.schema.js';
import { roundScore } from './rounding.js';
import { compareSources, compareText } from './source-order.js';
import type { ReviewRecord } from './synthesis.types.js';

export type SourceConsensus = ProductIntelligence['source_consensus'][number];

// The catalog holds one review per source; should a source appear twice, score and summary
// still fix the order.
const compareReviews = (a: ReviewRecord, b: ReviewRecord): number =>
  compareSources(a, b) || a.score - b.score || compareText(a.summary, b.summary);

/**
 * One entry per review, lab tests first, then by source name (see source-order.ts), each with
 * its citation: the review's page and date, null where the catalog gives none.
 */
export function toSourceConsensus(reviews: readonly ReviewRecord[]): SourceConsensus[] {
  return [...reviews].sort(compareReviews).map((review) => ({
    source: review.source,
    source_type: review.sourceType,
    score: roundScore(review.score),
    summary: review.summary,
    url: review.url,
    reviewed_at: review.reviewedAt?.toISOString() ?? null,
  }));
}
