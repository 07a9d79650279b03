import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { EmbeddedDatabase } from '../src/database/embedded-database.js';
import { freePort } from './setup/global-setup.js';
import { readFirstStartSecrets, type FirstStartSecrets } from './support/first-start.js';
import { eventually, sleep } from './support/load.js';
import { runBuiltCommand } from './support/run-command.js';
import { startServer, type ServerProcess } from './support/server-process.js';
import { WebSession } from './support/web-session.js';

// The embedded default's first start as a container runs it: stdout is not a terminal, and
// every line at the most verbose level goes to the log. Its secrets (the first key, the admin's
// link, the one-time tokens of the people who set passwords, their keys) never reach a log
// line, and its shutdowns lose nothing and hang on nothing.

const PASSWORD = 'correct horse battery staple';

describe('First start of the embedded default, without a terminal', () => {
  let root: string;
  let dataDir: string;
  let env: Record<string, string | undefined>;
  let server: ServerProcess;
  let first: FirstStartSecrets;
  const outputs: string[] = [];
  const secrets: string[] = [PASSWORD];
  const stopped: ServerProcess[] = [];
  let ownDatabase: EmbeddedDatabase | undefined;

  const lookup = (url: string, key: string, name: string) =>
    fetch(`${url}/v1/product-intelligence?product_name=${encodeURIComponent(name)}`, {
      headers: { Authorization: `Bearer ${key}` },
    });

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'pi-first-start-'));
    await chmod(root, 0o755); // as root, the embedded PostgreSQL runs as "postgres"
    dataDir = path.join(root, 'data');
    env = {
      DATABASE_URL: undefined,
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      EMBEDDED_DATABASE_PORT: String(await freePort()),
      LOG_LEVEL: 'verbose',
      LOG_FORMAT: undefined,
    };
    server = await startServer(env);
    stopped.push(server);
  }, 300_000);

  afterAll(async () => {
    await Promise.all(stopped.map((s) => s.stop('SIGKILL')));
    await ownDatabase?.stop();
    await rm(root, { recursive: true, force: true });
  });

  it('writes the first key and the admin link to a file only its user reads, and logs its path', async () => {
    first = await readFirstStartSecrets(dataDir);
    secrets.push(first.key, first.link, new URL(first.link).pathname.split('/').pop()!);
    expect(first.mode).toBe(0o600);
    expect(server.output()).toContain(`admin link: in ${first.file} (only this user can read it`);
    expect((await lookup(server.url, first.key, 'PS5')).status).toBe(200);
  });

  it('keeps one-time tokens out of the request log while people set passwords and sign in', async () => {
    // The admin sets a password from the link, signs in and creates a key on the dashboard.
    const admin = new WebSession(server.url);
    const linkPath = new URL(first.link).pathname;
    expect((await admin.get(linkPath)).status).toBe(200);
    const set = await admin.post(linkPath, { password: PASSWORD, confirmation: PASSWORD });
    expect(set.status).toBe(303);
    const signedIn = await admin.post('/dashboard/sign-in', {
      email: 'admin@localhost',
      password: PASSWORD,
    });
    expect(signedIn.status).toBe(303);
    const created = await admin.post('/dashboard/keys', { name: 'mine', expires: '30d' });
    const dashboardKey = /pi_[0-9A-Za-z]{12}_[0-9A-Za-z]{28}/.exec(await created.text())?.[0];
    expect(dashboardKey).toBeDefined();
    secrets.push(dashboardKey!, ...admin.cookieValues());

    // Another person's link, printed by the admin command, opened as is and mistyped.
    const user = await runBuiltCommand(
      'users',
      ['create', '--email', 'someone@example.com', '--json'],
      {
        DATA_DIR: dataDir,
        EMBEDDED_DATABASE_PORT: env.EMBEDDED_DATABASE_PORT!,
      },
    );
    const userLink = new URL((JSON.parse(user.stdout) as { link: string }).link).pathname;
    secrets.push(userLink.split('/').pop()!);
    expect((await fetch(`${server.url}${userLink}`)).status).toBe(200);
    expect((await fetch(`${server.url}${userLink}/x`)).status).toBe(404);
    // A key pasted into a path, and a signed purchase link.
    expect((await fetch(`${server.url}/v1/${first.key}`)).status).toBe(404);
    const answer = (await (await lookup(server.url, first.key, 'Sony WH-1000XM5')).json()) as {
      offers: { buy_url: string }[];
    };
    const buyPath = new URL(answer.offers[0]!.buy_url).pathname;
    secrets.push(buyPath.split('/').pop()!);
    const bought = await fetch(`${server.url}${buyPath}`, { redirect: 'manual' });
    expect(bought.status).toBe(302);

    await sleep(200);
    const paths = server
      .output()
      .split('\n')
      .filter((line) => line.includes('"req":'))
      .map((line) => (JSON.parse(line) as { req: { path: string } }).req.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/dashboard/set-password/:redacted',
        '/dashboard/set-password/:redacted/x',
        '/v1/:redacted',
        '/v1/r/:redacted',
      ]),
    );
  });

  it('writes usage counts and last-used times on SIGTERM, before its PostgreSQL stops', async () => {
    for (const name of ['PS5', 'Sony WH-1000XM5', 'Apple AirPods Pro'])
      expect((await lookup(server.url, first.key, name)).status).toBe(200);
    expect(await server.stop('SIGTERM')).toBe(0);
    outputs.push(server.output());
    expect(server.output()).not.toMatch(/Could not (record|store)/);

    ownDatabase = await EmbeddedDatabase.start({
      dataDir,
      port: Number(env.EMBEDDED_DATABASE_PORT),
    });
    const client = new pg.Client({ connectionString: ownDatabase.url });
    await client.connect();
    try {
      const keyId = first.key.split('_')[1];
      const { rows } = await client.query<{ lookups: number; used: Date | null }>(
        `SELECT (SELECT sum(lookups)::int FROM key_usage_minutes WHERE api_key_id = $1) AS lookups,
                (SELECT last_used_at FROM api_keys WHERE id = $1) AS used`,
        [keyId],
      );
      // The lookups of the tests above and of this one: 2 + 3.
      expect(rows[0]).toEqual({ lookups: 5, used: expect.any(Date) });
    } finally {
      await client.end();
      await ownDatabase.stop();
      ownDatabase = undefined;
    }
  }, 60_000);

  it('stops at once when its PostgreSQL was restarted under it, and logs its last line', async () => {
    const again = await startServer(env);
    stopped.push(again);
    expect(again.output()).toContain('Using the embedded PostgreSQL');
    expect((await lookup(again.url, first.key, 'PS5')).status).toBe(200);

    // Restarted by something else: a fast shutdown, then a server this test owns.
    const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
    process.kill(Number((await readFile(pidFile, 'utf8')).split('\n')[0]), 'SIGINT');
    expect(await eventually(() => Promise.resolve(!existsSync(pidFile)), 10_000)).toBe(true);
    ownDatabase = await EmbeddedDatabase.start({
      dataDir,
      port: Number(env.EMBEDDED_DATABASE_PORT),
    });
    const back = async () =>
      (await lookup(again.url, first.key, 'Apple AirPods Pro')).status === 200;
    expect(await eventually(back, 15_000)).toBe(true);

    const started = performance.now();
    expect(await again.stop('SIGTERM')).toBe(0);
    // Far below the 10 s shutdown timeout it used to wait for.
    expect(performance.now() - started).toBeLessThan(5_000);
    outputs.push(again.output());
    const lines = again.output().trim().split('\n');
    expect(lines.at(-1)).toContain('"msg":"Stopped"');
    expect(again.output()).toContain(
      'The embedded PostgreSQL this process started had already ended',
    );
  }, 60_000);

  it('logs none of those secrets, at the most verbose level', async () => {
    const password = (await readFile(path.join(dataDir, 'postgres-password'), 'utf8')).trim();
    const lines = outputs.join('\n').split('\n');
    // Verbose indeed: the framework's debug lines are there.
    expect(lines.some((line) => line.startsWith('{"level":20'))).toBe(true);
    for (const secret of [...secrets, password]) {
      expect(secret.length).toBeGreaterThan(10);
      expect(lines.filter((line) => line.includes(secret))).toEqual([]);
    }
    // The file's path is logged, the file itself is not.
    expect(lines.some((line) => line.includes(first.file))).toBe(true);
  });
});
