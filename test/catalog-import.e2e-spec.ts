import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import { stat, writeFile } from 'node:fs/promises';
import pg from 'pg';
import { generateCatalogLines } from '../src/catalog/catalog-generator.js';
import {
  CatalogImporter,
  CatalogValidationError,
} from '../src/catalog/catalog-importer.service.js';
import { PrismaService } from '../src/database/prisma.service.js';
import { catalogFile, product } from './support/catalog-files.js';
import { createTestApp } from './support/test-app.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

describe(CatalogImporter.name, () => {
  let db: TestDatabase;
  let app: INestApplication;
  let importer: CatalogImporter;
  let prisma: PrismaService;

  beforeAll(async () => {
    db = await createTestDatabase();
    app = await createTestApp({ DATABASE_URL: db.url });
    importer = app.get(CatalogImporter);
    prisma = app.get(PrismaService);
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  beforeEach(async () => {
    await prisma.$executeRawUnsafe('TRUNCATE products, catalog_publications CASCADE');
  });

  async function problemsOf(lines: (object | string)[]) {
    const error = await importer.import(await catalogFile(lines)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CatalogValidationError);
    return (error as CatalogValidationError).problems;
  }

  const counts = async () => ({
    products: await prisma.product.count(),
    reviews: await prisma.review.count(),
    offers: await prisma.offer.count(),
    publications: await prisma.catalogPublication.count(),
  });

  it('imports a valid file with every field, and publishes it', async () => {
    const summary = await importer.import('test/fixtures/catalog-valid.jsonl', {
      publishedAt: new Date('2026-11-01T00:00:00Z'),
    });
    expect(summary).toMatchObject({
      products: 4,
      reviews: 4,
      offers: 3,
      mode: 'bulk',
      replaced: false,
    });

    const xm5 = await prisma.product.findUniqueOrThrow({
      where: { id: 'sony-wh-1000xm5' },
      include: {
        reviews: { orderBy: { source: 'asc' } },
        offers: { orderBy: { price: 'asc' } },
        searchNames: true,
      },
    });
    expect(xm5).toMatchObject({ name: 'Sony WH-1000XM5', brand: 'Sony', category: 'headphones' });
    expect(xm5.aliases).toEqual(['WH1000XM5', 'Sony XM5']);
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
    });
    expect(xm5.reviews[1]).toMatchObject({
      source: 'Forum Folks',
      url: null,
      reviewedAt: null,
      criteria: {},
    });
    expect(
      xm5.offers.map((o) => [o.retailerName, o.price.toString(), o.priceAsOf.toISOString()]),
    ).toEqual([
      ['Tab\\Shop', '329.99', '2026-11-02T10:00:00.000Z'],
      ['Example Shop', '348', '2026-11-01T10:00:00.000Z'],
    ]);
    const quoted = await prisma.review.findFirstOrThrow({
      where: { productId: 'sony-wh-1000xm4' },
    });
    expect(quoted.summary).toBe('Still excellent "noise" cancelling.');
    const accented = await prisma.productSearchName.findMany({
      where: { productId: 'cafe-creme-2' },
    });
    expect(accented.map((n) => n.nameNorm).sort()).toEqual(['cafe creme 2', 'cafe creme ii']);

    const publication = await prisma.catalogPublication.findFirstOrThrow();
    expect(publication).toMatchObject({
      publishedAt: new Date('2026-11-01T00:00:00Z'),
      replaced: false,
      productCount: 4,
      reviewCount: 4,
      offerCount: 3,
    });
    expect(await importer.publishedAt()).toEqual(new Date('2026-11-01T00:00:00Z'));
  });

  it('reports each kind of bad line by number and field, and imports nothing', async () => {
    const problems = await problemsOf([
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
    expect(await counts()).toEqual({ products: 0, reviews: 0, offers: 0, publications: 0 });
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
    const error = (await importer.import(file).catch((e: unknown) => e)) as CatalogValidationError;
    expect(error.problems).toEqual([
      { line: 2, message: 'not valid UTF-8' },
      { line: 3, message: expect.stringMatching(/^longer than/) },
    ]);
    expect(await counts()).toMatchObject({ products: 0 });
  });

  it('imports nothing when the last of many lines is bad, keeping the published catalog', async () => {
    await importer.import(await catalogFile([product('kept')]), {
      publishedAt: new Date('2026-01-01T00:00:00Z'),
    });
    const lines: (object | string)[] = Array.from({ length: 500 }, (_, i) => product(`p-${i}`));
    lines.push(product('last', { offers: 'none' }));
    await expect(importer.import(await catalogFile(lines))).rejects.toThrow(
      '1 bad line; nothing was imported',
    );
    expect(await counts()).toEqual({ products: 1, reviews: 1, offers: 1, publications: 1 });
    expect(await importer.publishedAt()).toEqual(new Date('2026-01-01T00:00:00Z'));
  });

  it.each([
    ['into an empty catalog (bulk load)', false],
    ['into a live catalog (merge)', true],
  ])('rolls everything back when the database fails mid-load %s', async (_label, seeded) => {
    if (seeded) await importer.import(await catalogFile([product('kept')]));
    const before = await counts();
    await prisma.$executeRawUnsafe(`
      CREATE FUNCTION fail_offer() RETURNS trigger LANGUAGE plpgsql AS
        $$ BEGIN IF NEW.product_id = 'p-250' THEN RAISE EXCEPTION 'injected failure'; END IF; RETURN NEW; END $$`);
    await prisma.$executeRawUnsafe(
      'CREATE TRIGGER fail_offer BEFORE INSERT ON offers FOR EACH ROW EXECUTE FUNCTION fail_offer()',
    );
    try {
      const lines = Array.from({ length: 300 }, (_, i) => product(`p-${i}`));
      await expect(importer.import(await catalogFile(lines), { replace: seeded })).rejects.toThrow(
        'injected failure',
      );
    } finally {
      await prisma.$executeRawUnsafe('DROP TRIGGER fail_offer ON offers');
      await prisma.$executeRawUnsafe('DROP FUNCTION fail_offer');
    }
    expect(await counts()).toEqual(before);
    // The bulk path dropped and rebuilt indexes inside the transaction: they are all back.
    const indexes = await prisma.$queryRaw<{ indexname: string }[]>`
      SELECT indexname FROM pg_indexes WHERE tablename IN ('products', 'product_search_names', 'reviews', 'offers')`;
    expect(indexes.map((i) => i.indexname).sort()).toEqual([
      'offers_pkey',
      'offers_product_id_idx',
      'product_search_names_name_compact_idx',
      'product_search_names_name_norm_idx',
      'product_search_names_name_norm_trgm_idx',
      'product_search_names_pkey',
      'products_category_idx',
      'products_pkey',
      'reviews_pkey',
      'reviews_product_id_source_key',
    ]);
  });

  it('keeps products absent from the file, and updates those present (merge)', async () => {
    await importer.import(await catalogFile([product('a'), product('b')]));
    const summary = await importer.import(
      await catalogFile([
        product('b', { name: 'Renamed B', reviews: [], offers: [] }),
        product('c'),
      ]),
    );
    expect(summary.mode).toBe('merge');
    const products = await prisma.product.findMany({
      orderBy: { id: 'asc' },
      include: { reviews: true, offers: true },
    });
    expect(products.map((p) => [p.id, p.name, p.reviews.length, p.offers.length])).toEqual([
      ['a', 'Product a', 1, 1],
      ['b', 'Renamed B', 0, 0],
      ['c', 'Product c', 1, 1],
    ]);
    const names = await prisma.productSearchName.findMany({ where: { productId: 'b' } });
    expect(names.map((n) => n.nameNorm)).toEqual(['renamed b']);
  });

  it('makes the file the whole catalog with replace', async () => {
    await importer.import(await catalogFile([product('a'), product('b')]));
    const summary = await importer.import(await catalogFile([product('c')]), { replace: true });
    expect(summary).toMatchObject({ mode: 'bulk', replaced: true, products: 1 });
    expect((await prisma.product.findMany()).map((p) => p.id)).toEqual(['c']);
    expect(await counts()).toEqual({ products: 1, reviews: 1, offers: 1, publications: 2 });
  });

  it('gives the same catalog when the same file is imported again', async () => {
    const file = 'test/fixtures/catalog-valid.jsonl';
    const snapshot = async () => ({
      products: await prisma.product.findMany({
        orderBy: { id: 'asc' },
        omit: { updatedAt: true },
      }),
      names: await prisma.productSearchName.findMany({
        orderBy: [{ productId: 'asc' }, { nameNorm: 'asc' }],
      }),
      reviews: await prisma.review.findMany({
        orderBy: [{ productId: 'asc' }, { source: 'asc' }],
        omit: { id: true },
      }),
      offers: (
        await prisma.offer.findMany({
          orderBy: [{ productId: 'asc' }, { retailerName: 'asc' }],
          omit: { id: true },
        })
      ).map((o) => ({ ...o, price: o.price.toString() })),
    });
    await importer.import(file);
    const first = await snapshot();
    await importer.import(file);
    await importer.import(file);
    expect(await snapshot()).toEqual(first);
  });

  it('imports 10,000 generated lines, validated in parallel chunks', async () => {
    const lines = [...generateCatalogLines({ products: 10_000, seed: 11 })];
    const file = await catalogFile(lines);
    expect((await stat(file)).size).toBeGreaterThan(8 * 1024 * 1024); // more than one worker
    const summary = await importer.import(file);
    const expected = lines.map((l) => JSON.parse(l) as { reviews?: unknown[]; offers?: unknown[] });
    expect(summary).toMatchObject({
      products: 10_000,
      reviews: expected.reduce((n, l) => n + (l.reviews?.length ?? 0), 0),
      offers: expected.reduce((n, l) => n + (l.offers?.length ?? 0), 0),
    });
    expect(await counts()).toMatchObject({
      products: 10_000,
      reviews: summary.reviews,
      offers: summary.offers,
    });
  });

  it('numbers problems file-wide across chunks and finds duplicate ids between them', async () => {
    const lines: string[] = [...generateCatalogLines({ products: 10_000, seed: 12 })];
    lines.splice(3000, 0, ''); // a blank line still counts as a line
    lines[8000] = '{"id": ';
    lines[9000] = lines[4]!;
    const error = (await importer
      .import(await catalogFile(lines))
      .catch((e: unknown) => e)) as CatalogValidationError;
    const id = (JSON.parse(lines[4]!) as { id: string }).id;
    expect(error.badLines).toBe(2);
    expect(error.problems).toEqual([
      { line: 8001, message: expect.stringMatching(/^not valid JSON/) },
      { line: 9001, field: 'id', message: `duplicate id "${id}" (first on line 5)` },
    ]);
    expect(await counts()).toMatchObject({ products: 0 });
  });

  it('refuses to run while another import holds the catalog', async () => {
    const other = new pg.Client({ connectionString: db.url });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query('SELECT pg_advisory_xact_lock(7261123002)');
      await expect(importer.import(await catalogFile([product('x')]))).rejects.toThrow(
        'another catalog import is running',
      );
    } finally {
      await other.query('ROLLBACK');
      await other.end();
    }
    expect(await counts()).toMatchObject({ products: 0 });
  });
});
