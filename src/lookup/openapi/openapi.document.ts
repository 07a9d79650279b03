import { z } from 'zod';
import type { QuotaPolicy } from '../../config/app-config.js';
import { PACKAGE_VERSION } from '../../config/package-version.js';
import { MAX_BODY_BYTES } from '../../common/json-body.middleware.js';
import {
  batchLookupBody,
  MAX_NAME_LENGTH,
  NO_CONTROL_CHARACTERS,
} from '../lookup-request.schema.js';
import { OPEN_OBJECTS } from '../../synthesis/product-intelligence.schema.js';
import { compactExample, foundExample, notFoundExample } from './examples.js';
import './problem.schema.js';
import { batchLookupSamples, singleLookupSamples } from './code-samples.js';
import { browsePaths } from './browse-operations.js';
import { problem, ref, throttled, unauthorized, unavailable, withRateLimit } from './responses.js';

// The OpenAPI 3.1 document of the service, generated from the same zod schemas that shape
// the answers and validate the requests.

/** The names the examples and the code samples look up. */
const EXAMPLE_NAME = 'Sony WH-1000XM5';
const EXAMPLE_BATCH = ['Sony WH-1000XM5', 'iPhone 15 Pro'];

const COMPONENTS = [
  'Match',
  'DimensionScore',
  'FeatureScore',
  'TitleDetail',
  'SourceConsensus',
  'Offer',
  'Resolution',
  'CategoryRank',
  'Alternative',
  'ProductIntelligence',
  'LimitedCoverage',
  'LookupResult',
  'BatchLookupResponse',
  'Category',
  'CategoryList',
  'CategoryPage',
  'Problem',
];

function schemas(): Record<string, unknown> {
  const all = z.toJSONSchema(z.globalRegistry, {
    uri: (id) => `#/components/schemas/${id}`,
    io: 'output',
    ...OPEN_OBJECTS,
  }).schemas;
  const pick = Object.fromEntries(
    COMPONENTS.map((id) => {
      const { $schema: _s, $id: _i, ...schema } = all[id] as Record<string, unknown>;
      return [id, schema];
    }),
  );
  const { $schema: _s, ...batch } = z.toJSONSchema(batchLookupBody, { io: 'input' }) as Record<
    string,
    unknown
  >;
  return {
    ...pick,
    BatchLookupRequest: { ...batch, description: 'Exactly one field; there is no detail field.' },
  };
}

const description = (
  policy: QuotaPolicy,
) => `Resolves a free-text product name to a product of the published catalog and returns a synthesized assessment, and browses the catalog by category.

- Scores are 0 to 100 with one decimal; \`resolution.confidence\` and \`match_score\` are 0 to 1 with three decimals. Prices are US dollars; timestamps are UTC with a Z.
- A \`found: true\` body carries every field; only \`starting_price_usd\` may be null (no offer). \`dimension_scores\` always has 7 entries and \`feature_scores\` 27.
- A \`found: false\` body carries \`found\`, \`other_matches\` (0 to 5, best first) and \`as_of\`. It is not an error: the status is 200.
- \`as_of\` is when the catalog behind the answer was published, so identical requests against one catalog give identical bodies.
- \`detail=compact\` omits the top-level \`summary\`, \`dimension_scores[].summary\` and \`source_consensus[].summary\`, nothing else.
- Resolution never guesses: numbers, model codes and variant words (Pro, Max, Plus, Ultra, Mini, Lite, SE…) must match, and the best candidate must be confident and clearly ahead of the runner-up; otherwise the answer is \`found: false\` with the close candidates suggested.
- Every operation needs an API key: \`Authorization: Bearer <key>\`. A missing, malformed, unknown, revoked or expired key gives 401 with \`WWW-Authenticate: Bearer\`, checked before the request itself. A revoked key stops working within 2 seconds.
- Each key may make ${policy.limit} lookups in any rolling ${policy.windowMs / 1000}-second window, over HTTP and MCP together: a single lookup costs 1, a batch of N names costs N, and the list of categories or a page of a category's products 1. Every authenticated response carries \`RateLimit-Policy\` and \`RateLimit\`. A request the budget cannot cover gets 429 with \`Retry-After\` and consumes nothing; a request refused with 401, 400, 413 or 415 costs nothing. The order of checks is: the key (401), the request (400, 413, 415), the budget (429).
- Errors are RFC 9457 problem details. No response carries CORS headers.`;

export function openApiDocument(serverUrl: string, policy: QuotaPolicy): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Product Intelligence API',
      version: PACKAGE_VERSION,
      description: description(policy),
    },
    servers: [{ url: serverUrl }],
    security: [{ bearer: [] }],
    paths: {
      '/v1/product-intelligence': {
        get: {
          operationId: 'getProductIntelligence',
          summary: 'Look up one product by name',
          'x-codeSamples': singleLookupSamples(serverUrl, EXAMPLE_NAME),
          parameters: [
            {
              name: 'product_name',
              in: 'query',
              required: true,
              description:
                'Free text: a product name, with or without brand, in any case and punctuation.',
              schema: {
                type: 'string',
                minLength: 1,
                maxLength: MAX_NAME_LENGTH,
                pattern: NO_CONTROL_CHARACTERS.source,
              },
              example: EXAMPLE_NAME,
            },
            {
              name: 'detail',
              in: 'query',
              required: false,
              description: '`compact` omits the long-form summaries.',
              schema: { type: 'string', enum: ['full', 'compact'], default: 'full' },
            },
          ],
          responses: {
            '200': withRateLimit({
              description: 'The assessment (found: true) or limited coverage (found: false).',
              content: {
                'application/json': {
                  schema: ref('LookupResult'),
                  examples: {
                    found: { summary: 'A confident match', value: foundExample },
                    compact: { summary: 'detail=compact', value: compactExample },
                    notFound: { summary: 'No confident match', value: notFoundExample },
                  },
                },
              },
            }),
            '401': unauthorized,
            '400': withRateLimit(
              problem(
                'product_name missing, blank, over 200 characters or with control characters; detail unknown.',
              ),
            ),
            '429': throttled,
            '503': unavailable,
          },
        },
      },
      '/v1/product-intelligence/batch': {
        post: {
          operationId: 'getProductIntelligenceBatch',
          summary: 'Look up 1 to 5 products by name',
          'x-codeSamples': batchLookupSamples(serverUrl, EXAMPLE_BATCH),
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: ref('BatchLookupRequest'),
                example: { product_names: EXAMPLE_BATCH },
              },
            },
          },
          responses: {
            '200': withRateLimit({
              description:
                'One result per name, in request order; a name with no confident match is a LimitedCoverage entry.',
              content: {
                'application/json': {
                  schema: ref('BatchLookupResponse'),
                  example: { results: [compactExample, notFoundExample] },
                },
              },
            }),
            '401': unauthorized,
            '400': withRateLimit(
              problem(
                'Not JSON, not {"product_names": [1 to 5 non-blank strings]}, or another field.',
              ),
            ),
            '413': withRateLimit(problem(`The body is over ${MAX_BODY_BYTES} bytes.`)),
            '415': withRateLimit(problem('The body is not sent as application/json.')),
            '429': throttled,
            '503': unavailable,
          },
        },
      },
      ...browsePaths(serverUrl),
      '/v1/r/{token}': {
        get: {
          operationId: 'followPurchaseLink',
          summary: "Follow a tracked purchase link (an offer's buy_url)",
          security: [],
          parameters: [{ name: 'token', in: 'path', required: true, schema: { type: 'string' } }],
          responses: {
            '302': { description: 'Records the click and redirects to the retailer.' },
            '404': problem('The link was tampered with or is unknown; nothing is recorded.'),
          },
        },
      },
    },
    components: {
      schemas: schemas(),
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer <API key>' },
      },
    },
  };
}
