import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { DatabaseReader } from '../src/database/database-reader.js';
import { LookupRepository } from '../src/lookup/lookup.repository.js';
import type { INestApplication } from '@nestjs/common';
import { generateCatalog, generateCatalogLines } from '../tools/generator/catalog-generator.js';
import { CatalogImporter } from '../src/catalog/catalog-importer.service.js';
import { NameResolver } from '../src/lookup/name-resolver.service.js';
import { answersOf, compareAnswers, writeAnswers } from '../bench/resolution/answers.js';
import {
  describeFailure,
  evaluate,
  type ResolvedQuery,
  type EvalReport,
  type LabelledQuery,
} from '../bench/resolution/evaluate.js';
import { generatedQueries } from '../bench/resolution/generated-queries.js';
import { readOwnQueries } from '../bench/resolution/own-set.js';
import {
  demoCatalogFile,
  labelProblems,
  readCatalogNames,
  readDemoQueries,
} from '../bench/resolution/labels.js';
import { catalogFile } from './support/catalog-files.js';
import { resolveAll } from './support/resolve-all.js';
import { temporaryFolder } from './support/temp-folders.js';
import { createTestApp } from './support/test-app.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

// The resolution benchmark as a gate (bench/resolution.bench.ts prints the full report): the
// demo catalog with its hand-curated queries, and a generated catalog of 20,000 products with
// 400 derived queries (as the bench asks), each in a database of its own. Precision first:
// any wrong product fails. The demo queries are also resolved five at a time, as a batch
// resolves them, and must come out exactly as when resolved one by one.

const GENERATED = { products: 20_000, seed: 1 };
const GENERATED_QUERIES = 400;

/** Servers to release after the suite. */
const opened: { db: TestDatabase; app?: INestApplication }[] = [];

let demoResolver: NameResolver;
let demoResults: ResolvedQuery[];

/**
 * Resolves every query against a database of its own holding the catalog: the demo catalog
 * (imported and published once for the suite, test-database.ts), or a file imported into it.
 */
async function evaluateOn(
  catalog: { demo: true } | { file: string },
  queries: readonly LabelledQuery[],
): Promise<EvalReport> {
  const entry: (typeof opened)[number] = {
    db: await createTestDatabase({ demo: 'demo' in catalog }),
  };
  opened.push(entry);
  const app = await createTestApp({ DATABASE_URL: entry.db.url });
  entry.app = app;
  if ('file' in catalog) await app.get(CatalogImporter).import(catalog.file);
  const resolver = app.get(NameResolver);
  demoResolver ??= resolver;
  const results = await resolveAll(queries, (query) => resolver.resolve(query));
  demoResults ??= results;
  return evaluate(results);
}

const wrongProducts = (report: EvalReport) =>
  report.failures.filter((f) => f.type === 'wrong-product').map(describeFailure);
const misses = (report: EvalReport) =>
  report.failures.filter((f) => f.type === 'missed').map(describeFailure);

describe(NameResolver.name, () => {
  const demoQueries = readDemoQueries();
  const generated = generatedQueries({ ...GENERATED, count: GENERATED_QUERIES });
  let demo: EvalReport;
  let synthetic: EvalReport;

  beforeAll(async () => {
    demo = await evaluateOn({ demo: true }, demoQueries);
    const generatedFile = await catalogFile([...generateCatalogLines(GENERATED)]);
    synthetic = await evaluateOn({ file: generatedFile }, generated);
  }, 300_000);

  afterAll(async () => {
    for (const { db, app } of opened) {
      await app?.close();
      await db.drop();
    }
  });

  it('is asked questions whose labels agree with the catalogs', () => {
    expect(demoQueries.length).toBeGreaterThanOrEqual(250);
    expect(generated.length).toBeGreaterThanOrEqual(150);
    expect(labelProblems(demoQueries, readCatalogNames(demoCatalogFile()))).toEqual([]);
    expect(labelProblems(generated, [...generateCatalog(GENERATED)])).toEqual([]);
  });

  it('resolves a batch of names exactly as it resolves each alone', async () => {
    const queries = demoQueries.slice(0, 100).map((q) => q.query);
    for (let i = 0; i < queries.length; i += 5) {
      const batch = queries.slice(i, i + 5);
      const { outcomes: together } = await demoResolver.resolveMany(batch);
      const alone = [];
      for (const query of batch) alone.push(await demoResolver.resolve(query));
      expect(together).toEqual(alone);
      // Concurrent lookups' names are resolved together too, each as alone.
      const concurrent = await Promise.all(batch.map((query) => demoResolver.resolve(query)));
      expect(concurrent).toEqual(alone);
    }
  });

  it('resolves a lone batch in groups side by side, and a batch on a busy pool together', async () => {
    // The statements' way, as for a catalog larger than the candidate index may hold.
    const app = await createTestApp({ DATABASE_URL: opened[0]!.db.url, CANDIDATE_INDEX_MB: '0' });
    const demoResolver = app.get(NameResolver);
    const findCandidates = jest.spyOn(app.get(LookupRepository), 'findCandidates');
    const batch = demoQueries.slice(0, 5).map((q) => q.query);
    try {
      const idle = await demoResolver.resolveMany(batch);
      // One candidate statement per group (in whichever order they finish): up to one per core.
      expect(findCandidates.mock.calls.map(([names]) => names.length).sort()).toEqual(
        os.availableParallelism() >= 2 ? [2, 3] : [5],
      );

      findCandidates.mockClear();
      const pool = app.get(DatabaseReader).client().pool;
      const held = await Promise.all(
        Array.from({ length: pool.options.max }, () => pool.connect()),
      );
      const busy = demoResolver.resolveMany(batch);
      await setTimeout(50);
      for (const client of held) client.release();
      expect((await busy).outcomes).toEqual(idle.outcomes);
      expect(findCandidates.mock.calls.map(([names]) => names.length)).toEqual([5]);

      // Lookups asked at once share the statements, as a batch does.
      findCandidates.mockClear();
      const concurrent = await Promise.all(batch.map((query) => demoResolver.resolve(query)));
      expect(concurrent).toEqual(idle.outcomes);
      expect(findCandidates.mock.calls.map(([names]) => names.length).sort()).toEqual(
        os.availableParallelism() >= 2 ? [2, 3] : [5],
      );
    } finally {
      findCandidates.mockRestore();
      await app.close();
    }
  });

  it("says which answers differ from an earlier run's, never naming a lookup of the unread half", async () => {
    const file = path.join(await temporaryFolder('pi-answers-'), 'answers.json');
    const [first, second] = demoResults;
    const unread = (query: string) => query === second!.labelled.query;
    await writeAnswers(file, { demo: answersOf(demoResults, unread) });
    expect(await compareAnswers(file, { demo: answersOf(demoResults, unread) })).toBe(
      `demo: 0 found differently, 0 other suggestions, 0 another confidence only (of ${demoResults.length})`,
    );
    const refused = { found: false, confidence: 0, candidates: [] };
    const changed = demoResults.map((r, i) => (i < 2 ? { ...r, outcome: refused } : r));
    const report = await compareAnswers(file, { demo: answersOf(changed, unread) });
    expect(report).toContain('demo: 2 found differently');
    expect(report).toContain(`  ${first!.labelled.query}: found ${first!.outcome!.productId} -> -`);
    expect(report).not.toContain(second!.labelled.query);
    expect(report).toContain('and 1 more not listed');
  });

  it("reads a labelled set of one's own, each label a product of its catalog by brand and name", async () => {
    const folder = await temporaryFolder('pi-own-set-');
    const [catalog, queries] = ['catalog.jsonl', 'titles.jsonl'].map((f) => path.join(folder, f));
    const lines = (values: object[]) => values.map((v) => JSON.stringify(v)).join('\n') + '\n';
    await writeFile(catalog!, lines([{ id: 'qx', brand: 'Vantor', name: 'QX-4410 Speaker' }]));
    await writeFile(
      queries!,
      lines([
        {
          query: 'Vantor QX4410 Lautsprecher',
          expect: { brand: 'VANTOR', name: 'qx 4410 speaker' },
        },
        { query: 'Vantor QX4420', expect: null },
      ]),
    );
    expect(readOwnQueries(catalog!, queries!)).toEqual([
      { query: 'Vantor QX4410 Lautsprecher', expected: 'qx', kind: 'listing' },
      { query: 'Vantor QX4420', expected: null, kind: 'absent' },
    ]);
    await writeFile(queries!, lines([{ query: 'x', expect: { brand: 'Other', name: 'Thing' } }]));
    expect(() => readOwnQueries(catalog!, queries!)).toThrow(
      /titles.jsonl:1: .* is not in the catalog/,
    );
  });

  it('scores the 20 best-ranked candidates of a name that more products carry', async () => {
    // The demo catalog holds 32 Apple products; a name carried by all of them scores 20.
    const outcome = await demoResolver.resolve('Apple');
    expect(outcome.explanation.candidates).toHaveLength(20);
  });

  it('never presents a wrong product as found on the demo catalog', () => {
    expect(wrongProducts(demo)).toEqual([]);
  });

  it('never presents a wrong product as found on a generated catalog', () => {
    expect(wrongProducts(synthetic)).toEqual([]);
  });

  it.each([
    ['demo', () => demo],
    ['generated', () => synthetic],
  ])('finds at least 97%% of answerable queries on the %s catalog', (_name, report) => {
    const { recall } = report();
    if (recall < 0.97) expect(misses(report())).toEqual([]);
    expect(recall).toBeGreaterThanOrEqual(0.97);
  });

  it.each([
    ['demo', () => demo],
    ['generated', () => synthetic],
  ])('refuses at least 98%% of queries that name no single product on the %s catalog', (_n, r) => {
    const { correctRefusalRate, failures } = r();
    const accepted = failures.filter((f) => f.expected === null).map(describeFailure);
    if (correctRefusalRate < 0.98) expect(accepted).toEqual([]);
    expect(correctRefusalRate).toBeGreaterThanOrEqual(0.98);
  });
});
