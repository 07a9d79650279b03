import { describe, expect, it } from '@jest/globals';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { foundExample } from '../lookup/openapi/examples.js';
import { openApiDocument } from '../lookup/openapi/openapi.document.js';
import { TOOLS } from './mcp-tools.js';

// Fields added after the specification (issue 24's id and category, issue 31's bases, sources
// and citations) are additive: a client that knows only the specification's fields must still
// validate the new bodies. So the published answer schemas never close their objects.

type Json = Record<string, unknown>;

/** The fields the specification does not list, by the schema object that carries them. */
const ADDITIVE: Record<string, string[]> = {
  ProductIntelligence: ['id', 'category', 'score_basis'],
  DimensionScore: ['basis'],
  FeatureScore: ['dimension', 'basis'],
  TitleDetail: ['sources'],
  SourceConsensus: ['url', 'reviewed_at'],
};

/** The schema as a client that knows only the specification's fields would have it. */
function specificationOnly(schemas: Record<string, Json>): Record<string, Json> {
  const copy = structuredClone(schemas);
  for (const [id, fields] of Object.entries(ADDITIVE)) {
    const schema = copy[id] as { properties: Json; required?: string[] };
    for (const field of fields) delete schema.properties[field];
    schema.required = schema.required?.filter((f) => !fields.includes(f));
  }
  return copy;
}

const ajv = () => {
  const instance = new Ajv2020({ allErrors: true, strict: false });
  addFormats.default(instance);
  return instance;
};

describe('published answer schemas', () => {
  const document = openApiDocument('https://pi.example', { limit: 120, windowMs: 60_000 });
  const schemas = (document.components as { schemas: Record<string, Json> }).schemas;

  it('never forbid fields they do not know', () => {
    // Requests stay closed (a batch body has exactly one field); answers are open.
    const { BatchLookupRequest: _request, ...answers } = schemas;
    expect(JSON.stringify(answers)).not.toContain('"additionalProperties":false');
    expect(JSON.stringify(TOOLS.map((t) => t.outputSchema))).not.toContain(
      '"additionalProperties":false',
    );
  });

  it("validate today's bodies in a client that knows only the specification's fields", () => {
    for (const components of [schemas, specificationOnly(schemas)]) {
      const validator = ajv();
      validator.addSchema({ components: { schemas: components }, $id: 'https://pi.test/doc' });
      const check = validator.getSchema(
        'https://pi.test/doc#/components/schemas/ProductIntelligence',
      )!;
      expect(check(foundExample) ? [] : check.errors).toEqual([]);
    }
    // The example uses every additive field.
    expect(foundExample.highlights.some((h) => h.sources.length > 1)).toBe(true);
    expect(foundExample.source_consensus[0]?.url).toMatch(/^https:/);
  });

  it('validate them as MCP structured content too, also without the additive fields', () => {
    const output = TOOLS[0]!.outputSchema as Json & { $defs?: Record<string, Json> };
    const validator = ajv();
    expect(validator.validate(output, foundExample) ? [] : validator.errors).toEqual([]);
    // In the MCP schema the found answer is one branch of the union, inlined or in $defs.
    const text = JSON.stringify(output);
    expect(text).toContain('"score_basis"');
    expect(text).toContain('"reviewed_at"');
  });
});
