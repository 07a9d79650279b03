import type { SynthesisConfig } from '../config/app-config.js';
import { scoreProduct, type CriterionScore } from './criterion-scores.js';
import { dimensionSummary } from './dimension-summary.js';
import { sourceWeight } from './estimate.js';
import { strongCriteria, weakCriteria } from './highlights.js';
import { notableFacts } from './notable-facts.js';
import { startingPrice, toOffers } from './offers.js';
import type {
  FeatureScore,
  ProductIntelligence,
  Resolution,
} from './product-intelligence.schema.js';
import { headline, summary } from './prose.js';
import { roundScore, roundUnit } from './rounding.js';
import { toSourceConsensus } from './source-consensus.js';
import { cons, pros } from './statements.js';
import type { SynthesisInput } from './synthesis.types.js';
import type { Dimension } from '../taxonomy/taxonomy.js';

/** The resolution contract lists at most 5 other matches (docs/decisions.md, Resolution). */
const MAX_OTHER_MATCHES = 5;

/**
 * One catalog product to its full ProductIntelligence body, keys in the order of the spec's
 * table, with the catalog id and category beside the name and brand (issue 24's additions). Pure and deterministic: the same input always gives a deep-equal body, which is what
 * makes answers cacheable per catalog publication (docs/decisions.md, as_of).
 */
export function synthesize(input: SynthesisInput, config: SynthesisConfig): ProductIntelligence {
  const { product, priors, publishedAt, resolution, buyUrl } = input;
  const scores = scoreProduct(product.reviews, priors, config);
  // A source type weighted 0 is configured not to count: its pros and cons are not evidence.
  const counted = product.reviews.filter((r) => sourceWeight(config, r.sourceType) > 0);
  return {
    found: true,
    id: product.id,
    product_name: product.name,
    brand: product.brand,
    category: product.category,
    headline: headline(product, scores),
    summary: summary(product, scores),
    service_score: roundScore(scores.overall.score),
    score_basis: scores.overall.basis,
    // Its category's products are ranked at publication (standing.ts): the stored answers' own.
    category_rank: null,
    alternatives: [],
    dimension_scores: scores.dimensions.map((d) => ({
      dimension: d.dimension,
      score: roundScore(d.score),
      basis: d.basis,
      summary: dimensionSummary(d),
    })),
    feature_scores: scores.dimensions.flatMap((d) =>
      d.criteria.map((c) => featureScore(d.dimension, c)),
    ),
    highlights: [...strongCriteria(scores), ...pros(counted)],
    considerations: [
      ...weakCriteria(scores),
      ...cons(counted),
      ...notableFacts(scores, product.reviews, product.offers),
    ],
    source_consensus: toSourceConsensus(product.reviews),
    offers: toOffers(product.offers, buyUrl),
    starting_price_usd: startingPrice(product.offers),
    source_count: product.reviews.length,
    resolution: resolutionOf(resolution),
    as_of: publishedAt.toISOString(),
  };
}

/** A criterion's entry: its score, its dimension and what the score rests on. */
function featureScore(dimension: Dimension, criterion: CriterionScore): FeatureScore {
  return {
    name: criterion.criterion,
    score: roundScore(criterion.score),
    dimension,
    basis: criterion.basis,
  };
}

/**
 * The `resolution` of a body. The rest of a body depends only on the product and the
 * publication, so a body made once can answer every name that resolves to its product,
 * each with its own resolution: `{ ...body, resolution: resolutionOf(...) }`.
 */
export function resolutionOf(resolution: SynthesisInput['resolution']): Resolution {
  return {
    confidence: roundUnit(resolution.confidence),
    other_matches: resolution.other_matches.slice(0, MAX_OTHER_MATCHES).map((m) => ({
      name: m.name,
      match_score: roundUnit(m.match_score),
    })),
  };
}
