import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { startPoller, summarize } from '../bench/lib/lookup-poller.js';
import { generateCatalogLines } from '../tools/generator/catalog-generator.js';
import { catalogFile } from './support/catalog-files.js';
import { runBuiltCommand } from './support/run-command.js';
import { startServer, type ServerProcess } from './support/server-process.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

// Publishing a catalog never interrupts lookups: while a `--replace` import builds the new
// catalog beside the published one, the service keeps answering every lookup and readiness
// probe from the old one, and no query of the service waits on the import's locks beyond the
// swap's few milliseconds. bench/publish.bench.ts measures the same at 200,000 and 1,000,000.

const PRODUCTS = 4_000;
/**
 * A lookup queued behind the swap waits at most its lock_timeout and the swap itself (which
 * the import reports: a few milliseconds, a few hundred when other tests load the machine),
 * with this much room for the watcher's 20 ms polls and a busy machine's scheduling.
 */
const LOCK_WAIT_ROOM_MS = 250;

/** The longest any query of the database (not the import's own) has waited on a lock. */
function watchLockWaits(url: string) {
  const client = new pg.Client({ connectionString: url });
  let longest = 0;
  let running = true;
  const watching = (async () => {
    await client.connect();
    while (running) {
      const { rows } = await client.query<{ ms: number | null }>(
        `SELECT max(extract(epoch FROM clock_timestamp() - query_start) * 1000)::float8 AS ms
           FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock'
            AND application_name <> 'catalog:import'`,
      );
      longest = Math.max(longest, rows[0]?.ms ?? 0);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await client.end();
  })();
  return {
    stop: async () => {
      running = false;
      await watching;
      return longest;
    },
  };
}

describe('catalog:import publishing', () => {
  let db: TestDatabase;
  let server: ServerProcess | undefined;
  /** The pollers' key. */
  let key: string;
  const env = () => ({ DATABASE_URL: db.url });
  const namesOf = (lines: string[]) => lines.map((l) => (JSON.parse(l) as { name: string }).name);
  const before = [...generateCatalogLines({ products: PRODUCTS, seed: 1 })];
  const after = [...generateCatalogLines({ products: PRODUCTS, seed: 2 })];

  beforeAll(async () => {
    db = await createTestDatabase();
    // The catalog and the key touch nothing of each other's: both commands run at once.
    const [imported, created] = await Promise.all([
      runBuiltCommand('catalog:import', [await catalogFile(before)], env()),
      runBuiltCommand('keys', ['create', '--name', 'poller'], env()),
    ]);
    expect(imported.code).toBe(0);
    key = /pi_[A-Za-z0-9_-]+/.exec(created.stdout)?.[0] ?? '';
    expect(key).not.toBe('');
    server = await startServer({
      DATABASE_URL: db.url,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'log', // the harness waits for the "listening on" line
      SEED_DEMO_CATALOG: 'false',
      MIGRATE_ON_START: 'false',
      QUOTA_LIMIT: '1000000',
      LINK_SIGNING_SECRET: 'test-secret-test-secret-test-secret-0123',
    });
  });

  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  /** Polls the server while `catalog:import ARGS --json` runs; every figure in one object. */
  async function pollDuring(args: string[]) {
    const poller = startPoller({ baseUrl: server!.url, key, names: namesOf(before) });
    await new Promise((resolve) => setTimeout(resolve, 1_000)); // idle first
    const locks = watchLockWaits(db.url);
    const started = performance.now();
    const result = await runBuiltCommand('catalog:import', [...args, '--json'], env());
    const ended = performance.now();
    const longestLockWait = await locks.stop();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const samples = await poller.stop();
    expect(result).toMatchObject({ code: 0 });
    const { swapMs } = JSON.parse(result.stdout.slice(result.stdout.indexOf('{'))) as {
      swapMs: number;
    };
    return {
      report: {
        lookups: summarize(samples, 'lookup', started, ended),
        probes: summarize(samples, 'readyz', started, ended),
        failures: samples.filter((s) => s.status !== 200),
        longestLockWait,
        // A failure says how long, and what the import printed.
        lockWaits:
          longestLockWait < LOCK_WAIT_ROOM_MS + swapMs
            ? 'bounded'
            : `${Math.round(longestLockWait)} ms: ${result.stdout.slice(0, 400)}`,
        swapMs,
      },
    };
  }

  const undisturbed = {
    lookups: { failed: 0 },
    probes: { failed: 0 },
    failures: [],
    lockWaits: 'bounded',
  };

  it('answers every lookup and readiness probe while a --replace import runs', async () => {
    const { report } = await pollDuring([await catalogFile(after), '--replace', '--force']);
    expect(report.lookups.count).toBeGreaterThan(10);
    expect(report).toMatchObject(undisturbed);

    // The new catalog is the one answered from.
    const name = namesOf(after)[0]!;
    const res = await fetch(
      `${server!.url}/v1/product-intelligence?product_name=${encodeURIComponent(name)}`,
      { headers: { Authorization: `Bearer ${key}` } },
    );
    expect(res.status).toBe(200);
    expect(((await res.json()) as { found: boolean }).found).toBe(true);
  });

  it('answers every lookup and readiness probe while a merge import runs', async () => {
    const { report } = await pollDuring([await catalogFile(before.slice(0, PRODUCTS / 2))]);
    expect(report.lookups.count).toBeGreaterThan(10);
    expect(report).toMatchObject(undisturbed);
  });
});
