import { describe, expect, it } from '@jest/globals';
import { CatalogImporter } from '../src/catalog/catalog-importer.service.js';
import { catalogFile, product } from './support/catalog-files.js';
import { importerContext } from './support/importer-context.js';

// What an import computes from the catalog it loads: the category priors, the search
// vocabulary, and how its keys compare.

describe(`${CatalogImporter.name}: what it computes`, () => {
  const ctx = importerContext();

  it('compares the search terms and name keys as bytes, import after import', async () => {
    await ctx.importer.import(await catalogFile([product('a')]));
    await ctx.importer.import(await catalogFile([product('b')]));
    const columns = await ctx.prisma.$queryRaw<{ column: string; collation: string }[]>`
      SELECT c.relname || '.' || a.attname AS column, l.collname AS collation
        FROM pg_attribute a
        JOIN pg_class c ON c.oid = a.attrelid
        JOIN pg_collation l ON l.oid = a.attcollation
       WHERE c.relname IN ('product_search_names', 'search_terms', 'name_keys')
         AND a.attname IN ('terms', 'term', 'key', 'name_norm')
         AND c.relnamespace = 'public'::regnamespace
       ORDER BY 1`;
    expect(columns).toEqual([
      { column: 'name_keys.key', collation: 'C' },
      { column: 'product_search_names.name_norm', collation: 'default' },
      { column: 'product_search_names.terms', collation: 'C' },
      { column: 'search_terms.term', collation: 'C' },
    ]);
  });

  it.each([
    ['a bulk load', false],
    ['a merge', true],
  ])('vacuums and analyses the published catalog after %s', async (_label, seeded) => {
    if (seeded) await ctx.importer.import(await catalogFile([product('kept')]));
    const started = new Date();
    await ctx.importer.import(await catalogFile([product('a'), product('b')]));
    const tables = await ctx.prisma.$queryRaw<{ relname: string; vacuumed: boolean }[]>`
      SELECT relname, last_vacuum >= ${started} AND last_analyze >= ${started} AS vacuumed
        FROM pg_stat_user_tables
       WHERE relname IN ('products', 'product_search_names', 'reviews', 'offers',
                         'search_terms', 'search_words', 'category_priors',
                         'category_score_priors')
       ORDER BY relname`;
    expect(tables).toEqual(
      [
        'category_priors',
        'category_score_priors',
        'offers',
        'product_search_names',
        'products',
        'reviews',
        'search_terms',
        'search_words',
      ].map((relname) => ({ relname, vacuumed: true })),
    );
  });

  it("keeps each category's mean of each criterion, the prior of synthesis", async () => {
    await ctx.importer.import('test/fixtures/catalog-valid.jsonl');
    const priors = await ctx.prisma.categoryPrior.findMany({
      orderBy: [{ category: 'asc' }, { criterion: 'asc' }],
    });
    // headphones: output_quality rated 91 (XM5) and 88 (XM4); comfort 74; energy_efficiency 86.
    expect(priors).toEqual([
      { category: 'headphones', criterion: 'comfort', mean: 74, ratings: 1 },
      { category: 'headphones', criterion: 'energy_efficiency', mean: 86, ratings: 1 },
      { category: 'headphones', criterion: 'output_quality', mean: 89.5, ratings: 2 },
    ]);
    await ctx.importer.import(await catalogFile([product('only', { category: 'tvs' })]), {
      replace: true,
      force: true,
    });
    expect(await ctx.prisma.categoryPrior.findMany()).toEqual([
      { category: 'tvs', criterion: 'speed', mean: 70, ratings: 1 },
    ]);
  });

  it("keeps each category's mean overall score, the prior of service_score", async () => {
    await ctx.importer.import('test/fixtures/catalog-valid.jsonl');
    // headphones: 88 and 84 (XM5), 85 (XM4); smartphones: 90; coffee machines: no review.
    const priors = await ctx.prisma.categoryScorePrior.findMany({ orderBy: { category: 'asc' } });
    expect(priors.map((p) => [p.category, p.mean.toFixed(4), p.reviews])).toEqual([
      ['headphones', '85.6667', 3],
      ['smartphones', '90.0000', 1],
    ]);
  });

  it('counts the search vocabulary over the whole catalog, after a merge too', async () => {
    const vocabulary = async () => ({
      terms: await ctx.prisma.searchTerm.findMany({ orderBy: { term: 'asc' } }),
      words: await ctx.prisma.searchWord.findMany({ orderBy: { word: 'asc' } }),
    });
    await ctx.importer.import(
      await catalogFile([
        product('x2', { name: 'Zephyr Aero X2' }),
        product('x3', { name: 'Zephyr Aero X3' }),
      ]),
    );
    // A merge adds to the catalog: the vocabulary counts the names already there as well.
    await ctx.importer.import(await catalogFile([product('lite', { name: 'Zephyr Lite' })]));
    const df = (term: string, count: number, siblings = 0) => ({ term, df: count, siblings });
    // Each name is indexed with its brand ("Example") in front as well. The empty term counts
    // the search names; X2 and X3 tell two of Example's products apart, alone.
    expect(await vocabulary()).toEqual({
      terms: [
        df('', 3),
        df('aero', 2),
        df('aerox2', 1),
        df('aerox3', 1),
        df('example', 3),
        df('examplezephyr', 3),
        df('examplezephyraerox2', 1),
        df('examplezephyraerox3', 1),
        df('examplezephyrlite', 1),
        df('lite', 1),
        df('x2', 1, 1),
        df('x3', 1, 1),
        df('zephyr', 3),
        df('zephyraero', 2),
        df('zephyraerox2', 1),
        df('zephyraerox3', 1),
        df('zephyrlite', 1),
      ],
      // The words a misspelt query word may stand for: no digits.
      words: [
        { word: 'aero', df: 2 },
        { word: 'example', df: 3 },
        { word: 'examplezephyr', df: 3 },
        { word: 'examplezephyrlite', df: 1 },
        { word: 'lite', df: 1 },
        { word: 'zephyr', df: 3 },
        { word: 'zephyraero', df: 2 },
        { word: 'zephyrlite', df: 1 },
      ],
    });
  });
});
