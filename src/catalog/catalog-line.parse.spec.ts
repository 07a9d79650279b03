import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../config/project-root.js';
import { realisticCatalogLines } from '../../tools/generator/realistic.js';
import { acceptedAsIs, parseCatalogLine } from './catalog-line.parse.js';
import { catalogLineSchema, READ_OPTIONS, type CatalogLine } from './catalog-line.schema.js';
import { sameData, mutation, mutated } from './catalog-line.fixtures.js';

// parseCatalogLine must give what catalogLineSchema.safeParse gives, for every line: its check
// (ajv) passes exactly the lines zod accepts and returns unchanged.

const seeds = [
  ...readFileSync(path.join(projectRoot(), 'prisma/demo-catalog.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== ''),
  ...realisticCatalogLines(200),
];

const zodOf = (text: string) => catalogLineSchema.safeParse(JSON.parse(text), READ_OPTIONS);
const messages = (result: ReturnType<typeof zodOf>) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
/** 5,000 in the suite (about 10 s); CATALOG_LINE_RUNS=200000 for a longer search. */
const RUNS = Number(process.env.CATALOG_LINE_RUNS ?? 5_000);

const line = {
  id: 'sony-wh-1000xm5',
  name: 'Sony WH-1000XM5',
  brand: 'Sony',
  category: 'headphones',
  gtin: ['2000001000014'],
  reviews: [
    {
      source: 'Lab',
      source_type: 'lab_test',
      score: 88,
      summary: 'Good.',
      url: 'https://lab.example/r/1',
      reviewed_at: '2026-08-18T00:00:00Z',
      criteria: { speed: 1 },
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
type Line = typeof line;
const review = (edit: Partial<Line['reviews'][0]>) => ({
  ...line,
  reviews: [{ ...line.reviews[0]!, ...edit }],
});
const offer = (edit: Partial<Line['offers'][0]>) => ({
  ...line,
  offers: [{ ...line.offers[0]!, ...edit }],
});

/** [what, the line's JSON text, whether zod accepts it as it is]. */
const edges: [string, string, boolean][] = [
  ['the line', JSON.stringify(line), true],
  [
    'a name of 200 emoji (400 UTF-16 units)',
    JSON.stringify({ ...line, name: '😀'.repeat(200) }),
    true,
  ],
  ['a name of 201 emoji', JSON.stringify({ ...line, name: '😀'.repeat(201) }), false],
  ['a lone surrogate in a name', JSON.stringify({ ...line, name: 'Sony \ud800' }), true],
  ['a DEL in a name', JSON.stringify({ ...line, name: 'Sony\u007f' }), false],
  ['a no-break space for a name', JSON.stringify({ ...line, name: '\u00a0' }), false],
  ['a GTIN with a wrong check digit', JSON.stringify({ ...line, gtin: ['2000001000015'] }), false],
  ['a GTIN of 11 digits', JSON.stringify({ ...line, gtin: ['12345678901'] }), false],
  [
    'a review source said twice',
    JSON.stringify({ ...line, reviews: [line.reviews[0], line.reviews[0]] }),
    false,
  ],
  ['a score of -0', JSON.stringify(review({})).replace('"score":88', '"score":-0'), true],
  [
    'a score of 1e400 (Infinity)',
    JSON.stringify(review({})).replace('"score":88', '"score":1e400'),
    false,
  ],
  ['a price of 10,000,000', JSON.stringify(offer({ price: 10_000_000 })), true],
  [
    'a price of 1e-400 (0)',
    JSON.stringify(offer({})).replace('"price":1', '"price":1e-400'),
    false,
  ],
  [
    'a date with an offset',
    JSON.stringify(offer({ price_as_of: '2026-11-01T10:00:00+05:30' })),
    true,
  ],
  [
    'a date on 29 February 2023',
    JSON.stringify(offer({ price_as_of: '2023-02-29T10:00:00Z' })),
    false,
  ],
  [
    'a date with a lower-case z',
    JSON.stringify(offer({ price_as_of: '2026-11-01T10:00:00z' })),
    false,
  ],
  ['a URL at localhost', JSON.stringify(offer({ url: 'https://localhost/p' })), false],
  ['a URL without //', JSON.stringify(offer({ url: 'https:s.example/p' })), false],
  ['an ftp URL', JSON.stringify(offer({ url: 'ftp://s.example/p' })), false],
  [
    'a URL of 2001 characters',
    JSON.stringify(offer({ url: `https://s.example/${'p'.repeat(1983)}` })),
    false,
  ],
  [
    'a URL of 2000 characters',
    JSON.stringify(offer({ url: `https://s.example/${'p'.repeat(1982)}` })),
    true,
  ],
  ['an unknown key', JSON.stringify({ ...line, colour: 'black' }), false],
  ['a "__proto__" key', JSON.stringify(line).replace('{', '{"__proto__":{},'), false],
  ['a "constructor" key', JSON.stringify(line).replace('{', '{"constructor":{},'), false],
  ['a "toString" criterion', JSON.stringify(review({ criteria: { toString: 1 } as never })), false],
];

/** Lines zod accepts after changing them: the check passes them to zod, which gives its data. */
const changed: [string, string, (data: CatalogLine) => unknown, unknown][] = [
  [
    'a URL with a space before it (zod trims it)',
    JSON.stringify(offer({ url: ' https://s.example/p' })),
    (data) => data.offers?.[0]?.url,
    'https://s.example/p',
  ],
  [
    'a URL with a tab in it (zod removes it)',
    JSON.stringify(review({ url: 'https://lab.exa\tmple/r' })),
    (data) => data.reviews?.[0]?.url,
    'https://lab.example/r',
  ],
  [
    'a "__proto__" criterion (zod drops it)',
    JSON.stringify(review({})).replace('"criteria":{', '"criteria":{"__proto__":1,'),
    (data) => Object.keys(data.reviews?.[0]?.criteria ?? {}),
    ['speed'],
  ],
];

describe(parseCatalogLine.name, () => {
  it.each(edges)('gives what zod gives for %s', (_what, text, accepted) => {
    expect(acceptedAsIs(JSON.parse(text))).toBe(accepted);
    expect(zodOf(text).success).toBe(accepted);
    const ours = parseCatalogLine(JSON.parse(text));
    expect(ours.success).toBe(accepted);
    if (accepted) expect(sameData(ours.data, JSON.parse(text))).toBe(true);
  });

  it.each(changed)('leaves %s to zod', (_what, text, read, expected) => {
    expect(acceptedAsIs(JSON.parse(text))).toBe(false);
    const ours = parseCatalogLine(JSON.parse(text));
    expect(ours.success && read(ours.data)).toEqual(expected);
  });

  it('passes every line of the demo and realistic catalogs as it is', () => {
    for (const text of seeds) expect([text, acceptedAsIs(JSON.parse(text))]).toEqual([text, true]);
  });

  it('gives what zod gives for lines mutated in many ways', () => {
    const seen = { asIs: 0, rejected: 0, changedByZod: 0 };
    fc.assert(
      fc.property(
        fc.nat(seeds.length - 1),
        fc.array(mutation, { minLength: 1, maxLength: 3 }),
        (seed, edits) => {
          const text = mutated(seeds[seed]!, edits);
          const zod = zodOf(text);
          // What the check must say of a line: zod accepts it and returns it unchanged.
          const expected = zod.success && sameData(zod.data, JSON.parse(text));
          expect([text, acceptedAsIs(JSON.parse(text))]).toEqual([text, expected]);
          const ours = parseCatalogLine(JSON.parse(text));
          expect(ours.success).toBe(zod.success);
          // The same data; a closed object's keys may come in another order (zod's is the
          // schema's), which no reader of a line depends on.
          expect(zod.success && !sameData(ours.data, zod.data)).toBe(false);
          expect(messages(ours)).toEqual(messages(zod));
          if (expected) seen.asIs += 1;
          else if (zod.success) seen.changedByZod += 1;
          else seen.rejected += 1;
        },
      ),
      { numRuns: RUNS },
    );
    // The mutations reach both sides, and lines zod accepts only after changing them.
    expect(seen.asIs).toBeGreaterThan(RUNS / 10);
    expect(seen.rejected).toBeGreaterThan(RUNS / 10);
    expect(seen.changedByZod).toBeGreaterThan(RUNS / 1000);
  });
});
