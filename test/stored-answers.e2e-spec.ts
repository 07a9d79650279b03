import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import { AppConfig } from '../src/config/app-config.js';
import { CatalogImporter } from '../src/catalog/catalog-importer.service.js';
import { realisticCatalogLines } from '../tools/generator/realistic.js';
import { DatabaseReader } from '../src/database/database-reader.js';
import { PrismaService } from '../src/database/prisma.service.js';
import { AnswerRepository } from '../src/lookup/answer.repository.js';
import { exactNameKeys } from '../src/names/name-keys.js';
import { NAMES_SEPARATOR } from '../src/names/name-normaliser.js';
import { Assessments } from '../src/lookup/assessments.js';
import { LookupService } from '../src/lookup/lookup.service.js';
import { NameResolver } from '../src/lookup/name-resolver.service.js';
import { CatalogPriors } from '../src/synthesis/priors.js';
import type {
  LookupResult,
  ProductIntelligence,
} from '../src/synthesis/product-intelligence.schema.js';
import { PurchaseLinks } from '../src/synthesis/purchase-links.js';
import { unpackAssessment } from '../src/synthesis/stored-assessment.js';
import { synthesize } from '../src/synthesis/synthesize.js';
import { demoCatalogFile } from '../bench/resolution/labels.js';
import { catalogFile } from './support/catalog-files.js';
import { createTestApp } from './support/test-app.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

// Answers computed at publication (issue 34): what the import stores is what synthesis says,
// a lookup of an exact name reads it in one statement, and a service configured otherwise
// than the import synthesizes its answers itself.

/** The name of the exact-name probe's prepared statement (answer.repository.ts). */
const FIND_EXACT = 'lookup-find-exact';

describe('answers computed at publication', () => {
  let db: TestDatabase;
  let app: INestApplication;

  beforeAll(async () => {
    db = await createTestDatabase();
    app = await createTestApp({ DATABASE_URL: db.url, QUOTA_LIMIT: '100000' });
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  /** Every product's stored answer and the answer synthesis gives it now, side by side. */
  async function storedAndLive(): Promise<[ProductIntelligence, ProductIntelligence][]> {
    const repository = app.get(AnswerRepository);
    const links = app.get(PurchaseLinks);
    const config = app.get(AppConfig).synthesis;
    const ids = (await app.get(PrismaService).product.findMany({ select: { id: true } })).map(
      (p) => p.id,
    );
    const { criterionMeans, scoreMeans } = await repository.means();
    const priors = new CatalogPriors(criterionMeans, scoreMeans);
    const { products } = await repository.findProducts(ids);
    const stored = await repository.findAnswers(ids, app.get(Assessments).synthesisKey);
    const publishedAt = stored.publication!.publishedAt;
    expect(stored.bodies.size).toBe(ids.length);
    return products.map((product) => {
      const live = synthesize(
        {
          product,
          priors: priors.of(product.category),
          publishedAt,
          resolution: { confidence: 1, other_matches: [] },
          buyUrl: (offer) => links.urlFor({ offerId: offer.offerId }),
        },
        config,
      );
      const { body } = unpackAssessment(
        stored.bodies.get(product.id)!.body,
        publishedAt.toISOString(),
        (offerId) => links.urlFor({ offerId }),
      );
      return [body, live];
    });
  }

  it('stores for every product of the demo catalog what synthesis says, to the byte', async () => {
    await app.get(CatalogImporter).import(demoCatalogFile(), { replace: true, force: true });
    const pairs = await storedAndLive();
    expect(pairs.length).toBeGreaterThan(200);
    for (const [stored, live] of pairs) expect(JSON.stringify(stored)).toBe(JSON.stringify(live));
  }, 60_000);

  it('stores the same for a realistic generated catalog, and keys only names one product has', async () => {
    const lines = [...realisticCatalogLines(600, 7)];
    await app.get(CatalogImporter).import(await catalogFile(lines), { replace: true, force: true });
    const pairs = await storedAndLive();
    expect(pairs).toHaveLength(600);
    for (const [stored, live] of pairs) expect(JSON.stringify(stored)).toBe(JSON.stringify(live));
    const prisma = app.get(PrismaService);
    const shared = await prisma.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM name_keys k
       WHERE EXISTS (SELECT 1 FROM name_keys o WHERE o.key = k.key AND o.product_id <> k.product_id)`;
    expect(shared[0]!.n).toBe(0);
    expect(await prisma.nameKey.count()).toBeGreaterThan(600);
  }, 60_000);

  it('keys exactly the names one product has, the products a merge keeps included', async () => {
    const lines = [...realisticCatalogLines(300, 11)];
    const importer = app.get(CatalogImporter);
    await importer.import(await catalogFile(lines.slice(0, 200)), { replace: true, force: true });
    // A merge: the first 150 products stay as they were, 150 to 199 come again, 200 on are new.
    await importer.import(await catalogFile(lines.slice(150)), { force: true });
    const prisma = app.get(PrismaService);
    const products = await prisma.product.findMany({
      select: { id: true, brand: true, namesNorm: true },
    });
    expect(products).toHaveLength(300);
    const owners = new Map<string, Set<string>>();
    for (const { id, brand, namesNorm } of products)
      for (const key of exactNameKeys(namesNorm.split(NAMES_SEPARATOR), brand))
        (owners.get(key) ?? owners.set(key, new Set()).get(key)!).add(id);
    const expected = [...owners]
      .filter(([, ids]) => ids.size === 1)
      .map(([key, ids]) => `${key} ${[...ids][0]}`);
    const stored = await prisma.nameKey.findMany();
    expect(stored.map((k) => `${k.key} ${k.productId}`).sort()).toEqual(expected.sort());
    expect(expected.length).toBeGreaterThan(600);
  }, 60_000);

  it('answers a batch of exact names from one statement, with nothing else suggested', async () => {
    await app.get(CatalogImporter).import(demoCatalogFile(), { replace: true, force: true });
    const resolver = jest.spyOn(app.get(NameResolver), 'resolveMany');
    const findExact = jest.spyOn(app.get(AnswerRepository), 'findExact');
    const findAnswers = jest.spyOn(app.get(AnswerRepository), 'findAnswers');
    const names = ['Sony WH-1000XM5', 'sony wh 1000 xm4', 'Apple iPhone 15 Pro'];
    const results = await app.get(LookupService).lookupMany(names);
    expect(findExact).toHaveBeenCalledTimes(1);
    expect(resolver).not.toHaveBeenCalled();
    expect(findAnswers).not.toHaveBeenCalled();
    for (const result of results) {
      expect(result).toMatchObject({
        found: true,
        resolution: { confidence: 1, other_matches: [] },
      });
    }
    // A name that is not exactly one product's goes to the resolver, as before.
    const typo = await app.get(LookupService).lookup('Sony WH-1000XM5 wireless headphones', 'full');
    expect(resolver).toHaveBeenCalledTimes(1);
    expect(typo.found).toBe(true);
    for (const spy of [resolver, findExact, findAnswers]) spy.mockRestore();
  }, 60_000);

  it("reads concurrent lookups' exact names in one statement, each answer its own", async () => {
    await app.get(CatalogImporter).import(demoCatalogFile(), { replace: true, force: true });
    const query = jest.spyOn(app.get(DatabaseReader).client().pool, 'query');
    const probes = () =>
      query.mock.calls.filter(([config]) => (config as { name?: string }).name === FIND_EXACT)
        .length;
    const lookups = app.get(LookupService);
    const named = (result: LookupResult) => (result.found ? result.product_name : null);
    const [single, batch] = await Promise.all([
      Promise.all(
        ['Sony WH-1000XM4', 'apple iphone 15 pro', 'Sony WH-1000XM4', 'No Such Thing 9'].map(
          (name) => lookups.lookup(name, 'full'),
        ),
      ),
      lookups.lookupMany(['Garmin Forerunner 265', 'Apple iPhone 15']),
    ]);
    expect(probes()).toBe(1);
    expect(single.map(named)).toEqual([
      'Sony WH-1000XM4',
      'Apple iPhone 15 Pro',
      'Sony WH-1000XM4',
      null,
    ]);
    expect(batch.map(named)).toEqual(['Garmin Forerunner 265', 'Apple iPhone 15']);
    // One after the other, each lookup reads a statement of its own.
    expect(named(await lookups.lookup('Sony WH-1000XM5', 'full'))).toBe('Sony WH-1000XM5');
    expect(named(await lookups.lookup('Apple iPhone 15 Plus', 'full'))).toBe(
      'Apple iPhone 15 Plus',
    );
    expect(probes()).toBe(3);
    query.mockRestore();
  }, 60_000);

  it("resolves concurrent lookups' other names together, and reads their answers in one statement", async () => {
    await app.get(CatalogImporter).import(demoCatalogFile(), { replace: true, force: true });
    const query = jest.spyOn(app.get(DatabaseReader).client().pool, 'query');
    const statements = (name: string) =>
      query.mock.calls.filter(([config]) => (config as { name?: string }).name === name).length;
    const lookups = app.get(LookupService);
    const names = ['sony wh1000xm4 headphones', 'Garmin Forerunner 265 watch', 'No Such Thing 9'];
    const results = await Promise.all(names.map((name) => lookups.lookup(name, 'full')));
    expect(results.map((r) => (r.found ? r.product_name : null))).toEqual([
      'Sony WH-1000XM4',
      'Garmin Forerunner 265',
      null,
    ]);
    expect(statements('lookup-find-answers')).toBe(1);
    // Up to one group of names per core while the pool has idle connections (resolveMany).
    expect(statements('lookup-candidates')).toBeLessThanOrEqual(2);
    query.mockRestore();
  }, 60_000);

  it('synthesizes its own answers where the import was configured otherwise', async () => {
    await app.get(CatalogImporter).import(demoCatalogFile(), { replace: true, force: true });
    const other = await createTestApp({
      DATABASE_URL: db.url,
      QUOTA_LIMIT: '100000',
      SYNTHESIS_PRIOR_STRENGTH: '0',
    });
    try {
      const findProducts = jest.spyOn(other.get(AnswerRepository), 'findProducts');
      const name = 'Sony WH-1000XM5';
      const mine = await app.get(LookupService).lookup(name, 'full');
      const theirs = await other.get(LookupService).lookup(name, 'full');
      expect(findProducts).toHaveBeenCalledTimes(1);
      findProducts.mockRestore();
      // With no prior, criteria rated by few sources are not pulled toward the category's means.
      expect(theirs).not.toEqual(mine);
      expect(theirs.found && mine.found && theirs.id === mine.id).toBe(true);
    } finally {
      await other.close();
    }
  }, 60_000);
});
