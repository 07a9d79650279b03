import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import express from 'express';
import helmet from 'helmet';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import type { ProblemBody } from '../src/common/problem.js';
import { CatalogImporter } from '../src/catalog/catalog-importer.service.js';
import { MAX_URL_LENGTH } from '../src/common/security.middleware.js';
import { HealthController } from '../src/health/health.controller.js';
import { catalogFile, product } from './support/catalog-files.js';
import { bearer, createTestApp } from './support/test-app.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';
import { startRedis } from './setup/global-setup.js';

const METRICS_TOKEN = 'metrics-token-0123456789';

describe(HealthController.name, () => {
  let db: TestDatabase;
  let app: INestApplication;
  let http: App;

  beforeAll(async () => {
    db = await createTestDatabase();
    app = await createTestApp({ DATABASE_URL: db.url });
    http = app.getHttpServer() as App;
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('answers liveness without a key', async () => {
    const res = await request(http).get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('is not ready before a catalog is published, then ready once one is', async () => {
    const before = await request(http).get('/readyz');
    expect(before.status).toBe(503);
    expect(before.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(before.headers['retry-after']).toBe('2');
    expect((before.body as ProblemBody).errors).toEqual([
      { field: 'catalog', message: 'no catalog has been published' },
    ]);

    await app.get(CatalogImporter).import(await catalogFile([product('ready-1')]));
    // Probes share one answer for a second (database.indicators.ts).
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const after = await request(http).get('/readyz');
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({
      status: 'ok',
      info: { database: { status: 'up' }, migrations: { status: 'up' }, catalog: { status: 'up' } },
    });
  });
});

describe('Request ids', () => {
  let db: TestDatabase;
  let app: INestApplication;
  let http: App;

  beforeAll(async () => {
    db = await createTestDatabase();
    app = await createTestApp({ DATABASE_URL: db.url });
    http = app.getHttpServer() as App;
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('echoes an acceptable X-Request-Id, in the header and in a problem instance', async () => {
    const res = await request(http).get('/v1/product-intelligence').set('X-Request-Id', 'abc-123');
    expect(res.status).toBe(401);
    expect(res.headers['x-request-id']).toBe('abc-123');
    expect((res.body as ProblemBody).instance).toBe('urn:request-id:abc-123');
  });

  it('gives a request without one (or with a suspicious one) a fresh UUID', async () => {
    const none = await request(http).get('/nowhere');
    expect(none.status).toBe(404);
    expect(none.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect((none.body as ProblemBody).instance).toBe(
      `urn:request-id:${none.headers['x-request-id']}`,
    );

    const forged = await request(http).get('/healthz').set('X-Request-Id', 'a b\tpi_secret{}');
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('Security headers and limits', () => {
  let db: TestDatabase;
  let app: INestApplication;
  let http: App;
  let auth: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    app = await createTestApp({ DATABASE_URL: db.url, METRICS_TOKEN });
    http = app.getHttpServer() as App;
    auth = await bearer(app);
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const noCors = (headers: Record<string, string>) =>
    expect(Object.keys(headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);

  it('sends helmet headers and no CORS header, preflight included', async () => {
    const res = await request(http)
      .get('/v1/product-intelligence?product_name=x')
      .set('Authorization', auth)
      .set('Origin', 'https://evil.example');
    expect(res.status).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeDefined();
    expect(res.headers['content-security-policy']).toBeDefined();
    expect(res.headers['x-powered-by']).toBeUndefined();
    noCors(res.headers);

    // Every header helmet's own middleware sets on a plain express app, with its value.
    const plain = await request(
      express()
        .use(helmet())
        .get('/', (_q, r) => void r.send('ok')),
    ).get('/');
    const helmets = Object.entries(plain.headers).filter(
      ([name]) =>
        !['content-type', 'content-length', 'etag', 'date', 'connection', 'keep-alive'].includes(
          name,
        ),
    );
    expect(helmets.length).toBeGreaterThanOrEqual(12);
    for (const [name, value] of helmets) expect([name, res.headers[name]]).toEqual([name, value]);

    const preflight = await request(http)
      .options('/v1/product-intelligence/batch')
      .set('Origin', 'https://evil.example')
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'authorization,content-type');
    expect(preflight.status).toBeGreaterThanOrEqual(400);
    expect(preflight.status).toBeLessThan(500);
    noCors(preflight.headers);
  });

  it('refuses a URL over the limit with 414 problem details', async () => {
    const res = await request(http)
      .get(`/v1/product-intelligence?product_name=${'a'.repeat(MAX_URL_LENGTH)}`)
      .set('Authorization', auth);
    expect(res.status).toBe(414);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body).toMatchObject({
      status: 414,
      title: 'URI too long',
      errors: [{ field: '(url)', message: `must be at most ${MAX_URL_LENGTH} characters` }],
    });
    expect((res.body as ProblemBody).instance).toMatch(/^urn:request-id:/);
  });

  it('serves /metrics only with the metrics token, per route and status', async () => {
    await request(http).get('/v1/product-intelligence?product_name=x').set('Authorization', auth);
    await request(http)
      .post('/v1/product-intelligence/batch')
      .set('Authorization', auth)
      .send({ product_names: ['a', 'b'] });
    expect((await request(http).get('/metrics')).status).toBe(401);
    expect((await request(http).get('/metrics').set('Authorization', auth)).status).toBe(401);
    const res = await request(http).get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toMatch(
      /http_requests_total\{method="GET",route="\/v1\/product-intelligence",status="200"\} [1-9]/,
    );
    expect(res.text).toMatch(
      /http_request_duration_seconds_bucket\{le="\+Inf",method="POST",route="\/v1\/product-intelligence\/batch",status="200"\} [1-9]/,
    );
    expect(res.text).toMatch(/lookup_resolutions_total\{outcome="not_found"\} [3-9]/);
    expect(res.text).toMatch(/process_resident_memory_bytes/);
    // The same key within 2 s: the verified-key cache answers.
    expect(res.text).toMatch(/cache_lookups_total\{cache="verified_keys",result="hit"\} [1-9]/);
    // Names never asked before miss the answer cache.
    expect(res.text).toMatch(/cache_lookups_total\{cache="answers",result="miss"\} [1-9]/);
    expect(res.text).not.toContain(auth.slice('Bearer '.length));
  });
});

describe('Readiness with Redis', () => {
  let db: TestDatabase;
  let redis: { redisUrl: string; stop(): Promise<void> };
  let app: INestApplication;
  let http: App;

  beforeAll(async () => {
    db = await createTestDatabase();
    redis = await startRedis();
    app = await createTestApp({ DATABASE_URL: db.url, REDIS_URL: redis.redisUrl });
    http = app.getHttpServer() as App;
    await app.get(CatalogImporter).import(await catalogFile([product('ready-redis')]));
  });

  afterAll(async () => {
    await app?.close();
    await redis?.stop();
    await db?.drop();
    delete process.env.REDIS_URL;
  });

  it('checks the Redis of the rate budget, and is not ready without it', async () => {
    const up = await request(http).get('/readyz');
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ info: { redis: { status: 'up' } } });

    await redis.stop();
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const down = await request(http).get('/readyz');
    expect(down.status).toBe(503);
    expect((down.body as ProblemBody).errors).toContainEqual({
      field: 'redis',
      message: 'unreachable',
    });
  });
});

describe('Quota metrics', () => {
  let db: TestDatabase;
  let app: INestApplication;
  let http: App;

  beforeAll(async () => {
    db = await createTestDatabase();
    app = await createTestApp({ DATABASE_URL: db.url, METRICS_TOKEN, QUOTA_LIMIT: '5' });
    http = app.getHttpServer() as App;
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
    delete process.env.QUOTA_LIMIT;
  });

  it('counts refusals of the rate budget', async () => {
    const auth = await bearer(app);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await request(http)
        .get('/v1/product-intelligence?product_name=x')
        .set('Authorization', auth);
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const res = await request(http).get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`);
    expect(res.text).toMatch(/quota_refusals_total\{transport="http"\} 1/);
  });
});
