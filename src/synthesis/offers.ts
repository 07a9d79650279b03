import type { Offer } from './product-intelligence.schema.js';
import { compareText } from './source-order.js';
import type { OfferRecord } from './synthesis.types.js';

// Offers lowest price first (docs/decisions.md, Synthesis). Equal prices fall back to retailer name
// and then offer id, so the order never depends on the order the database returned them in.

const compareOffers = (a: OfferRecord, b: OfferRecord): number =>
  a.price - b.price ||
  compareText(a.retailerName, b.retailerName) ||
  compareText(a.offerId, b.offerId);

export function toOffers(
  offers: readonly OfferRecord[],
  buyUrl: (offer: OfferRecord) => string,
): Offer[] {
  return [...offers].sort(compareOffers).map((offer) => ({
    retailer_name: offer.retailerName,
    price: offer.price,
    price_as_of: offer.priceAsOf.toISOString(),
    buy_url: buyUrl(offer),
  }));
}

/** The lowest offer price in USD; null when nothing is on offer. */
export const startingPrice = (offers: readonly OfferRecord[]): number | null =>
  offers.length === 0 ? null : Math.min(...offers.map((o) => o.price));
