import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { startDisposablePostgres, type DisposablePostgres } from './support/disposable-postgres.js';
import { eventually, sleep, startLoad } from './support/load.js';
import { runBuiltCommand } from './support/run-command.js';
import { startServer, type ServerProcess } from './support/server-process.js';

// PostgreSQL stopped under load, or hung (its processes suspended): lookups answer 503 problem
// details with Retry-After in a bounded time (no hang, no 500, no crash), and the service
// recovers by itself.

const STATEMENT_TIMEOUT_MS = 1_000;
/** The slowest answer accepted during an outage: connect timeout + statement timeout + slack. */
const BOUND_MS = 4_000;
/** How long PostgreSQL hangs under a light load: long enough to pile up abandoned connections. */
const HANG_MS = 12_000;
/**
 * Lookups answer again within this of PostgreSQL resuming. Measured here on two cores busy with
 * other suites (load 12 to 15): 0.8, 0.9 and 1.1 s, and 2.3 s before the pool stopped piling up
 * abandoned connections (src/database/gated-pool.ts). The aim is 1 s; the bound leaves room
 * for the busiest machine, and still fails without the fix.
 */
const RESUMED_WITHIN_MS = 1_500;

describe('PostgreSQL outage', () => {
  let database: DisposablePostgres;
  let server: ServerProcess;
  let key: string;
  const lookup = (name = 'Sony WH-1000XM5') =>
    fetch(`${server.url}/v1/product-intelligence?product_name=${encodeURIComponent(name)}`, {
      headers: { Authorization: `Bearer ${key}` },
    });

  beforeAll(async () => {
    database = await startDisposablePostgres();
    const created = await runBuiltCommand('keys', ['create', '--name', 'outage'], {
      DATABASE_URL: database.url,
    });
    key = /pi_[A-Za-z0-9_-]+/.exec(created.stdout)?.[0] ?? '';
    expect(key).not.toBe('');
    server = await startServer({
      DATABASE_URL: database.url,
      PORT: '0',
      // The harness waits for the "listening on" line, logged at `log`.
      LOG_LEVEL: 'log',
      SEED_DEMO_CATALOG: 'true',
      MIGRATE_ON_START: 'false',
      LINK_SIGNING_SECRET: 'test-secret-test-secret-test-secret-0123',
      DATABASE_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
      DATABASE_CONNECT_TIMEOUT_MS: '1000',
      // The load below is about outages, not the rate budget.
      QUOTA_LIMIT: '1000000',
    });
  }, 300_000);

  /** A sign-in form read now, to be posted later (while PostgreSQL is stopped). */
  async function dashboardSignIn(): Promise<() => Promise<Response>> {
    const form = await fetch(`${server.url}/dashboard/sign-in`);
    const cookie = form.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const csrf = /name="_csrf" value="([^"]+)"/.exec(await form.text())?.[1] ?? '';
    const body = new URLSearchParams({ email: 'admin@example.com', password: 'x', _csrf: csrf });
    return () =>
      fetch(`${server.url}/dashboard/sign-in`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body,
        redirect: 'manual',
      });
  }

  afterAll(async () => {
    await server?.stop();
    await database?.destroy();
  });

  it('cancels a query that waits too long (statement timeout) with a 503', async () => {
    const blocker = new pg.Client({ connectionString: database.url });
    await blocker.connect();
    try {
      expect((await lookup()).status).toBe(200);
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE catalog_publications IN ACCESS EXCLUSIVE MODE');
      const started = performance.now();
      // A product's exact name, not asked before: its probe waits on the lock. (A name that is
      // no product's is resolved from the candidate index, in memory.)
      const res = await lookup('Apple AirPods Max');
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(performance.now() - started).toBeLessThan(BOUND_MS);
    } finally {
      await blocker.query('ROLLBACK').catch(() => undefined);
      await blocker.end();
    }
    expect((await lookup()).status).toBe(200);
  });

  it('answers 503 within its timeouts while PostgreSQL hangs, and recovers when it resumes', async () => {
    expect((await lookup()).status).toBe(200);
    await database.freeze();
    try {
      const started = performance.now();
      // A name not asked before: its answer is not cached, so it needs the database.
      const res = await lookup('Bose QuietComfort 45');
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(performance.now() - started).toBeLessThan(BOUND_MS);
    } finally {
      await database.thaw();
    }
    expect(
      await eventually(async () => (await lookup('Sony WH-1000XM4')).status === 200, 20_000),
    ).toBe(true);
  }, 60_000);

  it('answers lookups again soon after PostgreSQL resumes from a hang under load', async () => {
    let asked = 0;
    // A product's exact name written another way each time (the case of its letters, then
    // dots after it): its answer is not cached, and its probe needs the database (a name that is
    // no product's is resolved from the candidate index).
    const fresh = () => {
      const n = asked++;
      let bit = 0;
      const cased = [...'sony wh-1000xm4'].map((c) =>
        /[a-z]/.test(c) && (n >> bit++) & 1 ? c.toUpperCase() : c,
      );
      return lookup(cased.join('') + '.'.repeat(n >> 8));
    };
    expect((await fresh()).status).toBe(200);
    const load = startLoad(4, async () => {
      await sleep(100);
      return await fresh();
    });
    await sleep(1_000);
    await database.freeze();
    let resumed: number;
    try {
      await sleep(HANG_MS);
    } finally {
      await database.thaw();
      resumed = performance.now();
    }
    // Asked one after another: a 503 while it resumes comes at once, not after a timeout.
    let answeredAfter = Number.POSITIVE_INFINITY;
    while (performance.now() - resumed < 10_000) {
      if ((await fresh()).status === 200) {
        answeredAfter = performance.now() - resumed;
        break;
      }
      await sleep(50);
    }
    await load.stop();
    expect(answeredAfter).toBeLessThan(RESUMED_WITHIN_MS);
  }, 60_000);

  it('answers 503 with Retry-After while PostgreSQL is stopped, and recovers by itself', async () => {
    const signIn = await dashboardSignIn();
    const said = (text: string) => server.output().split(text).length - 1;
    // The hang before may still be ending: lookups answer again before the catalog poll (every
    // 2 s) says so. Each outage said is then followed by its end.
    const settled = () =>
      Promise.resolve(
        said('Could not read the latest catalog') ===
          said('Reading the latest catalog works again'),
      );
    expect(await eventually(settled, 15_000)).toBe(true);
    const warned = said('Could not read the latest catalog');
    const back = said('Reading the latest catalog works again');
    const load = startLoad(8, () => lookup());
    await sleep(1_000);
    await database.stop();
    // Longer than the verified-key cache (2 s), so key checks hit the dead database too.
    await sleep(4_000);
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(503);
    const live = await fetch(`${server.url}/healthz`);
    expect(live.status).toBe(200);
    // The dashboard answers as the API does: 503 with Retry-After, as a page.
    const page = await signIn();
    expect(page.status).toBe(503);
    expect(page.headers.get('retry-after')).toBe('5');
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);

    await database.start();
    const recovered = await eventually(async () => (await lookup()).status === 200, 20_000);
    await sleep(1_000);
    const samples = await load.stop();

    expect(recovered).toBe(true);
    expect(server.child.exitCode).toBeNull();
    const statuses = new Set(samples.map((s) => s.status));
    expect([...statuses].sort()).toEqual([200, 503]);
    const unavailable = samples.filter((s) => s.status === 503);
    for (const sample of unavailable) {
      expect(sample.retryAfter).toBe('5');
      expect(sample.contentType).toMatch(/^application\/problem\+json/);
    }
    expect(Math.max(...samples.map((s) => s.ms))).toBeLessThan(BOUND_MS);
    expect(samples.slice(-8).every((s) => s.status === 200)).toBe(true);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    // The catalog poll said the outage once, and its end, instead of dropping its failures.
    expect(said('Could not read the latest catalog') - warned).toBe(1);
    // The poll that says so runs every 2 s, and a failed one may take the connect and query
    // timeouts (1 + 2 s): on a loaded machine, 5 s after the lookups recovered was not enough.
    const ended = () =>
      Promise.resolve(said('Reading the latest catalog works again') - back === 1);
    expect(await eventually(ended, 15_000)).toBe(true);
  }, 300_000);
});
