import { toCompact } from '../synthesis/compact.js';
import type { ProductIntelligence, Resolution } from '../synthesis/product-intelligence.schema.js';
import type { PurchaseLinks } from '../synthesis/purchase-links.js';
import type { CachedAssessment } from './lookup-cache.js';
import type { Detail } from './lookup-request.schema.js';

// A found answer's body, the same whichever name reached its product.

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
