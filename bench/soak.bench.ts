import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { projectRoot } from '../src/config/project-root.js';
import { EmbeddedDatabase } from '../src/database/embedded-database.js';
import { migrate } from '../src/database/migrator.js';
import { freePort } from './lib/processes.js';

// npm run bench:soak -- [--seconds 180] [--connections 16]
// A bounded soak on loopback: the built server as a process (PostgreSQL, Redis, the demo
// catalog), sustained lookups (single, compact, misses, batches) from `connections` loops.
// Passes when no answer is anything but 200 or 429 and memory stays flat: the server's
// heap and RSS in the last third of the run within 25% of the first third (after warm-up).

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '180' },
    connections: { type: 'string', default: '16' },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const root = projectRoot();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await sleep(200);
  }
  throw new Error(`${url} did not answer`);
}

/** The server's resident set, from /proc (what the kernel charges the process). */
async function rssBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

async function heapBytes(metricsUrl: string): Promise<number> {
  const text = await (await fetch(metricsUrl)).text();
  return Number(/^nodejs_heap_size_used_bytes (\S+)$/m.exec(text)?.[1] ?? 0);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

const dir = await mkdtemp(path.join(os.tmpdir(), 'pi-bench-soak-'));
await chmod(dir, 0o755);
const database = await EmbeddedDatabase.start({
  dataDir: path.join(dir, 'data'),
  port: await freePort(),
});
const children: ChildProcess[] = [];
let failed: boolean | undefined;
try {
  await migrate(database.url);
  const redisPort = await freePort();
  children.push(
    spawn(
      'redis-server',
      ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    ),
  );
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: database.url,
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    LINK_SIGNING_SECRET: 'soak-secret-soak-secret-soak-secret-0123',
    SEED_DEMO_CATALOG: 'true',
    MIGRATE_ON_START: 'false',
    LOG_LEVEL: 'warn',
    // A budget large enough that the soak measures the service, not the limiter (a 429
    // would still count as an expected answer).
    QUOTA_LIMIT: '1000000',
  };
  const key = (name: string) => {
    const created = spawnSync(
      process.execPath,
      ['dist/src/cli.js', 'keys', 'create', '--name', name],
      {
        cwd: root,
        env,
        encoding: 'utf8',
      },
    );
    const found = /pi_[A-Za-z0-9_-]+/.exec(created.stdout)?.[0];
    if (!found) throw new Error(`keys create failed: ${created.stderr}`);
    return found;
  };
  const keys = Array.from({ length: 4 }, (_, i) => key(`soak-${i}`));
  const port = await freePort();
  const metricsPort = await freePort();
  const server = spawn(process.execPath, ['dist/src/main.js'], {
    cwd: root,
    env: { ...env, HOST: '127.0.0.1', PORT: String(port), METRICS_PORT: String(metricsPort) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(server);
  const base = `http://127.0.0.1:${port}`;
  const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
  await waitFor(`${base}/readyz`);

  const names = [
    'Sony WH-1000XM5',
    'PS5',
    'iphone 15 pro',
    'Galaxy S24',
    'no such product 123',
    'AirPods Pro',
  ];
  const statuses = new Map<number, number>();
  let requests = 0;
  let running = true;
  const worker = async (w: number) => {
    for (let i = 0; running; i++) {
      const auth = `Bearer ${keys[(w + i) % keys.length]}`;
      const name = names[(w * 7 + i) % names.length]!;
      const res =
        i % 10 === 9
          ? await fetch(`${base}/v1/product-intelligence/batch`, {
              method: 'POST',
              headers: { Authorization: auth, 'Content-Type': 'application/json' },
              body: JSON.stringify({ product_names: [name, names[(i + 1) % names.length]] }),
            })
          : await fetch(
              `${base}/v1/product-intelligence?product_name=${encodeURIComponent(name)}${i % 3 === 0 ? '&detail=compact' : ''}`,
              { headers: { Authorization: auth } },
            );
      await res.arrayBuffer();
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      requests++;
    }
  };
  const started = Date.now();
  const load = Array.from({ length: connections }, (_, w) => worker(w));
  const samples: { t: number; rss: number; heap: number; rps: number }[] = [];
  let last = 0;
  while (Date.now() - started < seconds * 1000) {
    await sleep(5_000);
    const rps = (requests - last) / 5;
    last = requests;
    const sample = {
      t: (Date.now() - started) / 1000,
      rss: await rssBytes(server.pid!),
      heap: await heapBytes(metricsUrl),
      rps,
    };
    samples.push(sample);
    process.stdout.write(
      `${sample.t.toFixed(0)} s  ${rps.toFixed(0)} req/s  heap ${mib(sample.heap)}  rss ${mib(sample.rss)}\n`,
    );
  }
  running = false;
  await Promise.all(load);

  const settled = samples.filter((s) => s.t >= seconds * 0.2);
  const third = Math.max(1, Math.floor(settled.length / 3));
  const first = settled.slice(0, third);
  const lastThird = settled.slice(-third);
  const growth = (pick: (s: (typeof samples)[number]) => number) =>
    median(lastThird.map(pick)) / median(first.map(pick)) - 1;
  const heapGrowth = growth((s) => s.heap);
  const rssGrowth = growth((s) => s.rss);
  const errors = [...statuses].filter(([status]) => status !== 200 && status !== 429);
  process.stdout.write(
    `\n${requests} requests in ${seconds} s (${(requests / seconds).toFixed(0)} req/s, ${connections} connections)\n` +
      `statuses: ${[...statuses].map(([s, n]) => `${s}×${n}`).join(', ')}\n` +
      `heap: ${mib(median(first.map((s) => s.heap)))} → ${mib(median(lastThird.map((s) => s.heap)))} (${(heapGrowth * 100).toFixed(1)}%)\n` +
      `rss:  ${mib(median(first.map((s) => s.rss)))} → ${mib(median(lastThird.map((s) => s.rss)))} (${(rssGrowth * 100).toFixed(1)}%)\n`,
  );
  failed = errors.length > 0 || heapGrowth > 0.25 || rssGrowth > 0.25;
  process.stdout.write(failed ? 'FAIL\n' : 'PASS: flat memory, no error but 429\n');
} finally {
  for (const child of children) child.kill('SIGTERM');
  await sleep(500);
  await database.stop();
  await rm(dir, { recursive: true, force: true });
}
process.exit(failed === false ? 0 : 1);
