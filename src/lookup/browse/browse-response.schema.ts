import { z } from 'zod';
import { productIntelligenceSchema } from '../../synthesis/product-intelligence.schema.js';
import { MAX_PAGE_SIZE } from './browse-request.schema.js';

// The answers of browsing (docs/api.md, "Browsing a category"), as zod schemas: the source of
// the OpenAPI document's schemas and of the MCP tool's output schema.

const count = z.number().int().min(0);

export const categorySchema = z
  .object({
    key: z
      .string()
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)
      .describe(
        "The category's key in URLs: its name without accents, in lower case, with every run " +
          'of other characters than a-z and 0-9 one "-"; "-2", "-3"… after the key of names ' +
          'that fold to one key, by name.',
      ),
    name: z.string().describe("The catalog's category, as answers state it (category)"),
    products: count.describe('How many products it holds'),
    reviewed: count.describe('How many of them a source reviewed (ranked: category_rank)'),
  })
  .meta({ id: 'Category' });

export const categoryListSchema = z
  .object({ categories: z.array(categorySchema).describe('By key') })
  .meta({ id: 'CategoryList', description: "The published catalog's categories." });

export const categoryPageSchema = z
  .object({
    products: z
      .array(productIntelligenceSchema)
      .max(MAX_PAGE_SIZE)
      .describe(
        'Each product as a lookup of its name with detail=compact answers it, in the order ' +
          'asked; empty when no product is left',
      ),
    next_cursor: z
      .string()
      .nullable()
      .describe('The cursor of the next page; null on the last page'),
  })
  .meta({ id: 'CategoryPage', description: "A page of one category's products." });

/** The MCP tool's result: the list without a category, a page with one. */
export const browseResultSchema = z.union([categoryListSchema, categoryPageSchema]);

export type Category = z.infer<typeof categorySchema>;
export type CategoryList = z.infer<typeof categoryListSchema>;
export type CategoryPage = z.infer<typeof categoryPageSchema>;
