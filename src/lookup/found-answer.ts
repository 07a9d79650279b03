import { toCompact } from '../synthesis/compact.js';
import type { ProductIntelligence, Resolution } from '../synthesis/product-intelligence.schema.js';
import type { PurchaseLinks } from '../synthesis/purchase-links.js';
import { resolutionOf } from '../synthesis/synthesize.js';
import type { CachedAssessment } from './lookup-cache.js';
import type { Detail } from './lookup-request.schema.js';

// A found answer's body, the same whichever way its product was reached: a lookup of one of its
// names, or a category's page.

/** The resolution of a product named exactly (its name's key, a barcode): certain, alone. */
export const CERTAIN = resolutionOf({ confidence: 1, other_matches: [] });

/** Its product's assessment with the answer's own resolution, in `detail`. */
export function foundBody(
  assessment: CachedAssessment,
  resolution: Resolution,
  detail: Detail,
): ProductIntelligence {
  const body = { ...assessment.body, resolution };
  return detail === 'compact' ? toCompact(body) : body;
}

/** The body with each offer's link signed for the key that asks (`offerIds`, in offer order). */
export const signedFor = (
  body: ProductIntelligence,
  offerIds: readonly string[],
  links: PurchaseLinks,
  keyId: string,
): ProductIntelligence => ({
  ...body,
  offers: body.offers.map((offer, i) => ({
    ...offer,
    buy_url: links.urlFor({ offerId: offerIds[i]!, keyId }),
  })),
});
