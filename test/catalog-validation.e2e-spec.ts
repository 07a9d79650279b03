import { describe, expect, it } from '@jest/globals';
import { writeFile } from 'node:fs/promises';
import { generateCatalogLines } from '../tools/generator/catalog-generator.js';
import { CatalogValidationError } from '../src/catalog/catalog-importer.service.js';
import { catalogFile, product } from './support/catalog-files.js';
import { importerContext } from './support/importer-context.js';

// catalog:import validates every line first, reports bad lines by number and field,
// and imports nothing unless the whole file is valid.

describe('CatalogImporter validation', () => {
  const ctx = importerContext();

  it('reports each kind of bad line by number and field, and imports nothing', async () => {
    const { problems } = await ctx.problemsOf([
      product('good-1'),
      '{"id": "broken"',
      product('Bad Id'),
      { ...product('no-name'), name: undefined },
      product('blank-name', { name: '   ' }),
      product('control-char', { name: 'Tab\there' }),
      product('bad-type', {
        reviews: [{ source: 'S', source_type: 'blog', score: 50, summary: 'x' }],
      }),
      product('bad-score', {
        reviews: [{ source: 'S', source_type: 'community', score: 101, summary: 'x' }],
      }),
      product('bad-criterion', {
        reviews: [
          { source: 'S', source_type: 'community', score: 5, summary: 'x', criteria: { vibes: 3 } },
        ],
      }),
      product('dup-source', {
        reviews: [
          { source: 'S', source_type: 'community', score: 5, summary: 'x' },
          { source: 'S', source_type: 'lab_test', score: 6, summary: 'y' },
        ],
      }),
      product('bad-price', {
        offers: [
          {
            retailer_name: 'R',
            price: 0,
            price_as_of: '2026-11-01T00:00:00Z',
            url: 'https://r.example',
          },
        ],
      }),
      product('bad-date', {
        offers: [
          { retailer_name: 'R', price: 1, price_as_of: 'yesterday', url: 'https://r.example' },
        ],
      }),
      product('bad-url', {
        offers: [
          {
            retailer_name: 'R',
            price: 1,
            price_as_of: '2026-11-01T00:00:00Z',
            url: 'javascript:alert(1)',
          },
        ],
      }),
      product('extra-field', { colour: 'red' }),
      product('good-1'),
      '[1, 2, 3]',
      product('long-name', { name: 'x'.repeat(201) }),
    ]);
    const byLine = (line: number) =>
      problems.filter((p) => p.line === line).map((p) => p.field ?? '');
    expect(byLine(1)).toEqual([]);
    expect(problems.find((p) => p.line === 2)?.message).toMatch(/^not valid JSON/);
    expect(byLine(3)).toEqual(['id']);
    expect(byLine(4)).toEqual(['name']);
    expect(byLine(5)).toEqual(['name']);
    expect(byLine(6)).toEqual(['name']);
    expect(byLine(7)).toEqual(['reviews[0].source_type']);
    expect(byLine(8)).toEqual(['reviews[0].score']);
    expect(byLine(9)).toEqual(['reviews[0].criteria.vibes']);
    expect(byLine(10)).toEqual(['reviews[1].source']);
    expect(byLine(11)).toEqual(['offers[0].price']);
    expect(byLine(12)).toEqual(['offers[0].price_as_of']);
    expect(byLine(13)).toEqual(['offers[0].url']);
    expect(byLine(14)).toEqual(['colour']);
    expect(problems.find((p) => p.line === 15)).toMatchObject({
      field: 'id',
      message: expect.stringContaining('first on line 1'),
    });
    expect(problems.find((p) => p.line === 16)).toBeDefined();
    expect(byLine(17)).toEqual(['name']);
    expect(await ctx.counts()).toEqual({ products: 0, reviews: 0, offers: 0, publications: 0 });
  });

  it('reports lines that are not UTF-8 or too long, by number', async () => {
    const file = await catalogFile([]);
    const good = JSON.stringify(product('fine'));
    await writeFile(
      file,
      Buffer.concat([
        Buffer.from(good + '\n'),
        Buffer.from([0x7b, 0xff, 0xfe, 0x7d, 0x0a]),
        Buffer.from('"' + 'y'.repeat(1024 * 1024 + 10) + '"\n'),
        Buffer.from(good.replace('fine', 'fine-2') + '\r\n'),
      ]),
    );
    const error = (await ctx.importer
      .import(file)
      .catch((e: unknown) => e)) as CatalogValidationError;
    expect(error.problems).toEqual([
      // The byte is the file's: its first line, and the "{" before it.
      { line: 2, message: `not valid UTF-8 (byte ${good.length + 2})` },
      { line: 3, message: expect.stringMatching(/^longer than/) },
    ]);
    expect(await ctx.counts()).toMatchObject({ products: 0 });
  });

  it('says a file of one line too long or too deep is that, not a spread object', async () => {
    const long = await catalogFile([product('long', { name: 'x'.repeat(1024 * 1024) })]);
    // Deeper than any catalog line, in far less than the line's bound.
    const deep = await catalogFile([
      `{"id": "deep", "name": "n", "brand": "b", "category": "c", "aliases": ${'['.repeat(50_000)}${']'.repeat(50_000)}}`,
    ]);
    const problems = async (file: string) => {
      const error = await ctx.importer.import(file).catch((e: unknown) => e);
      if (!(error instanceof CatalogValidationError)) throw error;
      return error.problems;
    };
    expect(await problems(long)).toEqual([{ line: 1, message: 'longer than 1048576 bytes' }]);
    expect(await problems(deep)).toEqual([
      { line: 1, message: 'nested deeper than 16 levels: a catalog line has at most 4' },
    ]);
    expect(await ctx.counts()).toMatchObject({ products: 0 });
  });

  it('lists ten problems of a line and counts the rest', async () => {
    const { problems, badLines } = await ctx.problemsOf([
      product('many', { aliases: Array.from({ length: 13 }, () => '') }),
    ]);
    expect(badLines).toBe(1);
    expect(problems).toHaveLength(11);
    // Each blank alias is two problems (empty, blank): 26 in all.
    expect(problems.slice(0, 10).every((p) => /^aliases\[\d\]$/.test(p.field ?? ''))).toBe(true);
    expect(problems[10]).toEqual({
      line: 1,
      message: 'and 16 more problems (the first 10 are listed)',
    });
  });

  it('imports nothing when the last of many lines is bad, keeping the published catalog', async () => {
    await ctx.importer.import(await catalogFile([product('kept')]), {
      publishedAt: new Date('2026-01-01T00:00:00Z'),
    });
    const lines: (object | string)[] = Array.from({ length: 500 }, (_, i) => product(`p-${i}`));
    lines.push(product('last', { offers: 'none' }));
    await expect(ctx.importer.import(await catalogFile(lines))).rejects.toThrow(
      '1 bad line; nothing was imported',
    );
    expect(await ctx.counts()).toEqual({ products: 1, reviews: 1, offers: 1, publications: 1 });
    expect(await ctx.importer.publishedAt()).toEqual(new Date('2026-01-01T00:00:00Z'));
  });

  it('numbers problems file-wide across chunks and finds duplicate ids between them', async () => {
    const lines: string[] = [...generateCatalogLines({ products: 10_000, seed: 12 })];
    lines.splice(3000, 0, ''); // a blank line still counts as a line
    lines[8000] = '{"id": ';
    lines[9000] = lines[4]!;
    const error = await ctx.problemsOf(lines);
    const id = (JSON.parse(lines[4]!) as { id: string }).id;
    expect(error.badLines).toBe(2);
    expect(error.problems).toEqual([
      { line: 8001, message: expect.stringMatching(/^not valid JSON/) },
      { line: 9001, first: 5, field: 'id', message: `duplicate id "${id}" (first on line 5)` },
    ]);
    expect(await ctx.counts()).toMatchObject({ products: 0 });
  });
});
