import { z } from 'zod';
import { categoryPageQuery } from '../browse/browse-request.schema.js';
import '../browse/browse-response.schema.js';
import { categoryListSamples, categoryPageSamples } from './code-samples.js';
import { categoryListExample, categoryPageExample } from './examples.js';
import { problem, ref, throttled, unauthorized, unavailable, withRateLimit } from './responses.js';

// Browsing's two operations in the OpenAPI document (docs/api.md, Browsing a category), their
// query parameters generated from the zod schema that validates them.

/** Each query parameter of a category's page, as its zod field states it. */
function pageParameters(): Record<string, unknown>[] {
  return Object.entries(categoryPageQuery.shape).map(([name, field]) => {
    const {
      $schema: _,
      description,
      ...schema
    } = z.toJSONSchema(field, {
      io: 'input',
    }) as Record<string, unknown>;
    return { name, in: 'query', required: false, description, schema };
  });
}

const notBrowsable = {
  ...unavailable,
  description:
    `${unavailable.description} Or the published catalog was ranked with other synthesis ` +
    "settings than the service's, or before ranks were stored: import it again to browse it " +
    '(no Retry-After then).',
};

/** The paths of browsing, for the document's `paths`. */
export function browsePaths(serverUrl: string): Record<string, unknown> {
  return {
    '/v1/categories': {
      get: {
        operationId: 'listCategories',
        summary: "List the catalog's categories",
        description:
          'Every category of the published catalog, by key, with how many products it holds and ' +
          'how many a source reviewed. Costs 1 lookup of the budget.',
        'x-codeSamples': categoryListSamples(serverUrl),
        responses: {
          '200': withRateLimit({
            description: 'The categories, by key (none before a catalog is published).',
            content: {
              'application/json': { schema: ref('CategoryList'), example: categoryListExample },
            },
          }),
          '401': unauthorized,
          '400': withRateLimit(problem('The query string is not percent-encoded UTF-8.')),
          '429': throttled,
          '503': notBrowsable,
        },
      },
    },
    '/v1/categories/{key}/products': {
      get: {
        operationId: 'listCategoryProducts',
        summary: "Browse a category's products, a page at a time",
        description:
          'A page of the products of the category `key`, each exactly the compact answer a ' +
          'lookup of its name gives. Follow `next_cursor` (as `cursor`, with the same `sort`) ' +
          'for the next page. Costs 1 lookup of the budget, whatever the page size.',
        'x-codeSamples': categoryPageSamples(serverUrl, 'headphones', [
          ['sort', 'price'],
          ['max_price', '300'],
        ]),
        parameters: [
          {
            name: 'key',
            in: 'path',
            required: true,
            description: 'The key of a category, as GET /v1/categories lists it.',
            schema: { type: 'string' },
            example: 'headphones',
          },
          ...pageParameters(),
        ],
        responses: {
          '200': withRateLimit({
            description: 'A page of products, in the order asked; next_cursor null on the last.',
            content: {
              'application/json': { schema: ref('CategoryPage'), example: categoryPageExample },
            },
          }),
          '401': unauthorized,
          '400': withRateLimit(
            problem(
              'A parameter is wrong, named in errors: sort, min_score (0 to 100), max_price ' +
                '(above 0), limit (1 to 20), or a cursor not made for this category and sort.',
            ),
          ),
          '404': withRateLimit(problem('No category has this key; it costs its lookup.')),
          '429': throttled,
          '503': notBrowsable,
        },
      },
    },
  };
}
