import type { Criterion, SourceType } from '../taxonomy/taxonomy.js';

// What synthesis is given: one catalog product as the repository reads it, plus the context
// the answer needs (category priors, publication time, resolution, link signing).

export interface ReviewRecord {
  source: string;
  sourceType: SourceType;
  score: number;
  summary: string;
  /** The review's page; null when the catalog gives none. */
  url: string | null;
  /** When the source reviewed it; null when the catalog gives none. */
  reviewedAt: Date | null;
  criteria: Partial<Record<Criterion, number>>;
  /** What the source praises and faults, as it states them (catalog-format.md). */
  pros: string[];
  cons: string[];
}

export interface OfferRecord {
  offerId: string;
  retailerName: string;
  price: number;
  priceAsOf: Date;
  url: string;
}

export interface ProductRecord {
  id: string;
  name: string;
  brand: string;
  category: string;
  reviews: ReviewRecord[];
  offers: OfferRecord[];
}

/**
 * Where a prior comes from: the product's category, or the whole catalog when no product of
 * the category has the rating (never another category's numbers).
 */
export type PriorBasis = 'category_prior' | 'catalog_prior';

export interface Prior {
  mean: number;
  basis: PriorBasis;
}

/** The priors of one category: each criterion's mean rating and the mean overall score. */
export interface Priors {
  criteria: Record<Criterion, Prior>;
  overall: Prior;
}

export interface SynthesisInput {
  product: ProductRecord;
  priors: Priors;
  /** When the catalog behind the answer was published; becomes as_of. */
  publishedAt: Date;
  resolution: { confidence: number; other_matches: { name: string; match_score: number }[] };
  /** The tracked link for an offer. */
  buyUrl: (offer: OfferRecord) => string;
}
