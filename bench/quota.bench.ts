import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { AppModule } from '../src/app.module.js';
import { ApiKeysService } from '../src/auth/api-keys.service.js';
import { VerifiedKeys } from '../src/auth/verified-keys.js';
import { projectRoot } from '../src/config/project-root.js';
import { EmbeddedDatabase } from '../src/database/embedded-database.js';
import { migrate } from '../src/database/migrator.js';
import { QuotaService, type QuotaState } from '../src/quota/quota.service.js';
import { freePort } from './lib/processes.js';

// npm run bench:quota -- [--seconds 5] [--rounds 10] [--connections 16]
// The cost of auth plus quota per request: requests per second of a lookup through the real
// pipeline (key verified, budget charged in Redis), against the same lookup in the same
// process with a fixed cached key and no quota. autocannon runs as its own process; the two
// variants alternate in short rounds, each round's pair gives one overhead figure, and the
// median of those is the result (pairing cancels most of a shared machine's drift).

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '16' },
  },
});

async function startRedis(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no']);
  for (let i = 0; i < 100; i++) {
    const up = await new Promise<boolean>((resolve) =>
      net
        .connect(port, '127.0.0.1', function (this: net.Socket) {
          this.end();
          resolve(true);
        })
        .once('error', () => resolve(false)),
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return { url: `redis://127.0.0.1:${port}`, child };
}

async function listen(app: INestApplication): Promise<string> {
  await app.listen(0, '127.0.0.1');
  const { port } = (app.getHttpServer() as Server).address() as net.AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/** Requests per second and p99 latency of one autocannon run, in its own process. */
function autocannon(url: string, key: string, seconds: number) {
  return new Promise<{ rps: number; p99: number; non2xx: number }>((resolve, reject) => {
    const child = spawn(process.execPath, [
      path.join(projectRoot(), 'node_modules/autocannon/autocannon.js'),
      '-c',
      values.connections,
      '-d',
      String(seconds),
      '-j',
      '-H',
      `Authorization=Bearer ${key}`,
      url,
    ]);
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}`));
      const result = JSON.parse(out) as {
        requests: { average: number };
        latency: { p99: number };
        non2xx: number;
      };
      resolve({ rps: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx });
    });
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const dir = await mkdtemp(path.join(os.tmpdir(), 'pi-bench-quota-'));
await chmod(dir, 0o755);
const database = await EmbeddedDatabase.start({
  dataDir: path.join(dir, 'data'),
  port: await freePort(),
});
const redis = await startRedis();
try {
  await migrate(database.url);
  Object.assign(process.env, {
    DATABASE_URL: database.url,
    REDIS_URL: redis.url,
    SEED_DEMO_CATALOG: 'true',
    QUOTA_LIMIT: '1000000', // measure the charge, never a refusal
    LOG_LEVEL: 'warn',
    LINK_SIGNING_SECRET: 'bench-secret-bench-secret-bench-secret-01',
  });

  const full = (
    await Test.createTestingModule({ imports: [AppModule] }).compile()
  ).createNestApplication({ logger: ['error', 'warn'], bodyParser: false });
  const key = (await full.get(ApiKeysService).create('bench')).key;

  const state: QuotaState = { limit: 1, remaining: 1, resetSeconds: 0, windowSeconds: 60 };
  const bare = (
    await Test.createTestingModule({ imports: [AppModule] })
      .overrideProvider(VerifiedKeys)
      .useValue({ check: () => Promise.resolve({ valid: true, keyId: 'bench' }) })
      .overrideProvider(QuotaService)
      .useValue({ charge: () => Promise.resolve(state), status: () => Promise.resolve(state) })
      .compile()
  ).createNestApplication({ logger: ['error', 'warn'], bodyParser: false });

  const lookup = '/v1/product-intelligence?product_name=Sony%20WH-1000XM5';
  const variants = {
    'auth + quota (Redis)': (await listen(full)) + lookup,
    'fixed key, no quota': (await listen(bare)) + lookup,
  };
  const seconds = Number(values.seconds);
  for (const url of Object.values(variants)) await autocannon(url, key, 3); // warm up
  const runs: Record<string, { rps: number; p99: number; non2xx: number }[]> = {};
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const [name, url] of Object.entries(variants)) {
      const result = await autocannon(url, key, seconds);
      (runs[name] ??= []).push(result);
      console.log(
        `round ${round + 1}  ${name.padEnd(22)} ${result.rps.toFixed(0)} req/s  p99 ${result.p99} ms  non-2xx ${result.non2xx}`,
      );
    }
  }
  const rps = Object.fromEntries(
    Object.entries(runs).map(([name, results]) => [name, median(results.map((r) => r.rps))]),
  );
  const withChecks = runs['auth + quota (Redis)']!;
  const without = runs['fixed key, no quota']!;
  const overheads = withChecks.map((run, i) => (1 - run.rps / without[i]!.rps) * 100);
  console.log(
    `\nmedian req/s: auth + quota ${rps['auth + quota (Redis)']!.toFixed(0)}, ` +
      `fixed key and no quota ${rps['fixed key, no quota']!.toFixed(0)}`,
  );
  console.log(
    `overhead of auth + quota, median of ${overheads.length} paired rounds: ` +
      `${median(overheads).toFixed(1)}% (goal < 10%)`,
  );
  await full.close();
  await bare.close();
} finally {
  redis.child.kill();
  await database.stop();
  await rm(dir, { recursive: true, force: true });
}
process.exit(0);
