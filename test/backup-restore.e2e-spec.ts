import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import pg from 'pg';
import { BackupReader } from '../src/backup/backup-reader.js';
import { restoreBackup } from '../src/backup/restorer.js';
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

// What an attacker or a broken disk hands `restore`: each file is refused in one line (no
// stack trace), in bounded memory, and leaves nothing behind, a new DATA_DIR included.
describe('restore of a damaged backup', () => {
  let root: string;
  let source: TestDatabase;
  let target: TestDatabase;
  /** The backup's lines, its last newline aside. */
  let lines: string[];
  /** The index of a table's line. */
  const at = (table: string) => lines.findIndex((l) => l.startsWith(`{"table":"${table}"`));
  let made = 0;

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'pi-restore-damaged-'));
    await chmod(root, 0o755); // as root the embedded server runs as `postgres`
    source = await createTestDatabase({ demo: true });
    target = await createTestDatabase({ migrated: false });
    const file = path.join(root, 'backup.gz');
    const env = { DATABASE_URL: source.url, DATA_DIR: path.join(root, 'source-data') };
    expect(await runBuiltCommand('backup', [file], env)).toMatchObject({ code: 0, stderr: '' });
    lines = gunzipSync(await readFile(file))
      .toString('utf8')
      .split('\n')
      .slice(0, -1);
  });

  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
    await Promise.all([source.drop(), target.drop()]);
  });

  /** A backup file of these lines (or these bytes), as gzip. */
  async function backupOf(content: string[] | Buffer): Promise<string> {
    const file = path.join(root, `damaged-${++made}.gz`);
    await writeFile(file, Buffer.isBuffer(content) ? content : gzipSync(content.join('\n') + '\n'));
    return file;
  }

  /** Restores into a DATA_DIR that does not exist yet (the embedded default); or DATABASE_URL. */
  async function restoreFrom(file: string, options: { url?: string; argv?: string[] } = {}) {
    const dataDir = path.join(root, `data-${++made}`);
    const env: Record<string, string> = options.url
      ? { DATABASE_URL: options.url, DATA_DIR: dataDir }
      : { DATA_DIR: dataDir, EMBEDDED_DATABASE_PORT: String(await freePort()) };
    const result = await runBuiltCommand('restore', [file], env, options.argv);
    return { ...result, leftBehind: existsSync(dataDir) };
  }

  /**
   * Each case's backup, edited, refused by `refuse` with the reason the command prints after
   * its name (a reason starting with ^ is a pattern).
   */
  async function expectRefusals(
    cases: [string, (all: string[]) => string[] | Buffer, string][],
    refuse: (file: string) => Promise<unknown>,
  ): Promise<void> {
    for (const [what, edit, why] of cases) {
      const file = await backupOf(edit([...lines]));
      const refusal = await refuse(file).then(
        () => 'accepted',
        (error: Error) => error.message,
      );
      if (why.startsWith('^'))
        expect({ what, refusal }).toEqual({
          what,
          refusal: expect.stringMatching(new RegExp(`^\\S+ ${why.slice(1)}`)),
        });
      else expect({ what, refusal }).toEqual({ what, refusal: `${file} ${why}` });
    }
  }

  const refused = (file: string, why: string) => ({
    code: 1,
    stdout: '',
    stderr: `restore: ${file} ${why}\n`,
    leftBehind: false,
  });

  it('refuses a row with an extra value in one line, naming its line and table', async () => {
    // The trial: a row of a large table, past the first chunk the COPY was sent.
    const line = at('name_keys') + 300;
    const edited = lines.map((l, i) => (i === line ? `${l}\textra` : l));
    const file = await backupOf(edited);
    expect(await restoreFrom(file)).toEqual(
      refused(
        file,
        `is damaged at line ${line + 1}: a row of name_keys has 3 values where the table has 2 columns`,
      ),
    );
  }, 60_000);

  it('refuses a cut backup, leaving no DATA_DIR behind', async () => {
    const whole = gzipSync(lines.join('\n') + '\n');
    const file = await backupOf(whole.subarray(0, Math.floor(whole.length * 0.6)));
    expect(await restoreFrom(file)).toEqual(
      refused(file, 'is damaged or incomplete (unexpected end of file)'),
    );
  }, 60_000);

  it('refuses a 1 MB gzip bomb within bounded memory, soon', async () => {
    // A backup's first two lines, then 1 GB without a newline: 1,024 gzip members of 1 MB of
    // "a" each (a gzip file may hold several, read one after the other).
    const member = gzipSync(Buffer.alloc(1 << 20, 'a'), { level: 9 });
    const bomb = Buffer.concat([
      gzipSync(lines.slice(0, 2).join('\n') + '\n'),
      ...Array<Buffer>(1024).fill(member),
    ]);
    expect(bomb.length).toBeLessThan(1.5 * 1024 * 1024);
    const file = await backupOf(bomb);
    // The restore's own peak memory (resident set), written as it exits.
    const rssFile = path.join(root, 'peak-rss');
    const report = `import{writeFileSync}from"node:fs";process.on("exit",()=>writeFileSync(${JSON.stringify(rssFile)},String(process.resourceUsage().maxRSS)))`;
    const cli = path.join('dist', 'src', 'cli.js');
    const started = performance.now();
    const result = await restoreFrom(file, {
      argv: [process.execPath, '--import', `data:text/javascript,${report}`, cli, 'restore', file],
    });
    expect(result).toEqual(
      refused(
        file,
        'is damaged at line 3: it is longer than 16 MiB, the most a backup line can be',
      ),
    );
    const peakMb = Number(await readFile(rssFile, 'utf8')) / 1024;
    expect(peakMb).toBeLessThan(256);
    expect(performance.now() - started).toBeLessThan(30_000);
  }, 60_000);

  it('refuses, each in one line and before any database is made, what a backup never holds', async () => {
    const header = JSON.parse(lines[0]!) as { sequences: { value: string }[] };
    const endAt = lines.length - 1;
    const offers = at('offers');
    const cases: [string, (all: string[]) => string[] | Buffer, string][] = [
      [
        'zeros from the first byte',
        () => gzipSync(Buffer.alloc(32 << 20)),
        'is not a Product Intelligence backup (its first line is not a backup header)',
      ],
      [
        'another format',
        (all) => [all[0]!.replace('product-intelligence-backup', 'other-backup'), ...all.slice(1)],
        'is not a Product Intelligence backup (its first line is not a backup header)',
      ],
      [
        'a sequence past bigint',
        (all) => {
          header.sequences[0]!.value = '99999999999999999999';
          return [JSON.stringify(header), ...all.slice(1)];
        },
        'is damaged: its header is not valid (at sequences.0.value)',
      ],
      [
        'a table twice',
        (all) => {
          const block = all.slice(offers, all.indexOf('\\.', offers) + 1);
          return [...all.slice(0, offers), ...block, ...all.slice(offers)];
        },
        `is damaged at line ${lines.indexOf('\\.', offers) + 2}: offers comes a second time`,
      ],
      [
        'a table line that is not JSON',
        (all) => all.map((l, i) => (i === offers ? l.slice(0, -1) : l)),
        `is damaged at line ${offers + 1}: a line that should name a table or end the file is not JSON`,
      ],
      [
        'a NUL byte in a row',
        (all) => all.map((l, i) => (i === offers + 1 ? l.replace('\t', '\t\0') : l)),
        `is damaged at line ${offers + 2}: a row of offers has a NUL byte in column product_id`,
      ],
      [
        'a NUL escape in a row',
        (all) => all.map((l, i) => (i === offers + 1 ? l.replace('\t', '\t\\000') : l)),
        `is damaged at line ${offers + 2}: a row of offers has an escape COPY never writes (\\0) in column product_id`,
      ],
      [
        'a row fewer than the end counts',
        (all) => all.filter((_, i) => i !== offers + 1),
        new RegExp(
          `^is damaged at line ${endAt}: its end counts (\\d+) rows of offers, the file has`,
        ).source,
      ],
      [
        'a line after the end',
        (all) => [...all, all[endAt]!],
        `is damaged at line ${endAt + 2}: it goes on after its end`,
      ],
    ];
    // The reader's whole-file check refuses each, in the words the command prints; one of them
    // goes through the command, which refuses it in one line before it makes a database.
    await expectRefusals(cases, (file) => BackupReader.check(file));
    const [, edit, why] = cases.find(([what]) => what === 'a table twice')!;
    const file = await backupOf(edit([...lines]));
    expect(await restoreFrom(file)).toEqual(refused(file, why));
  }, 400_000);

  it('says in one line that a file cannot be written or read, or a port is taken', async () => {
    const folder = path.join(root, 'a-folder');
    await mkdir(folder);
    // A port another program holds: the embedded server of a new DATA_DIR cannot start.
    const taken = net.createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => taken.listen(port, resolve));
    const dataDir = path.join(root, 'data-port-taken');
    try {
      const env = { DATABASE_URL: source.url, DATA_DIR: path.join(root, 'source-data') };
      const results = await Promise.all([
        runBuiltCommand('backup', ['/nonexistent/dir/x.gz'], env),
        runBuiltCommand('backup', [folder, '--force'], env),
        runBuiltCommand('restore', [folder], env),
        runBuiltCommand('restore', [path.join(root, 'backup.gz')], {
          DATA_DIR: dataDir,
          EMBEDDED_DATABASE_PORT: String(port),
        }),
      ]);
      expect(results.map(({ code, stderr }) => ({ code, stderr }))).toEqual([
        { code: 1, stderr: 'backup: cannot write /nonexistent/dir/x.gz (ENOENT)\n' },
        { code: 1, stderr: `backup: cannot write ${folder} (EISDIR: it is a folder)\n` },
        { code: 1, stderr: `restore: cannot read ${folder} (EISDIR: it is a folder)\n` },
        {
          code: 1,
          stderr: expect.stringMatching(new RegExp(`^restore: [^\n]*port ${port} taken[^\n]*\n$`)),
        },
      ]);
    } finally {
      taken.close();
    }
    // Nothing left behind: no partial backup beside the folder, no new DATA_DIR.
    expect((await readdir(root)).filter((f) => f.endsWith('.partial'))).toEqual([]);
    expect(existsSync(dataDir)).toBe(false);
  }, 120_000);

  it('removes the embedded database it made when PostgreSQL refuses a value', async () => {
    // A number past the column's type passes the file's own checks: PostgreSQL's refusal
    // comes once the new cluster holds part of the data.
    const line = at('catalog_publications') + 1;
    const edited = lines.map((l, i) => {
      if (i !== line) return l;
      const values = l.split('\t');
      values[4] = '99999999999999999999'; // product_count
      return values.join('\t');
    });
    const file = await backupOf(edited);
    expect(await restoreFrom(file)).toEqual(
      refused(
        file,
        `line ${line + 1} (catalog_publications.product_count): ` +
          'value "99999999999999999999" is out of range for type integer',
      ),
    );
  }, 300_000);

  it('refuses tables that are not where a backup of these migrations has them', async () => {
    const offers = at('offers');
    const offersEnd = lines.indexOf('\\.', offers);
    const reviews = at('reviews');
    const cases: [string, (all: string[]) => string[], string][] = [
      [
        'a table missing',
        (all) => {
          const end = JSON.parse(all.at(-1)!) as { rows: Record<string, number> };
          delete end.rows.password_links;
          const from = at('password_links');
          const to = all.indexOf('\\.', from);
          return [...all.slice(0, from), ...all.slice(to + 1, -1), JSON.stringify(end)];
        },
        `is damaged at line ${at('password_links') + 1}: products comes where the table password_links should`,
      ],
      [
        'an unknown table',
        (all) => {
          const answers = at('product_answers');
          const renamed = (l: string) => l.replaceAll('"product_answers"', '"product_answerz"');
          return all.map((l, i) => (i === answers || i === all.length - 1 ? renamed(l) : l));
        },
        `is damaged at line ${at('product_answers') + 1}: product_answerz comes where the table product_answers should`,
      ],
      [
        'a column renamed',
        (all) => all.map((l, i) => (i === reviews ? l.replace('"source"', '"origin"') : l)),
        new RegExp(
          `^is damaged at line ${reviews + 1}: reviews has the columns \\(id, product_id, origin,`,
        ).source,
      ],
      [
        'a column missing in every row',
        (all) =>
          all.map((l, i) => {
            if (i === offers) {
              const table = JSON.parse(l) as { table: string; columns: string[] };
              return JSON.stringify({ ...table, columns: table.columns.slice(0, -1) });
            }
            if (i > offers && i < offersEnd) return l.slice(0, l.lastIndexOf('\t'));
            return l;
          }),
        new RegExp(
          `^is damaged at line ${offers + 1}: offers has the columns \\(.*\\), not this database's`,
        ).source,
      ],
    ];
    // The restore the command runs refuses each in this process, in the words the command
    // prints (a process of its own each took a second of CPU); one goes through the command.
    await expectRefusals(
      cases,
      async (file) => await restoreBackup(target.url, await BackupReader.open(file), {}),
    );
    const [, edit, why] = cases.find(([what]) => what === 'a table missing')!;
    const file = await backupOf(edit([...lines]));
    expect(await restoreFrom(file, { url: target.url })).toEqual(refused(file, why));
  }, 400_000);
});
