import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Logger, type INestApplication } from '@nestjs/common';
import { generatedQueries } from '../bench/resolution/generated-queries.js';
import { CatalogImporter } from '../src/catalog/catalog-importer.service.js';
import { candidateTerms } from '../src/lookup/candidate-terms.js';
import { CandidateIndexes } from '../src/lookup/candidate-index/candidate-indexes.service.js';
import { CandidateIndex } from '../src/lookup/candidate-index/candidate-index.js';
import {
  ResolverThread,
  ResolverThreadUnavailable,
} from '../src/lookup/candidate-index/resolver-thread.js';
import { LookupRepository } from '../src/lookup/lookup.repository.js';
import { NameResolver } from '../src/lookup/name-resolver.service.js';
import { PublishedCatalog } from '../src/lookup/published-catalog.js';
import { nameKey, normaliseName, wordsOf } from '../src/names/name-normaliser.js';
import { AnswerRepository } from '../src/lookup/answer.repository.js';
import { CatalogOffersRepository } from '../src/catalog/catalog-offers.repository.js';
import { CandidateIndexRepository } from '../src/lookup/candidate-index/candidate-index.repository.js';
import pg from 'pg';
import { NameAliasesRepository } from '../src/curation/name-aliases.repository.js';
import { LookupService } from '../src/lookup/lookup.service.js';
import { Assessments } from '../src/lookup/assessments.js';
import { LookupCache } from '../src/lookup/lookup-cache.js';
import { PurchaseLinks } from '../src/synthesis/purchase-links.js';
import { AskedNames } from '../src/curation/asked-names.js';
import type { AppConfig } from '../src/config/app-config.js';
import type { ResolutionOutcome } from '../src/lookup/resolution-outcome.js';
import { queryTerms } from '../src/names/search-terms.js';
import { generateCatalogLines } from '../tools/generator/catalog-generator.js';
import { catalogFile, product } from './support/catalog-files.js';
import { createTestApp, servingLatest } from './support/test-app.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

// The candidate index answers what PostgreSQL's two statements answer (lookup.repository.ts),
// row for row, on a generated catalog and its typos, dropped and added words; the resolver
// reads it instead of them once it holds the publication it answers from.

const PRODUCTS = 2_000;
const SEED = 3;

describe(CandidateIndexes.name, () => {
  let db: TestDatabase;
  let app: INestApplication;
  const catalog = [...generateCatalogLines({ products: PRODUCTS, seed: SEED })];
  const queries = generatedQueries({ products: PRODUCTS, seed: SEED, count: 300 }).map(
    (q) => q.query,
  );

  beforeAll(async () => {
    db = await createTestDatabase();
    app = await createTestApp({ DATABASE_URL: db.url });
    await app.get(CatalogImporter).import(await catalogFile(catalog));
    await servingLatest(app);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const held = () => {
    const index = app.get(CandidateIndexes).current();
    expect(index?.publication.id).toBe(app.get(PublishedCatalog).current.id);
    return index!;
  };

  it('reads the vocabulary and the close words of misspelt ones as the statement does', async () => {
    held();
    // The resolver thread's index, built here from the same rows.
    const rows = (await app.get(CandidateIndexRepository).read())!;
    const index = new CandidateIndex(rows.products, rows.vocabulary, rows.names);
    const repository = app.get(LookupRepository);
    const byTerm = (a: { queryTerm: string; term: string }, b: typeof a) =>
      a.queryTerm.localeCompare(b.queryTerm) || a.term.localeCompare(b.term);
    for (const query of queries) {
      const normalised = normaliseName(query);
      const terms = [...queryTerms(normalised), ''];
      const words = wordsOf(normalised).filter((w) => w.length >= 4 && !/\d/.test(w));
      const stated = await repository.findTerms(terms, words, 3);
      expect({ query, matches: index.findTerms(terms, words, 3).sort(byTerm) }).toEqual({
        query,
        matches: stated.sort(byTerm),
      });
      const chosen = candidateTerms(stated);
      const { candidates } = await repository.findCandidates([chosen], 20);
      expect({ query, candidates: index.findCandidates([chosen], 20) }).toEqual({
        query,
        candidates,
      });
    }
  }, 120_000);

  it('resolves names from the index, to what the statements resolve them to', async () => {
    held();
    const resolver = app.get(NameResolver);
    const repository = app.get(LookupRepository);
    const statements = jest.spyOn(repository, 'findCandidates');
    const fromIndex = await resolver.resolveMany(queries.slice(0, 100));
    expect(statements).not.toHaveBeenCalled();
    const fromDatabase = await resolver.resolveManyFromDatabase(queries.slice(0, 100));
    expect(statements).toHaveBeenCalled();
    statements.mockRestore();
    expect(fromIndex.publication).toEqual(fromDatabase.publication);
    expect(fromIndex.outcomes).toEqual(fromDatabase.outcomes);
    expect(fromIndex.outcomes.filter((o) => o.productId).length).toBeGreaterThan(50);
  });

  it('sends no explanation back unless asked, and the same outcomes', async () => {
    held();
    const resolver = app.get(NameResolver);
    const names = queries.slice(0, 60);
    const explained = await resolver.resolveMany(names, true);
    const unexplained = (outcomes: ResolutionOutcome[]) =>
      outcomes.map(({ explanation, ...outcome }) => {
        expect(explanation?.candidates.length).toBeGreaterThan(0);
        return outcome;
      });
    const expected = unexplained(explained.outcomes);
    const plain = await resolver.resolveMany(names, false);
    expect(plain.outcomes).toEqual(expected);
    expect(plain.outcomes.filter((o) => o.name !== undefined).length).toBeGreaterThan(30);
    // The statements' path too.
    const stated = await resolver.resolveManyFromDatabase(names, false);
    expect(stated.outcomes).toEqual(expected);
  });

  it('explains the lookups it answers only where debug lines show them', async () => {
    held();
    const resolver = app.get(NameResolver);
    const asked = jest.spyOn(resolver, 'resolveMany');
    const debug = jest.spyOn(Logger.prototype, 'debug').mockImplementation(() => undefined);
    const atLevel = (level: string) =>
      new LookupService(
        resolver,
        app.get(AnswerRepository),
        app.get(Assessments),
        app.get(PurchaseLinks),
        app.get(PublishedCatalog),
        app.get(LookupCache),
        app.get(AskedNames),
        { logging: { level } } as AppConfig,
      );
    try {
      await app.get(LookupService).lookup('Zqxv Kettle Elsewhere', 'full');
      expect(asked.mock.calls.map(([, explain]) => explain)).toEqual([false]);
      expect(debug).not.toHaveBeenCalled();
      asked.mockClear();
      await atLevel('debug').lookup('Zqxv Kettle Otherwhere', 'full');
      expect(asked.mock.calls.map(([, explain]) => explain)).toEqual([true]);
      expect(debug).toHaveBeenCalledWith(
        expect.objectContaining({ query: 'Zqxv Kettle Otherwhere', decision: expect.any(String) }),
      );
    } finally {
      asked.mockRestore();
      debug.mockRestore();
    }
  });

  it('probes only names whose key the catalog may hold, with the same answers', async () => {
    held();
    const answers = app.get(AnswerRepository);
    const probes = jest.spyOn(answers, 'findExact');
    const lookups = app.get(LookupService);
    try {
      const exact = (JSON.parse(catalog[0]!) as { name: string }).name;
      const typo = 'Zqxv Kettle Nowhere';
      const [found, refused] = await lookups.lookupMany([exact, typo]);
      expect(probes.mock.calls.map(([keys]) => keys)).toEqual([[nameKey(exact)]]);
      expect(found!.found).toBe(true);
      expect(refused!.found).toBe(false);
    } finally {
      probes.mockRestore();
    }
  });

  it('holds each new publication once it is noticed, and answers from it', async () => {
    const previous = held();
    const before = previous.publication.id;
    const lines = [...generateCatalogLines({ products: PRODUCTS, seed: SEED })];
    lines.push(JSON.stringify(product('zephyr-kettle', { name: 'Zephyrine Quartzbrook Kettle' })));
    await app.get(CatalogImporter).import(await catalogFile(lines));
    await servingLatest(app);
    expect(held().publication.id).toBeGreaterThan(before);
    // The thread holds the new index only: the old one is no longer asked.
    await expect(previous.resolve(['Zephyrin Kettle'], true)).rejects.toBeInstanceOf(
      ResolverThreadUnavailable,
    );
    const outcome = await app.get(NameResolver).resolve('Zephyrin Quartzbrok Kettle');
    expect(outcome.productId).toBe('zephyr-kettle');
  });

  it("keeps the index through an offers feed's publication, and reads it again for an alias", async () => {
    const index = held();
    const { id } = JSON.parse(catalog[0]!) as { id: string };
    await app
      .get(CatalogOffersRepository)
      .publish(
        'Feedshop',
        [{ productId: id, price: 9.5, url: 'https://feedshop.example/p' }],
        new Date(),
      );
    await servingLatest(app);
    // The same index, answering for the feed's publication.
    expect(held()).toBe(index);
    expect(index.publication.id).toBe(app.get(PublishedCatalog).current.id);

    await app.get(NameAliasesRepository).add('Quartzbrook Zephyr Alias', 'zephyr-kettle');
    await servingLatest(app);
    const again = held();
    expect(again).not.toBe(index);
    expect(again.mayBeExact(nameKey('Quartzbrook Zephyr Alias'))).toBe(true);
  });

  it('asks again the names it left unprobed when a publication came between', async () => {
    held();
    const resolver = app.get(NameResolver);
    // The index a name was judged on is another publication than the one resolved from.
    const judged = jest.spyOn(resolver, 'indexedPublication').mockReturnValueOnce(-1);
    try {
      const answer = await app.get(LookupService).lookup('Zephyrin Quartzbrok Kettle', 'full');
      expect(judged).toHaveBeenCalledTimes(2);
      expect(answer.found).toBe(true);
    } finally {
      judged.mockRestore();
    }
  });

  it('leaves names to the statements while its thread is gone, and reads the index again', async () => {
    const index = held();
    // What a failure does to it (its private thread, stopped as an error would stop it).
    const { thread } = app.get<CandidateIndexes, { thread: ResolverThread }>(CandidateIndexes);
    await thread.stop();
    const statements = jest.spyOn(app.get(LookupRepository), 'findCandidates');
    try {
      const outcome = await app.get(NameResolver).resolve('Zephyrin Quartzbrok Kettle');
      expect(outcome.productId).toBe('zephyr-kettle');
      expect(statements).toHaveBeenCalled();
    } finally {
      statements.mockRestore();
    }
    await app.get(CandidateIndexes).refresh();
    const again = held();
    expect(again).not.toBe(index);
    expect((await app.get(NameResolver).resolve('Zephyrin Quartzbrok Kettle')).productId).toBe(
      'zephyr-kettle',
    );
  });

  it('fingerprints the tables by their files: a table restored in place is another', async () => {
    const repository = app.get(CandidateIndexRepository);
    const before = (await repository.state())!.fingerprint;
    const sql = new pg.Client({ connectionString: db.url });
    await sql.connect();
    try {
      // What a restore does: the same table emptied and filled again.
      await sql.query('BEGIN');
      await sql.query('CREATE TEMP TABLE kept ON COMMIT DROP AS SELECT * FROM search_terms');
      await sql.query('TRUNCATE search_terms');
      await sql.query('INSERT INTO search_terms SELECT * FROM kept');
      await sql.query('COMMIT');
    } finally {
      await sql.end();
    }
    expect((await repository.state())!.fingerprint).not.toBe(before);
  });

  it.each(['0', '1'])(
    'leaves names to the statements when CANDIDATE_INDEX_MB is %s',
    async (mb) => {
      // 2,001 products take about 2 MiB: more than 1.
      const other = await createTestApp({ DATABASE_URL: db.url, CANDIDATE_INDEX_MB: mb });
      try {
        await other.get(CandidateIndexes).refresh();
        expect(other.get(CandidateIndexes).current()).toBeUndefined();
        const outcome = await other.get(NameResolver).resolve('Zephyrin Quartzbrok Kettle');
        expect(outcome.productId).toBe('zephyr-kettle');
      } finally {
        await other.close();
      }
    },
  );
});
