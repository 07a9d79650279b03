import { z } from 'zod';
import { invalidRequest, WHOLE_BODY, type FieldError } from '../common/problem.js';
import { issueFields } from '../common/zod-issues.js';

// The requests of both lookups (docs/api.md and docs/decisions.md, Errors).

export const MAX_NAME_LENGTH = 200;

/**
 * No control character: none of Unicode's Cc (C0 U+0000-U+001F, DEL, C1 U+0080-U+009F). The
 * JSON Schemas of the OpenAPI document and the MCP tools carry it as their `pattern`, so it is
 * written to mean the same in JavaScript (ECMA-262, `u` flag) and Python's `re`, which MCP
 * clients validate with: `\p{Cc}` does not compile in Python, and Python's `$` also matches
 * before a final newline, so the end is "no character follows" instead.
 */
// eslint-disable-next-line no-control-regex -- control characters are what it refuses
export const NO_CONTROL_CHARACTERS = /^[^\x00-\x1F\x7F-\x9F]*(?![\s\S])/u;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const productName = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be one string') })
  // Published as minLength 1; an empty name stops here, with the blank name's message.
  .min(1, { error: 'must not be blank', abort: true })
  .max(MAX_NAME_LENGTH, `must be at most ${MAX_NAME_LENGTH} characters`)
  .regex(NO_CONTROL_CHARACTERS, 'must not contain control characters')
  // A lone surrogate ("\ud800" in JSON) is no character of any text.
  .refine((name) => !LONE_SURROGATE.test(name), 'must be valid Unicode text')
  .refine((name) => name.trim() !== '', 'must not be blank');

/** What each argument means, for people reading the OpenAPI document and models calling tools. */
const PRODUCT_NAME =
  'A product name as free text, with or without the brand, in any case, spacing and ' +
  `punctuation ("sony wh1000xm5"); not blank, at most ${MAX_NAME_LENGTH} characters, no control ` +
  'characters.';

export const singleLookupQuery = z.object({
  product_name: productName.describe(PRODUCT_NAME),
  detail: z
    .enum(['full', 'compact'], { error: 'must be "full" or "compact"' })
    .default('full')
    .describe(
      '"full" (the default) or "compact": compact omits the long-form summaries (the top-level ' +
        'summary and each dimension and source summary) and keeps everything else.',
    ),
});

export const batchLookupBody = z.strictObject(
  {
    product_names: z
      .array(productName.describe(PRODUCT_NAME), { error: 'must be an array of 1 to 5 names' })
      .min(1, 'must hold at least 1 name')
      .max(5, 'must hold at most 5 names')
      .describe(
        '1 to 5 product names, each as product_name of the single lookup; one result per name, ' +
          'in this order. A batch has no detail: its answers are full.',
      ),
  },
  { error: 'must be a JSON object with product_names' },
);

/**
 * The single lookup's MCP tool arguments: its query's parameters and nothing else. A tool's
 * arguments are closed as the batch's body is (an HTTP query may carry other parameters, such
 * as a cache buster, which the lookup ignores).
 */
export const singleLookupArguments = z.strictObject(singleLookupQuery.shape);

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
    field: field ?? WHOLE_BODY,
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

/** The single lookup's HTTP query parameters, or its 400 problem. */
export const parseSingleLookup = (input: unknown): SingleLookupQuery =>
  parseRequest(singleLookupQuery, input, 'query');

/** The single lookup's MCP tool arguments, or the 400 problem of the same query over HTTP. */
export const parseSingleLookupArguments = (input: unknown): SingleLookupQuery =>
  parseRequest(singleLookupArguments, input, 'query');

/** The batch lookup's body (HTTP, or MCP tool arguments), or its 400 problem. */
export const parseBatchLookup = (input: unknown): BatchLookupBody =>
  parseRequest(batchLookupBody, input, 'request body');
