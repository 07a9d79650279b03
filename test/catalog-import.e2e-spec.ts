import { describe, expect, it } from '@jest/globals';
import { stat } from 'node:fs/promises';
import pg from 'pg';
import { generateCatalogLines } from '../src/catalog/catalog-generator.js';
import { CatalogImporter } from '../src/catalog/catalog-importer.service.js';
import { catalogFile, product } from './support/catalog-files.js';
import { importerContext } from './support/importer-context.js';

// What a valid import does to the catalog: all of it or nothing, merged or replaced.

describe(CatalogImporter.name, () => {
  const ctx = importerContext();

  it('imports a valid file with every field, and publishes it', async () => {
    const summary = await ctx.importer.import('test/fixtures/catalog-valid.jsonl', {
      publishedAt: new Date('2026-11-01T00:00:00Z'),
    });
    expect(summary).toMatchObject({
      products: 4,
      reviews: 4,
      offers: 3,
      mode: 'bulk',
      replaced: false,
    });

    const xm5 = await ctx.prisma.product.findUniqueOrThrow({
      where: { id: 'sony-wh-1000xm5' },
      include: {
        reviews: { orderBy: { source: 'asc' } },
        offers: { orderBy: { price: 'asc' } },
        searchNames: true,
      },
    });
    expect(xm5).toMatchObject({ name: 'Sony WH-1000XM5', brand: 'Sony', category: 'headphones' });
    expect(xm5.aliases).toEqual(['WH1000XM5', 'Sony XM5']);
    // Every name on the product row, the name first, for resolution to read with it.
    expect(xm5.namesNorm.split('\x1f')).toEqual(['sony wh 1000xm5', 'wh1000xm5', 'sony xm5']);
    expect(xm5.searchNames.map((n) => [n.nameNorm, n.nameCompact, n.isAlias]).sort()).toEqual([
      ['sony wh 1000xm5', 'sonywh1000xm5', false],
      ['sony xm5', 'sonyxm5', true],
      ['wh1000xm5', 'wh1000xm5', true],
    ]);
    expect(xm5.reviews[0]).toMatchObject({
      source: 'Example Lab',
      sourceType: 'lab_test',
      score: 88,
      url: 'https://lab.example/reviews/wh-1000xm5',
      reviewedAt: new Date('2026-10-02T00:00:00Z'),
      criteria: { output_quality: 91, comfort: 74, energy_efficiency: 86 },
      // Quotes, commas, braces and backslashes survive the COPY text[] literal.
      pros: ['Class-leading "noise" cancelling', 'Battery, {30 h}'],
      cons: ['Tight fit for large heads \\'],
    });
    expect(xm5.reviews[1]).toMatchObject({
      source: 'Forum Folks',
      url: null,
      reviewedAt: null,
      criteria: {},
      pros: [],
      cons: [],
    });
    expect(
      xm5.offers.map((o) => [o.retailerName, o.price.toString(), o.priceAsOf.toISOString()]),
    ).toEqual([
      ['Tab\\Shop', '329.99', '2026-11-02T10:00:00.000Z'],
      ['Example Shop', '348', '2026-11-01T10:00:00.000Z'],
    ]);
    const quoted = await ctx.prisma.review.findFirstOrThrow({
      where: { productId: 'sony-wh-1000xm4' },
    });
    expect(quoted.summary).toBe('Still excellent "noise" cancelling.');
    const accented = await ctx.prisma.productSearchName.findMany({
      where: { productId: 'cafe-creme-2' },
    });
    expect(accented.map((n) => n.nameNorm).sort()).toEqual(['cafe creme 2', 'cafe creme ii']);

    const publication = await ctx.prisma.catalogPublication.findFirstOrThrow();
    expect(publication).toMatchObject({
      publishedAt: new Date('2026-11-01T00:00:00Z'),
      replaced: false,
      productCount: 4,
      reviewCount: 4,
      offerCount: 3,
    });
    expect(await ctx.importer.publishedAt()).toEqual(new Date('2026-11-01T00:00:00Z'));
  });

  it.each([
    ['into an empty catalog (bulk load)', false, 'offers'],
    ['into a live catalog (merge)', true, 'offers'],
    // The reviews load on a session of their own, beside the products and offers.
    ['into an empty catalog, in the reviews (bulk load)', false, 'reviews'],
    ['into a live catalog, in the reviews (merge)', true, 'reviews'],
  ])('rolls everything back when the database fails mid-load %s', async (_label, seeded, table) => {
    if (seeded) await ctx.importer.import(await catalogFile([product('kept')]));
    const indexes = () => ctx.prisma.$queryRaw<{ indexdef: string }[]>`
      SELECT indexdef FROM pg_indexes
       WHERE tablename IN ('products', 'product_search_names', 'reviews', 'offers') ORDER BY indexname`;
    const indexesBefore = await indexes();
    expect(indexesBefore.length).toBeGreaterThanOrEqual(10);
    const before = await ctx.counts();
    // A check the new catalog's tables copy from the published ones, which one row fails.
    await ctx.prisma.$executeRawUnsafe(
      `ALTER TABLE ${table} ADD CONSTRAINT fail_row CHECK (product_id <> 'p-250') NOT VALID`,
    );
    try {
      const lines = Array.from({ length: 300 }, (_, i) => product(`p-${i}`));
      await expect(ctx.importer.import(await catalogFile(lines))).rejects.toThrow('fail_row');
    } finally {
      await ctx.prisma.$executeRawUnsafe(`ALTER TABLE ${table} DROP CONSTRAINT fail_row`);
    }
    expect(await ctx.counts()).toEqual(before);
    // The published tables kept their indexes, and the half-built catalog is gone.
    expect(await indexes()).toEqual(indexesBefore);
    expect(await ctx.schemas()).toEqual(['public']);
  });

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

  it('keeps products absent from the file, and updates those present (merge)', async () => {
    await ctx.importer.import(await catalogFile([product('a'), product('b')]));
    const summary = await ctx.importer.import(
      await catalogFile([
        product('b', { name: 'Renamed B', reviews: [], offers: [] }),
        product('c'),
      ]),
    );
    expect(summary.mode).toBe('merge');
    const products = await ctx.prisma.product.findMany({
      orderBy: { id: 'asc' },
      include: { reviews: true, offers: true },
    });
    expect(products.map((p) => [p.id, p.name, p.reviews.length, p.offers.length])).toEqual([
      ['a', 'Product a', 1, 1],
      ['b', 'Renamed B', 0, 0],
      ['c', 'Product c', 1, 1],
    ]);
    const names = await ctx.prisma.productSearchName.findMany({ where: { productId: 'b' } });
    expect(names.map((n) => n.nameNorm)).toEqual(['renamed b']);
  });

  it('makes the file the whole catalog with replace', async () => {
    await ctx.importer.import(await catalogFile([product('a'), product('b')]));
    const summary = await ctx.importer.import(await catalogFile([product('c')]), {
      replace: true,
      force: true,
    });
    expect(summary).toMatchObject({ mode: 'bulk', replaced: true, products: 1 });
    expect((await ctx.prisma.product.findMany()).map((p) => p.id)).toEqual(['c']);
    expect(await ctx.counts()).toEqual({ products: 1, reviews: 1, offers: 1, publications: 2 });
  });

  it('gives the same catalog when the same file is imported again', async () => {
    const file = 'test/fixtures/catalog-valid.jsonl';
    const snapshot = async () => ({
      products: await ctx.prisma.product.findMany({
        orderBy: { id: 'asc' },
        omit: { updatedAt: true },
      }),
      names: await ctx.prisma.productSearchName.findMany({
        orderBy: [{ productId: 'asc' }, { nameNorm: 'asc' }],
      }),
      reviews: await ctx.prisma.review.findMany({
        orderBy: [{ productId: 'asc' }, { source: 'asc' }],
        omit: { id: true },
      }),
      offers: (
        await ctx.prisma.offer.findMany({
          orderBy: [{ productId: 'asc' }, { retailerName: 'asc' }],
          omit: { id: true },
        })
      ).map((o) => ({ ...o, price: o.price.toString() })),
    });
    await ctx.importer.import(file);
    const first = await snapshot();
    await ctx.importer.import(file);
    await ctx.importer.import(file);
    expect(await snapshot()).toEqual(first);
  });

  it('imports 10,000 generated lines, validated in parallel chunks', async () => {
    const lines = [...generateCatalogLines({ products: 10_000, seed: 11 })];
    const file = await catalogFile(lines);
    expect((await stat(file)).size).toBeGreaterThan(8 * 1024 * 1024); // more than one worker
    const summary = await ctx.importer.import(file);
    const expected = lines.map((l) => JSON.parse(l) as { reviews?: unknown[]; offers?: unknown[] });
    expect(summary).toMatchObject({
      products: 10_000,
      reviews: expected.reduce((n, l) => n + (l.reviews?.length ?? 0), 0),
      offers: expected.reduce((n, l) => n + (l.offers?.length ?? 0), 0),
    });
    expect(await ctx.counts()).toMatchObject({
      products: 10_000,
      reviews: summary.reviews,
      offers: summary.offers,
    });
  });

  it('publishes by a swap that keeps the ids going and drops the replaced tables', async () => {
    await ctx.importer.import(await catalogFile([product('a'), product('b')]));
    const offerOf = (id: string) => ctx.prisma.offer.findFirstOrThrow({ where: { productId: id } });
    const offerA = await offerOf('a');
    const merged = await ctx.importer.import(
      await catalogFile([product('b', { name: 'Renamed B' }), product('c')]),
    );
    expect(merged.changes).toEqual({ added: 1, changed: 1, unchanged: 0, removed: 0 });
    expect(merged.swapMs).toBeLessThan(1_000);
    // A product the merge carried over keeps its offer, whose id purchase links name.
    expect((await offerOf('a')).id).toBe(offerA.id);
    const [{ last }] = await ctx.prisma.$queryRaw<[{ last: bigint }]>`
      SELECT max(id) AS last FROM offers`;
    await ctx.importer.import(await catalogFile([product('d')]), { replace: true, force: true });
    // A new offer never takes an old one's id: the sequences go on, owned by the new tables.
    expect((await offerOf('d')).id).toBeGreaterThan(last);
    const sequences = await ctx.prisma.$queryRaw<{ reviews: string; offers: string }[]>`
      SELECT pg_get_serial_sequence('reviews', 'id') AS reviews,
             pg_get_serial_sequence('offers', 'id') AS offers`;
    expect(sequences).toEqual([
      { reviews: 'public.reviews_id_seq', offers: 'public.offers_id_seq' },
    ]);
    expect(await ctx.schemas()).toEqual(['public']);
  });

  it('drops what a killed import left in the database', async () => {
    await ctx.prisma.$executeRawUnsafe('CREATE SCHEMA catalog_next');
    await ctx.prisma.$executeRawUnsafe('CREATE TABLE catalog_next.products (LIKE products)');
    await ctx.prisma.$executeRawUnsafe('CREATE SCHEMA catalog_retired');
    await ctx.importer.import(await catalogFile([product('a')]));
    expect(await ctx.schemas()).toEqual(['public']);
    const left = await ctx.prisma.$queryRaw<unknown[]>`
      SELECT 1 FROM pg_namespace WHERE nspname IN ('catalog_next', 'catalog_retired')`;
    expect(left).toEqual([]);
  });

  it('refuses to run while another import holds the catalog', async () => {
    const other = new pg.Client({ connectionString: ctx.db.url });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query('SELECT pg_advisory_xact_lock(7261123002)');
      await expect(ctx.importer.import(await catalogFile([product('x')]))).rejects.toThrow(
        'another catalog import is running',
      );
    } finally {
      await other.query('ROLLBACK');
      await other.end();
    }
    expect(await ctx.counts()).toMatchObject({ products: 0 });
  });
});
