import { describe, expect, it } from '@jest/globals';
import { stat } from 'node:fs/promises';
import pg from 'pg';
import { generateCatalogLines } from '../tools/generator/catalog-generator.js';
import { CatalogImporter } from '../src/catalog/catalog-importer.service.js';
import { CATALOG_TABLES } from '../src/catalog/catalog-tables.js';
import { catalogFile, product } from './support/catalog-files.js';
import { importerContext } from './support/importer-context.js';
import { createTestDatabase } from './support/test-database.js';

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
    // Every index, key and foreign key the migrations made, on the tables each import builds
    // (some indexes on two sessions at once).
    const keys = async (url = ctx.db.url) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const { rows } = await client.query<{ name: string; definition: string }>(
          `SELECT indexname AS name, indexdef AS definition FROM pg_indexes
            WHERE schemaname = 'public' AND tablename = ANY($1)
           UNION ALL
           SELECT conname, pg_get_constraintdef(oid) FROM pg_constraint
            WHERE conrelid::regclass::text = ANY($1)
            ORDER BY 1, 2`,
          [CATALOG_TABLES],
        );
        return rows;
      } finally {
        await client.end();
      }
    };
    const fresh = await createTestDatabase();
    const migrated = await keys(fresh.url).finally(() => fresh.drop());
    expect(migrated.length).toBeGreaterThan(30);
    await ctx.importer.import(await catalogFile([product('a'), product('b')]));
    expect(await keys()).toEqual(migrated);
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
    expect(await keys()).toEqual(migrated);
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
