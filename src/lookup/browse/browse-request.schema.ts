import type { Request } from 'express';
import { z } from 'zod';
import { invalidRequest, type FieldError } from '../../common/problem.js';
import { assertUtf8Query, parseRequest } from '../lookup-request.schema.js';
import {
  BROWSE_SORTS,
  decodeCursor,
  MAX_CURSOR_LENGTH,
  type BrowseSort,
  type PagePosition,
} from './browse-cursor.js';

// The requests of browsing (docs/api.md, "Browsing a category"): the list of categories, and a
// page of one category's products, over HTTP (the key in the path, the rest in the query) and
// as the MCP tool's arguments.

export const MAX_PAGE_SIZE = 20;

const scoreBound = 'must be a number from 0 to 100';
const pageSize = `must be a whole number from 1 to ${MAX_PAGE_SIZE}`;
const CURSOR_FIELD = 'cursor';

const pageFields = {
  sort: z
    .enum(BROWSE_SORTS, { error: 'must be "score" or "price"' })
    .default('score')
    .describe(
      '"score" (the default): the reviewed products by their rank in the category, best first, ' +
        'then the unreviewed by service_score; "price": the products with an offer by their ' +
        'lowest price, lowest first (ties: higher service_score first), then those without.',
    ),
  min_score: z
    .number({ error: scoreBound })
    .min(0, scoreBound)
    .max(100, scoreBound)
    .optional()
    .describe('Only products whose service_score is at least this (0 to 100).'),
  max_price: z
    .number({ error: 'must be a number above 0' })
    .positive('must be a number above 0')
    .optional()
    .describe('Only products with an offer at this price or less (US dollars, above 0).'),
  limit: z
    .number({ error: pageSize })
    .int(pageSize)
    .min(1, pageSize)
    .max(MAX_PAGE_SIZE, pageSize)
    .default(10)
    .describe(`How many products a page holds: 1 to ${MAX_PAGE_SIZE}, 10 by default.`),
  cursor: z
    .string({ error: 'must be one string' })
    .max(MAX_CURSOR_LENGTH, 'must be the next_cursor of a previous page')
    .optional()
    .describe(
      'The next_cursor of the previous page, as it was given, with the same category and ' +
        'sort; absent for the first page.',
    ),
};

/** A category page's query parameters, as published (numbers as numbers). */
export const categoryPageQuery = z.object(pageFields);

/** A number sent as query text ("80", "12.5") read as one; anything else left for zod to refuse. */
const NUMBER_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const NUMBERS = ['min_score', 'max_price', 'limit'] as const;
const queryNumbers = (query: unknown) => {
  if (typeof query !== 'object' || query === null) return query;
  const read: Record<string, unknown> = { ...query };
  for (const field of NUMBERS) {
    const value = read[field];
    if (typeof value === 'string' && NUMBER_TEXT.test(value)) read[field] = Number(value);
  }
  return read;
};

/** The query as HTTP sends it: the numbers as text. Other parameters are ignored, as a lookup's. */
const categoryPageHttpQuery = z.preprocess(queryNumbers, categoryPageQuery);

/**
 * The MCP tool's arguments: a category's key for a page of its products, none for the list of
 * categories. Closed, as the lookup tools' arguments are.
 */
export const browseArguments = z.strictObject({
  category: z
    .string({ error: 'must be one string' })
    .optional()
    .describe(
      'The key of a category (the key of an entry of the list this tool gives without it): ' +
        'a page of its products. Without it, the list of categories.',
    ),
  ...pageFields,
});

/** The list of categories. */
export interface CategoryListRequest {
  category?: undefined;
}

/** A page of a category's products, after `after` in the sort's order (none: the first). */
export interface CategoryPageRequest {
  category: string;
  sort: BrowseSort;
  min_score?: number;
  max_price?: number;
  limit: number;
  after?: PagePosition;
}

export type BrowseRequest = CategoryListRequest | CategoryPageRequest;

/** The page request, its cursor read and checked against the category and sort it asks. */
function pageRequest(
  category: string,
  { cursor, ...query }: z.infer<typeof categoryPageQuery>,
): CategoryPageRequest {
  const request = { category, ...query };
  if (cursor === undefined) return request;
  const decoded = decodeCursor(cursor);
  const wrong: FieldError | undefined = !decoded
    ? { field: CURSOR_FIELD, message: 'must be the next_cursor of a previous page' }
    : decoded.sort !== query.sort || decoded.category !== category
      ? { field: CURSOR_FIELD, message: 'was made for another category or sort' }
      : undefined;
  if (wrong) throw invalidRequest(`The query is invalid: cursor ${wrong.message}.`, [wrong]);
  return { ...request, after: decoded!.after };
}

/** GET /v1/categories: nothing to read but that the query is UTF-8. */
export function parseCategoryList(req: Request): CategoryListRequest {
  assertUtf8Query(req.originalUrl);
  return {};
}

/** GET /v1/categories/{key}/products: the key and query, or the 400 naming each bad parameter. */
export function parseCategoryPage(req: Request): CategoryPageRequest {
  assertUtf8Query(req.originalUrl);
  const key = (req.params as Record<string, string>).key!;
  return pageRequest(key, parseRequest(categoryPageHttpQuery, req.query, 'query'));
}

/** The MCP tool's arguments, or the 400 problem HTTP would give. */
export function parseBrowseArguments(input: unknown): BrowseRequest {
  const { category, ...query } = parseRequest(browseArguments, input, 'query');
  if (category !== undefined) return pageRequest(category, query);
  const given = Object.keys(input as object).filter((field) => field !== 'category');
  if (given.length === 0) return {};
  const errors = given.map((field) => ({ field, message: 'applies only with a category' }));
  throw invalidRequest(
    `The query is invalid: ${given.join(', ')} ${given.length === 1 ? 'applies' : 'apply'} ` +
      'only to a category page (give its key as category).',
    errors,
  );
}
