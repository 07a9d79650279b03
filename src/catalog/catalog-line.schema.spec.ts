import { describe, expect, it } from '@jest/globals';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../config/project-root.js';
import { catalogLineJsonSchema } from './catalog-line.json-schema.js';
import { catalogLineSchema } from './catalog-line.schema.js';

const shipped = JSON.parse(
  readFileSync(path.join(projectRoot(), 'src/catalog/catalog-line.schema.json'), 'utf8'),
) as Record<string, unknown>;

const demoLines = readFileSync(path.join(projectRoot(), 'prisma/demo-catalog.jsonl'), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as unknown);

const valid = {
  id: 'sony-wh-1000xm5',
  name: 'Sony WH-1000XM5',
  brand: 'Sony',
  category: 'headphones',
  reviews: [
    {
      source: 'Lab',
      source_type: 'lab_test',
      score: 88,
      summary: 'Good.',
      criteria: { speed: 1 },
      pros: ['Quiet'],
      cons: ['High price'],
    },
  ],
  offers: [
    {
      retailer_name: 'Shop',
      price: 1,
      price_as_of: '2026-11-01T10:00:00Z',
      url: 'https://s.example/p',
    },
  ],
};

const invalid: [string, Record<string, unknown>][] = [
  ['a bad id', { ...valid, id: 'Sony WH' }],
  ['a blank name', { ...valid, name: ' ' }],
  ['a control character', { ...valid, brand: 'So\u0000ny' }],
  ['an unknown field', { ...valid, colour: 'black' }],
  ['an unknown source type', { ...valid, reviews: [{ ...valid.reviews[0], source_type: 'blog' }] }],
  [
    'an unknown criterion',
    { ...valid, reviews: [{ ...valid.reviews[0], criteria: { vibes: 1 } }] },
  ],
  ['a score over 100', { ...valid, reviews: [{ ...valid.reviews[0], score: 100.5 }] }],
  ['a blank con', { ...valid, reviews: [{ ...valid.reviews[0], cons: ['  '] }] }],
  [
    'a pro over 200 characters',
    { ...valid, reviews: [{ ...valid.reviews[0], pros: ['x'.repeat(201)] }] },
  ],
  [
    'more than 10 pros',
    {
      ...valid,
      reviews: [{ ...valid.reviews[0], pros: Array.from({ length: 11 }, (_, i) => `p${i}`) }],
    },
  ],
  ['a con that is not a string', { ...valid, reviews: [{ ...valid.reviews[0], cons: [3] }] }],
  ['a zero price', { ...valid, offers: [{ ...valid.offers[0], price: 0 }] }],
  [
    'a date without offset',
    { ...valid, offers: [{ ...valid.offers[0], price_as_of: '2026-11-01T10:00:00' }] },
  ],
];

describe('catalog line schema', () => {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats.default(ajv);
  const validate = ajv.compile(shipped);

  it('ships the JSON Schema generated from the zod schema (run npm run catalog:schema)', () => {
    expect(shipped).toEqual(catalogLineJsonSchema());
  });

  it('accepts every line of the demo catalog, in both forms', () => {
    expect(demoLines.length).toBeGreaterThanOrEqual(150);
    for (const line of demoLines) {
      expect(catalogLineSchema.safeParse(line).error?.issues).toBeUndefined();
      expect(validate(line) ? undefined : validate.errors).toBeUndefined();
    }
  });

  it.each(invalid)('rejects %s, in both forms', (_label, line) => {
    expect(catalogLineSchema.safeParse(valid).success).toBe(true);
    expect(catalogLineSchema.safeParse(line).success).toBe(false);
    expect(validate(line)).toBe(false);
  });
});
