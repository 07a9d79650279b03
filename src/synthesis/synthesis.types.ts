import type { Criterion, SourceType } from '../taxonomy/taxonomy.js';

// What synthesis is given: one catalog product as the repository reads it, plus the context
// the answer needs (category priors, publication time, resolution, link signing).

export interface ReviewRecord {
  source: string;
  sourceType: SourceType;
  score: number;
  summary: string;
  criteria: Partial<Record<Criterion, number>>;
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

/** The category's catalog-wide mean of each criterion (the prior); every criterion present. */
export type CriterionPriors = Record<Criterion, number>;

export interface SynthesisInput {
  product: ProductRecord;
  priors: CriterionPriors;
  /** When the catalog behind the answer was published; becomes as_of. */
  publishedAt: Date;
  resolution: { confidence: number; other_matches: { name: string; match_score: number }[] };
  /** The tracked link for an offer. */
  buyUrl: (offer: OfferRecord) => string;
}
