import { z } from 'zod';
import { catalogLineSchema } from './catalog-line.schema.js';

/** The JSON Schema of one catalog line, generated from the zod schema that validates it. */
export function catalogLineJsonSchema(): Record<string, unknown> {
  return {
    $id: 'https://product-intelligence.example/schemas/catalog-line.schema.json',
    ...z.toJSONSchema(catalogLineSchema, { target: 'draft-2020-12', io: 'input' }),
  };
}
