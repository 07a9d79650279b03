import { afterAll, describe, expect, it } from '@jest/globals';
import { chmod, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './setup/global-setup.js';
import { readFirstStartSecrets } from './support/first-start.js';
import { runBuiltCommand } from './support/run-command.js';
import { startServer, type ServerProcess } from './support/server-process.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

// npm run admin -- backup FILE / restore FILE (src/backup/): a backup taken while the service
// runs, restored into a new data folder, gives a service that answers the same.

const NAMES = ['PS5', 'Sony WH-1000XM5', 'Cafe Creme II', 'iphone 15 pro', 'no such product zz'];

async function lookups(url: string, key: string): Promise<unknown[]> {
  return await Promise.all(
    NAMES.map(async (name) => {
      const response = await fetch(
        `${url}/v1/product-intelligence?product_name=${encodeURIComponent(name)}`,
        { headers: { Authorization: `Bearer ${key}` } },
      );
      return { status: response.status, body: await response.json() };
    }),
  );
}

describe('backup and restore', () => {
  const servers: ServerProcess[] = [];
  const roots: string[] = [];
  const databases: TestDatabase[] = [];

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop('SIGKILL')));
    await Promise.all(roots.map((dir) => rm(dir, { recursive: true, force: true })));
    await Promise.all(databases.map((db) => db.drop()));
  });

  it('backs up a running embedded default and restores it into a new DATA_DIR', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'pi-backup-'));
    roots.push(root);
    await chmod(root, 0o755); // as root the embedded server runs as `postgres`
    const file = path.join(root, 'backup.gz');
    const envOf = async (dir: string) => ({
      DATABASE_URL: undefined,
      DATA_DIR: path.join(root, dir),
      PORT: String(await freePort()),
      EMBEDDED_DATABASE_PORT: String(await freePort()),
      LOG_LEVEL: 'log',
    });
    const a = await envOf('a');
    // The same address: links in answers name it.
    const b = { ...(await envOf('b')), PORT: a.PORT };
    const commandEnv = (env: typeof a) => ({
      DATA_DIR: env.DATA_DIR,
      EMBEDDED_DATABASE_PORT: env.EMBEDDED_DATABASE_PORT,
    });

    // The service's first start: the demo catalog, the first key, the admin; then a key of
    // the admin command's and a catalog imported on top.
    const first = await startServer(a);
    servers.push(first);
    const { key } = await readFirstStartSecrets(a.DATA_DIR);
    const created = await runBuiltCommand('keys', ['create', '--name', 'kept', '--json'], {
      ...commandEnv(a),
    });
    const secondKey = (JSON.parse(created.stdout) as { key: string }).key;
    const imported = await runBuiltCommand(
      'catalog:import',
      ['test/fixtures/catalog-valid.jsonl'],
      commandEnv(a),
    );
    expect(imported.code).toBe(0);
    // An alias an admin confirmed: curated data, which the backup holds too.
    const alias = await runBuiltCommand(
      'alias',
      ['add', 'the quiet sony cans', 'sony-wh-1000xm4'],
      commandEnv(a),
    );
    expect(alias).toMatchObject({ code: 0, stderr: '' });
    const before = await lookups(first.url, key);
    expect(before.map((l) => (l as { status: number }).status)).toEqual([200, 200, 200, 200, 200]);

    // While it runs: one line, and the file only its owner reads.
    const backedUp = await runBuiltCommand('backup', [file], commandEnv(a));
    expect(backedUp).toMatchObject({ code: 0, stderr: '' });
    expect(backedUp.stdout).toMatch(
      /^Backed up to \S+backup\.gz: [\d.]+ KB, 21 tables, [\d,]+ rows \(products 207, api_keys 2, accounts 1\), in [\d.]+ s\.\n$/,
    );
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    // An existing file is replaced only with --force.
    const again = await runBuiltCommand('backup', [file], commandEnv(a));
    expect(again).toMatchObject({
      code: 1,
      stderr: `backup: ${file} exists; add --force to replace it\n`,
    });
    const forced = await runBuiltCommand('backup', [file, '--force', '--json'], commandEnv(a));
    const summary = JSON.parse(forced.stdout) as { tables: Record<string, number> };
    expect(summary).toMatchObject({ data_files: ['link-signing-secret'] });
    expect(summary.tables).toMatchObject({
      products: 207,
      api_keys: 2,
      accounts: 1,
      name_aliases: 1,
    });
    expect([0, 143]).toContain(await first.stop());

    // Not a backup: one line, and no database is made for it.
    const notBackup = await runBuiltCommand('restore', ['package.json'], commandEnv(b));
    expect(notBackup.code).toBe(1);
    expect(notBackup.stderr).toBe(
      'restore: package.json is not a Product Intelligence backup (not a gzip file; see npm run admin -- backup --help)\n',
    );

    const restored = await runBuiltCommand('restore', [file, '--json'], commandEnv(b));
    expect(restored).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(restored.stdout)).toMatchObject({
      tables: summary.tables,
      applied_migrations: [],
      data_files: ['link-signing-secret'],
    });
    expect(await readFile(path.join(b.DATA_DIR, 'link-signing-secret'), 'utf8')).toBe(
      await readFile(path.join(a.DATA_DIR, 'link-signing-secret'), 'utf8'),
    );

    // The restored service: no first start, the same answers (links too), both keys work.
    const second = await startServer(b);
    servers.push(second);
    expect(second.output()).toContain('Using the embedded PostgreSQL');
    expect(second.output()).not.toContain('Seeded');
    expect(await lookups(second.url, key)).toEqual(before);
    // (Links name the key whose lookup made them.)
    const withSecond = (await lookups(second.url, secondKey))[0] as { body: { id: string } };
    expect(withSecond).toMatchObject({ status: 200, body: { id: 'sony-playstation-5' } });
    expect([0, 143]).toContain(await second.stop());
  }, 400_000);

  it('backs up and restores a database of DATABASE_URL, into an empty one it migrates', async () => {
    const source = await createTestDatabase({ demo: true });
    const target = await createTestDatabase({ migrated: false });
    databases.push(source, target);
    const root = await mkdtemp(path.join(os.tmpdir(), 'pi-backup-url-'));
    roots.push(root);
    const file = path.join(root, 'backup.gz');
    const env = (url: string) => ({ DATABASE_URL: url, DATA_DIR: path.join(root, 'data') });

    const backedUp = await runBuiltCommand('backup', [file, '--json'], env(source.url));
    expect(backedUp.stderr).toBe('');
    const { tables } = JSON.parse(backedUp.stdout) as { tables: Record<string, number> };
    const restored = await runBuiltCommand('restore', [file, '--json'], env(target.url));
    expect(restored.stderr).toBe('');
    expect(JSON.parse(restored.stdout)).toMatchObject({ tables });

    // Row for row the same, ids and id sequences included.
    const read = async (url: string) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const { rows } = await client.query(
          `SELECT (SELECT json_agg(o ORDER BY id) FROM offers o) AS offers,
                  (SELECT json_agg(r ORDER BY id) FROM reviews r) AS reviews,
                  (SELECT last_value FROM offers_id_seq) AS next_offer`,
        );
        return rows[0] as unknown;
      } finally {
        await client.end();
      }
    };
    const copied = await read(target.url);
    expect(copied).toEqual(await read(source.url));

    // Over a database that holds data: only with --force. (Each check starts no embedded
    // server here: the embedded default's own restore is the test above.)
    const over = await runBuiltCommand('restore', [file], env(target.url));
    expect(over.code).toBe(1);
    expect(over.stderr).toMatch(/^restore: the database already holds data \(.+\); .+--force/);
    // A cut file fails part-way, even with --force, and leaves the database as it was.
    const cut = path.join(root, 'cut.gz');
    const whole = await readFile(file);
    await writeFile(cut, whole.subarray(0, Math.floor(whole.length * 0.6)));
    const partial = await runBuiltCommand('restore', [cut, '--force'], env(target.url));
    expect(partial).toMatchObject({
      code: 1,
      stderr: `restore: ${cut} is damaged or incomplete (unexpected end of file)\n`,
    });
    expect(await read(target.url)).toEqual(copied);
  });
});
