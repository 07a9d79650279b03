import type { BrowseRequest } from './browse/browse-request.schema.js';
import type { BatchLookupBody, SingleLookupQuery } from './lookup-request.schema.js';

/** Every request the budget charges: the lookups, and browsing a category. */
export type ChargedRequest = SingleLookupQuery | BatchLookupBody | BrowseRequest;

/**
 * What a request costs against its key's budget, on HTTP and MCP alike: 1 for one name, N for a
 * batch of N names (docs/decisions.md, Rate limits); 1 for the list of categories or a page of
 * a category's products, whatever its size (docs/decisions.md, Browsing a category).
 */
export function lookupCost(request: ChargedRequest): number {
  return 'product_names' in request ? request.product_names.length : 1;
}
