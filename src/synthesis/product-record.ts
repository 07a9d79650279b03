import type { OfferRecord, ProductRecord, ReviewRecord } from './synthesis.types.js';

/** A product as database/product-record.sql.ts reads it: timestamps as text, names joined. */
export interface ProductRow extends Omit<ProductRecord, 'offers' | 'reviews'> {
  /** Every normalised name, the name first, joined by U+001F (products.names_norm). */
  names: string;
  reviews: (Omit<ReviewRecord, 'reviewedAt'> & { reviewedAt: string | null })[];
  offers: (Omit<OfferRecord, 'priceAsOf'> & { priceAsOf: string })[];
}

export function toProductRecord({ names: _, ...row }: ProductRow): ProductRecord {
  return {
    ...row,
    reviews: row.reviews.map((review) => ({
      ...review,
      reviewedAt: review.reviewedAt === null ? null : new Date(review.reviewedAt),
    })),
    offers: row.offers.map((offer) => ({ ...offer, priceAsOf: new Date(offer.priceAsOf) })),
  };
}
