import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { INestApplication } from '@nestjs/common';
import { readFile, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { projectRoot } from '../src/config/project-root.js';
import { AskedNames } from '../src/curation/asked-names.js';
import { AskedNamesRepository } from '../src/curation/asked-names.repository.js';
import { AliasRefused, NameAliasesRepository } from '../src/curation/name-aliases.repository.js';
import { SINGLE_TOOL } from '../src/mcp/mcp-tools.js';
import { nameKey } from '../src/names/name-normaliser.js';
import { runBuiltCommand } from './support/run-command.js';
import { temporaryFolder } from './support/temp-folders.js';
import { bearer, createTestApp } from './support/test-app.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

// The names people asked for (issue 54): refused names recorded off the request path, and
// aliases an admin confirms, found at once on every instance without an import.

const METRICS_TOKEN = 'asked-names-metrics-token';

/** A name the demo catalog refuses: two headphones share it, so it suggests one. */
const REFUSED = 'Sony WH 1000';

describe(AskedNames.name, () => {
  let db: TestDatabase;
  const apps: INestApplication[] = [];
  const bases: string[] = [];
  let key: string;
  let client: pg.Client;

  beforeAll(async () => {
    db = await createTestDatabase({ demo: true });
    for (let i = 0; i < 2; i++) {
      const app = await createTestApp({ DATABASE_URL: db.url, METRICS_TOKEN });
      await app.listen(0, '127.0.0.1');
      apps.push(app);
      bases.push(
        `http://127.0.0.1:${((app.getHttpServer() as Server).address() as AddressInfo).port}`,
      );
    }
    key = await bearer(apps[0]!);
    client = new pg.Client({ connectionString: db.url });
    await client.connect();
  });

  afterAll(async () => {
    await client?.end();
    await Promise.all(apps.map((app) => app.close()));
    await db?.drop();
  });

  const lookup = async (base: string, name: string) => {
    const res = await fetch(
      `${base}/v1/product-intelligence?product_name=${encodeURIComponent(name)}`,
      { headers: { Authorization: key } },
    );
    expect(res.status).toBe(200);
    return (await res.json()) as { found: boolean; id?: string; other_matches?: unknown[] };
  };

  const flushAll = async () => {
    for (const app of apps) await app.get(AskedNames).flush();
  };

  const row = async (name: string) => {
    const { rows } = await client.query<Record<string, unknown>>(
      'SELECT * FROM asked_names WHERE key = $1',
      [nameKey(name)],
    );
    return rows[0];
  };

  it('counts a refused name by transport, cached or not, with its best suggestion', async () => {
    const refused = await lookup(bases[0]!, REFUSED);
    expect(refused.found).toBe(false);
    expect(refused.other_matches?.length).toBeGreaterThan(0);
    // Asked again (now cached), in another spelling, on the other instance, and in a batch.
    await lookup(bases[0]!, REFUSED);
    await lookup(bases[1]!, 'sony  wh-1000');
    const batch = await fetch(`${bases[1]}/v1/product-intelligence/batch`, {
      method: 'POST',
      headers: { Authorization: key, 'Content-Type': 'application/json' },
      body: JSON.stringify({ product_names: [REFUSED, 'Sony WH-1000XM5'] }),
    });
    expect(batch.status).toBe(200);
    const mcp = new Client({ name: 'e2e', version: '1.0.0' });
    await mcp.connect(
      new StreamableHTTPClientTransport(new URL(`${bases[0]}/mcp`), {
        requestInit: { headers: { Authorization: key } },
      }),
    );
    await mcp.callTool({ name: SINGLE_TOOL, arguments: { product_name: REFUSED } });
    await mcp.close();

    // Counts are written by each instance's flush (every 2 s, or now).
    await flushAll();
    const stored = await row(REFUSED);
    expect(stored).toMatchObject({ asked_http: 4, asked_mcp: 1, feed_items: 0, status: 'pending' });
    expect(['sony-wh-1000xm5', 'sony-wh-1000xm4']).toContain(stored!.suggestion_id);
    expect(stored!.suggestion_score).toBeGreaterThan(0);
    expect(stored!.publication_id).toBeGreaterThan(0);
    // A found name is no name to review.
    expect(await row('Sony WH-1000XM5')).toBeUndefined();
    const metrics = await fetch(`${bases[0]}/metrics`, {
      headers: { Authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const text = await metrics.text();
    // Instance 0 refused two over HTTP and one over MCP; its first write counted the names.
    expect(text).toContain('lookup_refusals_total{transport="http"} 2');
    expect(text).toContain('lookup_refusals_total{transport="mcp"} 1');
    expect(text).toMatch(/^asked_names_pending [01]$/m);
    expect(text).toMatch(/^name_aliases 0$/m);
  });

  it('drops names nobody asked for lately, then the least asked beyond the bound', async () => {
    const repository = apps[0]!.get(AskedNamesRepository);
    const day = 86_400_000;
    const now = Date.now();
    const count = (name: string, asked: number, lastMs: number) => ({
      key: nameKey(name),
      name,
      firstMs: lastMs,
      lastMs,
      http: asked,
      mcp: 0,
      feed: 0,
    });
    await repository.add([
      count('old but popular', 50, now - 100 * day),
      count('asked once', 1, now - day),
      count('asked twice', 2, now - day),
      count('asked thrice', 3, now),
    ]);
    const before = (await repository.counts()).pending;
    // Nothing older than 90 days, and at most `before - 1` names once the old one went.
    expect(await repository.prune(new Date(now - 90 * day), before - 2)).toBe(2);
    const names = (await repository.list('pending', 100)).map((n) => n.name);
    expect(names).not.toContain('old but popular');
    expect(names).not.toContain('asked once');
    expect(names).toEqual(expect.arrayContaining(['asked twice', 'asked thrice']));
    // The list is the most asked first.
    expect(names.indexOf('asked thrice')).toBeLessThan(names.indexOf('asked twice'));
  });

  it('stores no key, account or address with a name', async () => {
    const { rows: keys } = await client.query<{ id: string; prefix: string }>(
      'SELECT id, display_prefix AS prefix FROM api_keys',
    );
    const secret = key.replace('Bearer ', '');
    for (const table of ['asked_names', 'name_aliases']) {
      const { rows: columns } = await client.query<{ column_name: string }>(
        `SELECT column_name FROM information_schema.columns WHERE table_name = $1`,
        [table],
      );
      expect(columns.map((c) => c.column_name).join(' ')).not.toMatch(/key_id|account|address|ip/);
      const { rows } = await client.query(`SELECT * FROM ${table}`);
      const text = JSON.stringify(rows);
      for (const forbidden of [secret, '127.0.0.1', ...keys.flatMap((k) => [k.id, k.prefix])])
        expect(text).not.toContain(forbidden);
    }
    const { rows } = await client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM asked_names',
    );
    expect(rows[0]!.n).toBeGreaterThan(0);
  });

  it('finds a confirmed name and its other spellings on every instance within 2 seconds', async () => {
    // Both instances have the refusal cached.
    for (const base of bases) expect((await lookup(base, REFUSED)).found).toBe(false);
    const started = Date.now();
    const alias = await apps[0]!.get(NameAliasesRepository).add(REFUSED, 'sony-wh-1000xm4');
    expect(alias.productName).toBe('Sony WH-1000XM4');
    const spellings = [REFUSED, 'sony wh-1000', 'SONY  WH 1000!', 'Sony WH.1000'];
    for (const base of bases)
      for (const spelling of spellings) {
        let answer = await lookup(base, spelling);
        while (!answer.found && Date.now() - started < 2_000) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          answer = await lookup(base, spelling);
        }
        expect({ spelling, id: answer.id }).toEqual({ spelling, id: 'sony-wh-1000xm4' });
      }
    expect(Date.now() - started).toBeLessThan(2_000);
    // Confirmed, it is no longer a name to review, even once the refusals the instances
    // gathered before are written.
    await flushAll();
    expect(await row(REFUSED)).toBeUndefined();
  });

  it("refuses an alias that is another product's name or alias, saying which", async () => {
    const aliases = apps[0]!.get(NameAliasesRepository);
    await expect(aliases.add('sony wh-1000xm5', 'sony-wh-1000xm4')).rejects.toThrow(
      new AliasRefused(
        '"sony wh-1000xm5" is exactly the name of product sony-wh-1000xm5 (Sony WH-1000XM5)',
      ),
    );
    await expect(aliases.add('Sony WH-1000 ', 'sony-wh-1000xm5')).rejects.toThrow(
      /is already an alias of product sony-wh-1000xm4/,
    );
    await expect(aliases.add('some headphones', 'no-such-product')).rejects.toThrow(
      /no product has the id "no-such-product"/,
    );
    await expect(aliases.remove('never confirmed')).rejects.toThrow(
      /no alias is "never confirmed"/,
    );
  });

  it('is managed from the command line, and a --replace import keeps and reports aliases', async () => {
    const env = { DATABASE_URL: db.url };
    const added = await runBuiltCommand(
      'alias',
      ['add', 'Quiet Bose Forty Five', 'bose-quietcomfort-45', '--json'],
      env,
    );
    expect(added.stderr).toBe('');
    expect(JSON.parse(added.stdout)).toMatchObject({ product_id: 'bose-quietcomfort-45' });
    const refused = await runBuiltCommand(
      'alias',
      ['add', 'Quiet Bose Forty Five', 'sony-wh-1000xm5'],
      env,
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      'alias add: "Quiet Bose Forty Five" is already an alias of product bose-quietcomfort-45\n',
    );

    // A catalog without the Sony WH-1000XM4, imported with --replace.
    const folder = await temporaryFolder('asked-names-');
    const file = path.join(folder, 'catalog.jsonl');
    const lines = (await readFile(path.join(projectRoot(), 'prisma/demo-catalog.jsonl'), 'utf8'))
      .split('\n')
      .filter((line) => line && !line.startsWith('{"id":"sony-wh-1000xm4"'));
    await writeFile(file, lines.join('\n') + '\n');
    const imported = await runBuiltCommand('catalog:import', [file, '--replace'], env);
    expect(imported.code).toBe(0);
    expect(imported.stdout).toContain(
      'Kept 1 alias of products this import removes, finding nothing until their product returns (alias list): "Sony WH 1000" (sony-wh-1000xm4).',
    );
    const listed = await runBuiltCommand('alias', ['list', '--json'], env);
    const aliases = JSON.parse(listed.stdout) as { name: string; product_removed: boolean }[];
    expect(aliases.map((a) => [a.name, a.product_removed]).sort()).toEqual([
      ['Quiet Bose Forty Five', false],
      ['Sony WH 1000', true],
    ]);
    // The kept alias still finds its product; the other finds nothing and is refused again.
    let bose = await lookup(bases[1]!, 'quiet-bose forty five');
    for (let i = 0; i < 40 && !bose.found; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      bose = await lookup(bases[1]!, 'quiet-bose forty five');
    }
    expect(bose.id).toBe('bose-quietcomfort-45');

    const removed = await runBuiltCommand('alias', ['remove', 'sony wh 1000'], env);
    expect(removed.stdout).toBe('"sony wh 1000" no longer finds sony-wh-1000xm4.\n');
    await flushAll();
    const unresolved = await runBuiltCommand('unresolved', ['--json', '--top', '5'], env);
    expect(unresolved.code).toBe(0);
    expect(Array.isArray(JSON.parse(unresolved.stdout))).toBe(true);
  });
});
