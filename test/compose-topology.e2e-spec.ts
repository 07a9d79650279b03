import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './setup/global-setup.js';
import { loadCompose, SECRETS_DIR } from './support/compose-file.js';
import { eventually } from './support/load.js';
import { startRoundRobinProxy } from './support/round-robin-proxy.js';
import { runBuiltCommand } from './support/run-command.js';
import { startServer, type ServerProcess } from './support/server-process.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

// docker-compose.yml's topology as local processes, wired as the file wires it: its Redis
// command, its migrate-and-seed command, and two app instances with the app service's
// environment, behind a round-robin proxy on one port. Only addresses and paths change: each
// service's host becomes 127.0.0.1 on a free port, its database an empty one of this file's own
// on the suite's PostgreSQL (whose user and password compose is given), and the secrets compose
// mounts at /run/secrets are files in a temporary folder.

/** The suite's PostgreSQL, whose user and password compose is given. */
const suiteServer = new URL(process.env.PI_TEST_ADMIN_URL ?? 'postgresql://postgres:test@x');
const compose = loadCompose({
  POSTGRES_USER: decodeURIComponent(suiteServer.username),
  QUOTA_LIMIT: '10',
});
const SECRETS = {
  postgres_password: `${decodeURIComponent(suiteServer.password)}\n`,
  redis_password: 'redis-secret-0123\n',
  link_signing_secret: 'link-secret-link-secret-link-secret-0123\n',
};
const folder = mkdtempSync(path.join(tmpdir(), 'compose-topology-'));
for (const [name, value] of Object.entries(SECRETS)) writeFileSync(path.join(folder, name), value);
/** A container path made local: /run/secrets/x and /tmp/x are files in the folder. */
const localPaths = (text: string) =>
  text.replace(new RegExp(`${SECRETS_DIR}|/tmp/`, 'g'), `${folder}/`);

/** A compose URL pointed at a local port (and, for PostgreSQL, this file's database). */
function local(url: string, port: string, database?: string): string {
  const parsed = new URL(url);
  parsed.hostname = '127.0.0.1';
  parsed.port = port;
  if (database) parsed.pathname = `/${database}`;
  return parsed.toString();
}

describe('The compose topology', () => {
  let database: TestDatabase;
  let redis: ChildProcess;
  let redisPort: number;
  const apps: ServerProcess[] = [];
  const metricsPorts: number[] = [];
  let proxy: { url: string; close(): Promise<void> };
  let migrateOutput = '';
  let key = '';

  const envOf = (service: 'app' | 'migrate') => {
    const env = Object.fromEntries(
      Object.entries(compose.services[service]!.environment!).map(([k, v]) => [
        k,
        localPaths(String(v)),
      ]),
    );
    const server = new URL(database.url);
    env.DATABASE_URL = local(env.DATABASE_URL!, server.port, server.pathname.slice(1));
    env.REDIS_URL = local(env.REDIS_URL!, String(redisPort));
    return env;
  };

  beforeAll(async () => {
    database = await createTestDatabase({ migrated: false });
    // The redis service's own command, on a loopback port.
    redisPort = await freePort();
    const [shell, flag, script] = compose.services.redis!.command!;
    redis = spawn(shell!, [flag!, `${localPaths(script!)} --port ${redisPort} --bind 127.0.0.1`], {
      stdio: 'ignore',
    });

    // The one-shot migrate-and-seed job, exactly as compose runs it.
    const [mShell, mFlag, mScript] = compose.services.migrate!.command!;
    const job = await runBuiltCommand('', [], envOf('migrate'), [mShell!, mFlag!, mScript!]);
    migrateOutput = job.stdout + job.stderr;
    expect([job.code, migrateOutput]).toEqual([0, migrateOutput]);

    const created = await runBuiltCommand('keys', ['create', '--name', 'topology'], envOf('app'));
    key = /pi_[A-Za-z0-9_-]+/.exec(created.stdout)?.[0] ?? '';

    for (let i = 0; i < 2; i++) {
      const metricsPort = await freePort();
      metricsPorts.push(metricsPort);
      apps.push(
        await startServer(
          {
            ...envOf('app'),
            HOST: '127.0.0.1',
            PORT: '0',
            METRICS_HOST: '127.0.0.1',
            METRICS_PORT: String(metricsPort),
          },
          // The app service's own node flags (its bounded heap).
          { nodeArgs: compose.services.app!.command!.slice(1, -1) },
        ),
      );
    }
    proxy = await startRoundRobinProxy(apps.map((app) => app.url));
  }, 300_000);

  afterAll(async () => {
    await proxy?.close();
    await Promise.all(apps.map((app) => app.stop('SIGKILL')));
    redis?.kill('SIGTERM');
    await database?.drop();
    rmSync(folder, { recursive: true, force: true });
  });

  const lookup = (name: string, auth = key) =>
    fetch(`${proxy.url}/v1/product-intelligence?product_name=${encodeURIComponent(name)}`, {
      headers: { Authorization: `Bearer ${auth}` },
    });

  it('migrated and seeded once, before the app started', () => {
    expect(migrateOutput).toMatch(/Migrations are up to date \(applied /);
    expect(migrateOutput).toMatch(/Seeded the demo catalog: \d+ products/);
    expect(key).not.toBe('');
  });

  it('runs Redis with the password from its secret file, and only with it', async () => {
    // Refused clients also emit their error as an event: the commands' answers are what counts.
    const client = (password?: string) =>
      new Redis({ port: redisPort, password, lazyConnect: true, maxRetriesPerRequest: 0 }).on(
        'error',
        () => undefined,
      );
    const anonymous = client();
    await expect(anonymous.ping()).rejects.toThrow(/NOAUTH/);
    anonymous.disconnect();
    const known = client(SECRETS.redis_password.trim());
    expect(await known.ping()).toBe('PONG');
    known.disconnect();
  });

  it('is ready through the proxy: PostgreSQL, migrations, catalog and Redis', async () => {
    const res = await fetch(`${proxy.url}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      status: 'ok',
      info: {
        database: { status: 'up' },
        migrations: { status: 'up' },
        catalog: { status: 'up' },
        redis: { status: 'up' },
      },
    });
  });

  it('spreads lookups over both instances, which share one rate budget in Redis', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) statuses.push((await lookup('Sony WH-1000XM5')).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
    for (const port of metricsPorts) {
      const metrics = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      expect(metrics).toMatch(
        /http_requests_total\{method="GET",route="\/v1\/product-intelligence",status="200"\} [1-9]/,
      );
    }
  });

  it('keeps answering while one instance stops (SIGTERM)', async () => {
    const created = await runBuiltCommand('keys', ['create', '--name', 'second'], envOf('app'));
    const second = /pi_[A-Za-z0-9_-]+/.exec(created.stdout)?.[0] ?? '';
    expect(await apps[0]!.stop('SIGTERM')).toBe(0);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await lookup('PS5', second)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await eventually(async () => (await fetch(`${proxy.url}/healthz`)).ok, 5_000)).toBe(
      true,
    );
  });
});
