import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { browseArguments, MAX_PAGE_SIZE } from '../lookup/browse/browse-request.schema.js';
import { browseResultSchema } from '../lookup/browse/browse-response.schema.js';
import { batchLookupBody, singleLookupArguments } from '../lookup/lookup-request.schema.js';
import {
  batchResponseSchema,
  lookupResultSchema,
  OPEN_OBJECTS,
} from '../synthesis/product-intelligence.schema.js';

// The three tools, described for a model choosing among tools. Their schemas are generated from
// the same zod schemas that validate the HTTP requests and shape the HTTP answers.

export const SINGLE_TOOL = 'get_product_intelligence';
export const BATCH_TOOL = 'get_product_intelligence_batch';
export const BROWSE_TOOL = 'browse_category';

type ObjectSchema = Tool['inputSchema'];

/** A JSON Schema with `type: "object"` at its root, as MCP requires of tool schemas. */
function objectSchema(schema: z.ZodType, io: 'input' | 'output'): ObjectSchema {
  const {
    $schema: _,
    $ref,
    $defs,
    ...rest
  } = z.toJSONSchema(schema, { io, ...(io === 'output' && OPEN_OBJECTS) }) as Record<
    string,
    unknown
  > & {
    $ref?: string;
    $defs?: Record<string, Record<string, unknown>>;
  };
  // A schema registered with an id comes back as a $ref into $defs: inline the root.
  const root = $ref ? $defs![$ref.replace('#/$defs/', '')]! : rest;
  return { ...root, type: 'object', ...($defs && { $defs }) };
}

const READ_ONLY = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
} as const;

export const TOOLS: Tool[] = [
  {
    name: SINGLE_TOOL,
    title: 'Product intelligence for one product',
    description:
      'Look up one product by its name (free text, any case or punctuation, brand optional) and ' +
      'get a synthesized assessment: an overall 0-100 score, 7 dimension and 27 criterion ' +
      'scores, highlights, considerations, what review sources agree on, and retailer offers ' +
      'with prices. Use it when a user asks how good a specific product is, how it compares on ' +
      'a criterion, or where to buy it. If no catalog product matches confidently the result ' +
      'has found: false and suggests close names (other_matches): never assume a suggestion is ' +
      'the product asked about. A found result carries the catalog id and category, and each ' +
      'criterion its basis: "category_prior" means no source rated it, so its score says ' +
      'nothing about this product. detail "compact" drops the long summaries. Costs 1 lookup of ' +
      "the API key's rate budget.",
    inputSchema: objectSchema(singleLookupArguments, 'input'),
    outputSchema: objectSchema(lookupResultSchema, 'output'),
    annotations: { title: 'Product intelligence for one product', ...READ_ONLY },
  },
  {
    name: BATCH_TOOL,
    title: 'Product intelligence for up to 5 products',
    description:
      'Look up 1 to 5 products by name in one call, for example to compare candidates. ' +
      'Returns results in the same order as product_names; each entry is exactly what ' +
      `${SINGLE_TOOL} returns for that name (found: false with suggestions when a name has no ` +
      'confident match). Costs one lookup per name; a batch the remaining budget cannot cover ' +
      'is refused as a whole.',
    inputSchema: objectSchema(batchLookupBody, 'input'),
    outputSchema: objectSchema(batchResponseSchema, 'output'),
    annotations: { title: 'Product intelligence for up to 5 products', ...READ_ONLY },
  },
  {
    name: BROWSE_TOOL,
    title: "Browse a category's products",
    description:
      "Find products without knowing their names. Without category: the catalog's categories, " +
      'each with its key, name, number of products and of reviewed ones. With category (a ' +
      `key from that list): up to ${MAX_PAGE_SIZE} of its products (limit), each exactly what ` +
      `${SINGLE_TOOL} returns for it with detail "compact". sort "score" (the default) gives ` +
      'the best reviewed first, by their rank in the category, then the unreviewed; "price" ' +
      'the cheapest first, then those with no offer. min_score and max_price filter. When ' +
      'next_cursor is not null, pass it as cursor, with the same category and sort, for the ' +
      "next page. Costs 1 lookup of the API key's rate budget per call, whatever the page size.",
    inputSchema: objectSchema(browseArguments, 'input'),
    outputSchema: objectSchema(browseResultSchema, 'output'),
    annotations: { title: "Browse a category's products", ...READ_ONLY },
  },
];
