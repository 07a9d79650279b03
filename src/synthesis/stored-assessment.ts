import { createHash } from 'node:crypto';
import type { SynthesisConfig } from '../config/app-config.js';
import { PACKAGE_VERSION } from '../config/package-version.js';
import {
  CRITERIA,
  CRITERION_INDEX,
  TAXONOMY,
  type Criterion,
  type Dimension,
} from '../taxonomy/taxonomy.js';
import {
  SCORE_BASES,
  type ProductIntelligence,
  type ScoreBasis,
} from './product-intelligence.schema.js';

// A product's assessment as the import stores it (product_answers.body), and back. What is the
// same for every product is left out: `found`, `as_of` (the publication's) and each criterion's
// name and dimension (the taxonomy's order). What differs per request is left out too: the
// resolution (each answer's own) and the purchase links (signed for the key that asks): each
// offer keeps its id instead. unpack(pack(body)) is the body, keys in the same order.

/** The body as stored: every offer with its id, no link; the criteria as [index, score, basis]. */
interface Packed {
  body: Omit<
    ProductIntelligence,
    | 'found'
    | 'resolution'
    | 'as_of'
    | 'feature_scores'
    | 'offers'
    | 'category_rank'
    | 'alternatives'
  >;
  criteria: [number, number, number][];
  offers: [offerId: string, retailer: string, price: number, priceAsOf: string][];
}

const DIMENSION_OF = new Map<Criterion, Dimension>(
  (Object.entries(TAXONOMY) as [Dimension, readonly Criterion[]][]).flatMap(([dimension, cs]) =>
    cs.map((criterion) => [criterion, dimension] as const),
  ),
);
const BASIS_INDEX = new Map(SCORE_BASES.map((basis, i) => [basis, i]));

/**
 * The stored text of `body`; `offerIds` are its offers' ids, in its order. The per-request
 * parts (resolution, buy_url, as_of) are dropped.
 */
export function packAssessment(body: ProductIntelligence, offerIds: readonly string[]): string {
  const {
    found: _found,
    resolution: _resolution,
    as_of: _asOf,
    category_rank: _rank,
    alternatives: _alternatives,
    feature_scores,
    offers,
    ...rest
  } = body;
  const packed: Packed = {
    body: rest,
    criteria: feature_scores.map((f) => [
      CRITERION_INDEX.get(f.name)!,
      f.score,
      BASIS_INDEX.get(f.basis)!,
    ]),
    offers: offers.map((o, i) => [offerIds[i]!, o.retailer_name, o.price, o.price_as_of]),
  };
  return JSON.stringify(packed);
}

/** A stored assessment as a body, with its offers' ids in the body's order. */
export interface UnpackedAssessment {
  body: ProductIntelligence;
  offerIds: string[];
}

/**
 * The body of a stored assessment, as of `asOf`, with each offer's link from `buyUrl` and an
 * empty resolution (each answer sets its own).
 */
export function unpackAssessment(
  text: string,
  asOf: string,
  buyUrl: (offerId: string) => string,
): UnpackedAssessment {
  const { body, criteria, offers } = JSON.parse(text) as Packed;
  const feature_scores = criteria.map(([index, score, basis]) => {
    const name = CRITERIA[index]!;
    return {
      name,
      score,
      dimension: DIMENSION_OF.get(name)!,
      basis: SCORE_BASES[basis] as ScoreBasis,
    };
  });
  return {
    body: {
      found: true,
      id: body.id,
      product_name: body.product_name,
      brand: body.brand,
      category: body.category,
      headline: body.headline,
      summary: body.summary,
      service_score: body.service_score,
      score_basis: body.score_basis,
      category_rank: null, // read beside the stored answer (product_scores), as are
      alternatives: [],
      dimension_scores: body.dimension_scores,
      feature_scores,
      highlights: body.highlights,
      considerations: body.considerations,
      source_consensus: body.source_consensus,
      offers: offers.map(([offerId, retailer_name, price, price_as_of]) => ({
        retailer_name,
        price,
        price_as_of,
        buy_url: buyUrl(offerId),
      })),
      starting_price_usd: body.starting_price_usd,
      source_count: body.source_count,
      resolution: { confidence: 1, other_matches: [] },
      as_of: asOf,
    },
    offerIds: offers.map(([offerId]) => offerId),
  };
}

/** The stored form's own version: changing pack() changes it. */
const FORMAT = 1;

/**
 * The synthesis settings and the release as a short text: stored answers are read only by a
 * service of the same release configured as the import that computed them was (a release may
 * change the rules; until the next import, its service synthesizes answers itself).
 */
export function synthesisKey(config: SynthesisConfig): string {
  const weights = Object.entries(config.sourceWeights).sort(([a], [b]) => a.localeCompare(b));
  const settings = JSON.stringify({
    weights,
    priorStrength: config.priorStrength,
    release: PACKAGE_VERSION,
    format: FORMAT,
  });
  return createHash('sha256').update(settings).digest('base64url').slice(0, 16);
}
