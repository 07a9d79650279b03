import { z } from 'zod';
import { invalidRequest, type FieldError } from '../common/problem.js';
import { issueFields } from '../common/zod-issues.js';

// The requests of both lookups (service-spec §4 with decisions.md, Errors).

export const MAX_NAME_LENGTH = 200;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const productName = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be one string') })
  .max(MAX_NAME_LENGTH, `must be at most ${MAX_NAME_LENGTH} characters`)
  .regex(/^\P{Cc}*$/u, 'must not contain control characters')
  // A lone surrogate ("\ud800" in JSON) is no character of any text.
  .refine((name) => !LONE_SURROGATE.test(name), 'must be valid Unicode text')
  .refine((name) => name.trim() !== '', 'must not be blank');

export const singleLookupQuery = z.object({
  product_name: productName,
  detail: z.enum(['full', 'compact'], { error: 'must be "full" or "compact"' }).default('full'),
});

export const batchLookupBody = z.strictObject(
  {
    product_names: z
      .array(productName, { error: 'must be an array of 1 to 5 names' })
      .min(1, 'must hold at least 1 name')
      .max(5, 'must hold at most 5 names'),
  },
  { error: 'must be a JSON object with product_names' },
);

export type SingleLookupQuery = z.infer<typeof singleLookupQuery>;
export type BatchLookupBody = z.infer<typeof batchLookupBody>;
export type Detail = 'full' | 'compact';

/** Parses or throws the 400 problem naming each offending field. */
export function parseRequest<T extends z.ZodType>(
  schema: T,
  input: unknown,
  what: string,
): z.infer<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors: FieldError[] = issueFields(result.error).map(({ field, message, unknownKey }) => ({
    field: field ?? '(body)',
    message: unknownKey ? 'is not a field of this request' : message,
  }));
  throw invalidFields(what, errors);
}

/**
 * Refuses a query string whose parameters are not percent-encoded UTF-8 (`%FF`, the overlong
 * `%C0%AF`, an encoded surrogate): Express would pass them on as other text.
 */
export function assertUtf8Query(url: string): void {
  const start = url.indexOf('?');
  if (start === -1) return;
  const errors: FieldError[] = [];
  for (const part of url.slice(start + 1).split('&')) {
    const [name = '', value = ''] = part.split('=', 2);
    const field = percentDecoded(name);
    if (field === undefined || percentDecoded(value) === undefined)
      errors.push({ field: field ?? '(query)', message: 'must be percent-encoded UTF-8 text' });
  }
  if (errors.length > 0) throw invalidFields('query', errors);
}

/** A query string's part decoded (`+` is a space), or undefined when it is not UTF-8. */
function percentDecoded(text: string): string | undefined {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return undefined;
  }
}

/** The 400 problem naming each bad field of the request's `what` (query, body). */
function invalidFields(what: string, errors: FieldError[]) {
  return invalidRequest(
    `The ${what} is invalid: ${errors.map((e) => `${e.field} ${e.message}`).join('; ')}.`,
    errors,
  );
}

/** The single lookup's parameters (HTTP query, or MCP tool arguments), or its 400 problem. */
export const parseSingleLookup = (input: unknown): SingleLookupQuery =>
  parseRequest(singleLookupQuery, input, 'query');

/** The batch lookup's body (HTTP, or MCP tool arguments), or its 400 problem. */
export const parseBatchLookup = (input: unknown): BatchLookupBody =>
  parseRequest(batchLookupBody, input, 'request body');
