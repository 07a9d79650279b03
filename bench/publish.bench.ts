import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { projectRoot } from '../src/config/project-root.js';
import { EmbeddedDatabase } from '../src/database/embedded-database.js';
import { migrate } from '../src/database/migrator.js';
import { ensureCatalogFile } from './lib/catalog-file.js';
import { startPoller, summarize, type PollSummary } from './lib/lookup-poller.js';
import { freePort, runNode } from './lib/processes.js';

// npm run bench:publish -- [--products 1000000] [--style realistic] [--rate 20] [--idle 20]
// Publishing a catalog while the service answers: generates two catalogs of `products`
// (seeds 1 and 2, cached under bench/out), imports the first into a disposable embedded
// PostgreSQL, starts the built server on it, and polls it (`rate` compact lookups a second of
// names of the first catalog, each once, and 10 readiness probes a second) for `idle` seconds,
// then while `catalog:import SECOND --replace --force` runs, then 5 s more. It reports failed
// answers and latency while idle and during the import, and the import's swap.

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '1000000' },
    style: { type: 'string', default: 'realistic' },
    rate: { type: 'string', default: '20' },
    idle: { type: 'string', default: '20' },
  },
});
const products = Number(values.products);
const style = values.style === 'families' ? 'families' : 'realistic';
const rate = Number(values.rate);
const idleSeconds = Number(values.idle);
const root = projectRoot();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function namesOf(file: string, limit: number): Promise<string[]> {
  const names: string[] = [];
  const lines = createInterface({ input: createReadStream(file) });
  for await (const line of lines) {
    names.push((JSON.parse(line) as { name: string }).name);
    if (names.length >= limit) break;
  }
  lines.close();
  return names;
}

async function waitReady(url: string, timeoutMs = 120_000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await sleep(200)) {
    if (
      await fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
  }
  throw new Error(`${url}/readyz never answered 200`);
}

const [first, second] = [
  await ensureCatalogFile(products, 1, style),
  await ensureCatalogFile(products, 2, style),
];
const dir = await mkdtemp(path.join(os.tmpdir(), 'pi-bench-publish-'));
await chmod(dir, 0o755);
const database = await EmbeddedDatabase.start({
  dataDir: path.join(dir, 'data'),
  port: await freePort(),
});
let server: ChildProcess | undefined;
try {
  await migrate(database.url);
  const env = {
    ...process.env,
    DATABASE_URL: database.url,
    LOG_LEVEL: 'warn',
    LINK_SIGNING_SECRET: 'bench-secret-bench-secret-bench-secret-01',
    SEED_DEMO_CATALOG: 'false',
    MIGRATE_ON_START: 'false',
    QUOTA_LIMIT: '1000000',
    TMPDIR: dir,
  };
  console.error(`importing the first catalog (${products} products)…`);
  await runNode(['dist/src/cli.js', 'catalog:import', first], env, '/dev/null');
  const created = spawnSync(
    process.execPath,
    ['dist/src/cli.js', 'keys', 'create', '--name', 'bench'],
    { cwd: root, env, encoding: 'utf8' },
  );
  const key = /pi_[A-Za-z0-9_-]+/.exec(created.stdout)?.[0];
  if (!key) throw new Error(`keys create failed: ${created.stderr}`);
  const port = await freePort();
  server = spawn(process.execPath, ['--max-old-space-size=160', 'dist/src/main.js'], {
    cwd: root,
    env: { ...env, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitReady(baseUrl);

  const poller = startPoller({
    baseUrl,
    key,
    names: await namesOf(first, 200_000),
    lookupsPerSecond: rate,
  });
  await sleep(5_000); // warm-up: not measured
  const idleFrom = performance.now();
  await sleep(idleSeconds * 1000);
  const importFrom = performance.now();
  console.error('importing the second catalog with --replace…');
  const output = path.join(dir, 'import.json');
  const imported = await runNode(
    ['dist/src/cli.js', 'catalog:import', second, '--replace', '--force', '--json'],
    env,
    output,
  );
  const importTo = performance.now();
  await sleep(5_000);
  const samples = await poller.stop();
  const summary = JSON.parse(await readFile(output, 'utf8')) as { swapMs: number };

  const idle = summarize(samples, 'lookup', idleFrom, importFrom);
  const during = summarize(samples, 'lookup', importFrom, importTo);
  const ratio = (key: keyof PollSummary) =>
    idle[key] === 0 ? null : Math.round((during[key] / idle[key]) * 100) / 100;
  console.log(
    JSON.stringify(
      {
        products,
        style,
        importSeconds: Math.round(imported.seconds * 10) / 10,
        swapMs: summary.swapMs,
        lookups: { idle, during, p50Ratio: ratio('p50'), p99Ratio: ratio('p99') },
        readyz: {
          idle: summarize(samples, 'readyz', idleFrom, importFrom),
          during: summarize(samples, 'readyz', importFrom, importTo),
        },
        after: summarize(samples, 'lookup', importTo),
        cpus: os.availableParallelism(),
        loadAverage: os.loadavg().map((x) => Math.round(x * 10) / 10),
      },
      null,
      2,
    ),
  );
} finally {
  server?.kill('SIGTERM');
  await database.stop();
  await rm(dir, { recursive: true, force: true });
}
