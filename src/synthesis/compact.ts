import type { ProductIntelligence } from './product-intelligence.schema.js';

// detail=compact drops exactly the long-form summaries (top-level, per dimension, per source)
// and changes nothing else (docs/decisions.md, Guaranteed fields).

/** A copy without `summary`; the remaining keys keep their order. */
function withoutSummary<T extends { summary?: string }>(value: T): T {
  const copy = { ...value };
  delete copy.summary;
  return copy;
}

export function toCompact(body: ProductIntelligence): ProductIntelligence {
  return {
    ...withoutSummary(body),
    dimension_scores: body.dimension_scores.map(withoutSummary),
    source_consensus: body.source_consensus.map(withoutSummary),
  };
}
