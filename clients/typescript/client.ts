import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { components, paths } from './schema.js';

// A typed client of the Product Intelligence API: openapi-fetch over the generated types, so
// paths, query parameters, bodies and answers are checked by the compiler.

type Schemas = components['schemas'];
export type LookupResult = Schemas['LookupResult'];
export type ProductIntelligence = Schemas['ProductIntelligence'];
export type LimitedCoverage = Schemas['LimitedCoverage'];
export type BatchLookupRequest = Schemas['BatchLookupRequest'];
export type BatchLookupResponse = Schemas['BatchLookupResponse'];
export type Category = Schemas['Category'];
export type CategoryList = Schemas['CategoryList'];
export type CategoryPage = Schemas['CategoryPage'];
export type Problem = Schemas['Problem'];
export type { paths, components };

export interface ProductIntelligenceClientOptions extends Omit<ClientOptions, 'headers'> {
  /** Where the service runs, e.g. http://127.0.0.1:3000 (no trailing /v1). */
  baseUrl: string;
  /** An API key (`pi_…`), sent as `Authorization: Bearer <key>`. */
  apiKey: string;
}

/**
 * The media types the client reads: answers are `application/json` and refusals
 * `application/problem+json` (RFC 9457), so `error` is typed as the Problem body. With
 * `application/json` alone, openapi-fetch would type `error` as the response map, not the body.
 */
type Json = `application/${string}json`;

export type ProductIntelligenceClient = Client<paths, Json>;

/**
 * A client whose calls are typed from the OpenAPI document, for example:
 * `await client.GET('/v1/product-intelligence', { params: { query: { product_name: 'PS5' } } })`
 * resolves to `{ data, error, response }`: `data` is a LookupResult on 200, `error` a Problem
 * on 4xx and 5xx.
 */
export function createProductIntelligenceClient({
  apiKey,
  ...options
}: ProductIntelligenceClientOptions): ProductIntelligenceClient {
  return createClient<paths, Json>({
    ...options,
    headers: { Authorization: `Bearer ${apiKey}` },
  });
}
