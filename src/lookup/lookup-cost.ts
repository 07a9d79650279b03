import type { BatchLookupBody, SingleLookupQuery } from './lookup-request.schema.js';

/**
 * What a lookup costs against its key's budget, on HTTP and MCP alike: 1 for one name, N for a
 * batch of N names (docs/decisions.md, Rate limits).
 */
export function lookupCost(request: SingleLookupQuery | BatchLookupBody): number {
  return 'product_names' in request ? request.product_names.length : 1;
}
