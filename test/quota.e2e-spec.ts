import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { ApiKeysService } from '../src/auth/api-keys.service.js';
import { QuotaGuard } from '../src/quota/quota.guard.js';
import { UsageCounters } from '../src/usage/usage-counters.js';
import { startRedisServer } from './setup/global-setup.js';
import { bearer, createTestApp } from './support/test-app.js';
import { createTestDatabase, redisUrl } from './support/test-database.js';

const single = (name = 'Sony WH-1000XM5') =>
  `/v1/product-intelligence?product_name=${encodeURIComponent(name)}`;

/** A running app and fetch against it (real sockets, so 200 requests can be in flight). */
async function startApp(env: Record<string, string>) {
  const db = await createTestDatabase();
  const app = await createTestApp({ DATABASE_URL: db.url, ...env });
  await app.listen(0, '127.0.0.1');
  const { port } = (app.getHttpServer() as Server).address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  return {
    app,
    db,
    get: (path: string, key: string) => fetch(base + path, { headers: { Authorization: key } }),
    batch: (names: string[], key: string, body: unknown = { product_names: names }) =>
      fetch(`${base}/v1/product-intelligence/batch`, {
        method: 'POST',
        headers: { Authorization: key, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      }),
    /** A stateless MCP tool call, as JSON-RPC over one POST. */
    tool: (name: string, args: Record<string, unknown>, key: string) =>
      fetch(`${base}/mcp`, {
        method: 'POST',
        headers: {
          Authorization: key,
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name, arguments: args },
        }),
      }),
    close: async () => {
      await app.close();
      await db.drop();
    },
  };
}

/** `"lookups";r=3;t=42` → { r: 3, t: 42 } */
function rateLimit(res: Response): { r: number; t: number } {
  const match = /^"lookups";r=(\d+);t=(\d+)$/.exec(res.headers.get('ratelimit') ?? '');
  if (!match) throw new Error(`bad RateLimit header: ${res.headers.get('ratelimit')}`);
  return { r: Number(match[1]), t: Number(match[2]) };
}

const storages: [string, () => Record<string, string>][] = [
  ['memory', () => ({})],
  ['Redis', () => ({ REDIS_URL: redisUrl() })],
];

describe.each(storages)(`${QuotaGuard.name} with %s storage`, (_, storageEnv) => {
  let service: Awaited<ReturnType<typeof startApp>>;
  let app: INestApplication;

  beforeAll(async () => {
    service = await startApp(storageEnv());
    app = service.app;
  });

  afterAll(async () => {
    await service?.close();
  });

  it('lets exactly 120 of 200 concurrent lookups through, and says when to retry', async () => {
    const key = await bearer(app);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => service.get(single(`product ${i}`), key)),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(120);
    expect(statuses.filter((s) => s === 429)).toHaveLength(80);

    const ok = answers.find((res) => res.status === 200)!;
    expect(ok.headers.get('ratelimit-policy')).toBe('"lookups";q=120;w=60');
    expect(rateLimit(ok).t).toBeGreaterThan(0);
    const refused = answers.find((res) => res.status === 429)!;
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(rateLimit(refused).r).toBe(0);
    const body = (await refused.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      status: 429,
      title: 'Too many requests',
      retry_after: retryAfter,
    });
    expect(body.detail).toContain(`Retry in ${retryAfter} seconds`);
  });

  it('refuses a batch of 5 with 3 left, consuming nothing, and serves a batch of 3', async () => {
    const key = await bearer(app);
    for (let i = 0; i < 23; i++)
      expect((await service.batch(['a', 'b', 'c', 'd', 'e'], key)).status).toBe(200);
    expect((await service.batch(['a', 'b'], key)).status).toBe(200); // 117 used, 3 left

    const refused = await service.batch(['a', 'b', 'c', 'd', 'e'], key);
    expect(refused.status).toBe(429);
    expect(rateLimit(refused).r).toBe(3);
    expect((await refused.json()) as object).toMatchObject({
      detail: expect.stringContaining('not enough for a batch of 5 lookups'),
    });

    const fits = await service.batch(['a', 'b', 'c'], key);
    expect(fits.status).toBe(200);
    expect(rateLimit(fits).r).toBe(0);
    expect((await service.get(single(), key)).status).toBe(429);
  });

  it('keeps the budgets of two keys apart', async () => {
    const [first, second] = [await bearer(app), await bearer(app)];
    await Promise.all(
      Array.from({ length: 24 }, () => service.batch(['a', 'b', 'c', 'd', 'e'], first)),
    );
    expect((await service.get(single(), first)).status).toBe(429);
    const other = await service.get(single(), second);
    expect(other.status).toBe(200);
    expect(rateLimit(other).r).toBe(119);
  });

  it('checks the key, then the request, then the budget; a refused request costs nothing', async () => {
    const key = await bearer(app);
    // 401 comes before validation: a bad request without a key is a 401.
    expect((await service.get('/v1/product-intelligence', 'Bearer nope')).status).toBe(401);

    const invalid = await service.get('/v1/product-intelligence?detail=huge', key);
    expect(invalid.status).toBe(400);
    expect(rateLimit(invalid)).toEqual({ r: 120, t: 0 });

    await Promise.all(
      Array.from({ length: 24 }, () => service.batch(['a', 'b', 'c', 'd', 'e'], key)),
    );
    // Out of budget, a bad request is still a 400 (or 413/415), never a 429.
    expect((await service.batch([], key, { product_names: [] })).status).toBe(400);
    expect((await service.batch([], key, { product_names: ['x'.repeat(20_000)] })).status).toBe(
      413,
    );
    const unsupported = await fetch(
      (await service.get(single(), key)).url.replace(/\/v1.*/, '/v1/product-intelligence/batch'),
      { method: 'POST', headers: { Authorization: key }, body: 'product_names=a' },
    );
    expect(unsupported.status).toBe(415);
    expect((await service.get(single(), key)).status).toBe(429);
  });
});

describe.each(storages)('the rolling window with %s storage', (_, storageEnv) => {
  it('returns budget as old charges age out, and the headers say when', async () => {
    const service = await startApp({
      ...storageEnv(),
      QUOTA_LIMIT: '5',
      QUOTA_WINDOW_SECONDS: '4',
    });
    try {
      const key = await bearer(service.app);
      const first = await service.batch(['a', 'b', 'c'], key); // 3 charged at t0
      expect(rateLimit(first)).toEqual({ r: 2, t: 4 });
      expect(first.headers.get('ratelimit-policy')).toBe('"lookups";q=5;w=4');
      await sleep(2_000);
      const second = await service.batch(['a', 'b'], key); // 2 charged at t0 + 2 s
      expect(rateLimit(second).r).toBe(0);
      expect(rateLimit(second).t).toBe(2); // the charge of t0 frees first, about 2 s from now
      const refused = await service.get(single(), key);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('2');

      await sleep(2_200); // t0 + 4.2 s: the 3 of t0 have aged out, the 2 of t0 + 2 s have not
      const later = await service.get(single(), key);
      expect(later.status).toBe(200);
      expect(rateLimit(later).r).toBe(2); // a fixed window would have reset to 4
      expect(rateLimit(later).t).toBe(2);
    } finally {
      await service.close();
    }
  });
});

describe.each(storages)('a lookup that fails with 503 with %s storage', (_, storageEnv) => {
  it('gives its charge back and counts no usage, over HTTP and MCP, one name or a batch', async () => {
    const service = await startApp({
      ...storageEnv(),
      QUOTA_LIMIT: '10',
      // A lookup waiting on the lock below is cancelled soon: a 503.
      DATABASE_STATEMENT_TIMEOUT_MS: '300',
    });
    const blocker = new pg.Client({ connectionString: service.db.url });
    await blocker.connect();
    try {
      const { key, record } = await service.app.get(ApiKeysService).create('refunds');
      const auth = `Bearer ${key}`;
      const answered = await service.get(single('Sony WH-1000XM5'), auth);
      expect(answered.status).toBe(200);
      expect(rateLimit(answered).r).toBe(9);

      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE catalog_publications IN ACCESS EXCLUSIVE MODE');
      const one = await service.get(single('Bose QuietComfort 45'), auth);
      expect(one.status).toBe(503);
      expect(rateLimit(one).r).toBe(9);
      const batch = await service.batch(['Apple AirPods Pro', 'Sony WH-1000XM4', 'Jabra'], auth);
      expect(batch.status).toBe(503);
      expect(rateLimit(batch).r).toBe(9);
      for (const [tool, args] of [
        ['get_product_intelligence', { product_name: 'Bose 700' }],
        ['get_product_intelligence_batch', { product_names: ['Bose 700', 'Sony A7'] }],
      ] as const) {
        const mcp = await service.tool(tool, args, auth);
        expect(mcp.status).toBe(200);
        expect(rateLimit(mcp).r).toBe(9);
        const { result } = (await mcp.json()) as {
          result: { isError: boolean; content: { text: string }[] };
        };
        expect(result.isError).toBe(true);
        expect(JSON.parse(result.content[0]!.text)).toMatchObject({ status: 503, retry_after: 5 });
      }
      await blocker.query('ROLLBACK');

      const after = await service.get(single('Bose QuietComfort 45'), auth);
      expect(after.status).toBe(200);
      expect(rateLimit(after).r).toBe(8);
      // The usage chart counts the two answered lookups, and nothing else.
      await service.app.get(UsageCounters).flush();
      const { rows } = await blocker.query<{ lookups: number; refused: number }>(
        `SELECT sum(lookups)::int AS lookups, sum(refused)::int AS refused
         FROM key_usage_minutes WHERE api_key_id = $1`,
        [record.id],
      );
      expect(rows[0]).toEqual({ lookups: 2, refused: 0 });
    } finally {
      await blocker.query('ROLLBACK').catch(() => undefined);
      await blocker.end();
      await service.close();
    }
  });
});

describe('the quota when Redis goes away', () => {
  it('answers 503 with Retry-After, never a free lookup, and recovers when Redis is back', async () => {
    let redis = await startRedisServer();
    const port = Number(new URL(redis.redisUrl).port);
    const service = await startApp({ REDIS_URL: redis.redisUrl });
    try {
      const key = await bearer(service.app);
      expect((await service.get(single(), key)).status).toBe(200);

      await redis.stop();
      const started = Date.now();
      const down = await service.get(single(), key);
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(down.status).toBe(503);
      expect(down.headers.get('retry-after')).toBe('5');
      expect((await down.json()) as object).toMatchObject({ status: 503, retry_after: 5 });

      redis = await startRedisServer(port);
      let status = 0;
      for (let attempt = 0; attempt < 50 && status !== 200; attempt++) {
        await sleep(100);
        status = (await service.get(single(), key)).status;
      }
      expect(status).toBe(200);
    } finally {
      await service.close();
      await redis.stop();
    }
  });
});
