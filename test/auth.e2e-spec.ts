import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { ApiKeyGuard } from '../src/auth/api-key.guard.js';
import { generateKey } from '../src/auth/api-key-format.js';
import { ApiKeysService } from '../src/auth/api-keys.service.js';
import { CACHE_MS, VerifiedKeys } from '../src/auth/verified-keys.js';
import { PrismaService } from '../src/database/prisma.service.js';
import { createTestApp } from './support/test-app.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

const LOOKUP = '/v1/product-intelligence?product_name=PS5';

describe(ApiKeyGuard.name, () => {
  let db: TestDatabase;
  let app: INestApplication;
  let http: App;
  let keys: ApiKeysService;

  beforeAll(async () => {
    db = await createTestDatabase({ demo: true });
    app = await createTestApp({ DATABASE_URL: db.url, SEED_DEMO_CATALOG: 'true' });
    http = app.getHttpServer() as App;
    keys = app.get(ApiKeysService);
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const expect401 = (res: request.Response, keySent: boolean) => {
    expect(res.status).toBe(401);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.headers['www-authenticate']).toBe(
      keySent ? 'Bearer error="invalid_token"' : 'Bearer',
    );
    expect(res.body).toMatchObject({
      status: 401,
      title: 'Unauthorized',
      detail: expect.any(String),
    });
  };

  it('answers a lookup with a valid key, and records its use without a write per request', async () => {
    const { key, record } = await keys.create('valid');
    const res = await request(http).get(LOOKUP).set('Authorization', `Bearer ${key}`);
    expect(res.status).toBe(200);
    await app.get(VerifiedKeys).flush();
    const stored = await app
      .get(PrismaService)
      .apiKey.findUniqueOrThrow({ where: { id: record.id } });
    expect(stored.lastUsedAt).toBeInstanceOf(Date);
  });

  it('refuses a request with no key', async () => {
    expect401(await request(http).get(LOOKUP), false);
    expect401(
      await request(http)
        .post('/v1/product-intelligence/batch')
        .send({ product_names: ['PS5'] }),
      false,
    );
  });

  it.each([
    ['a header that is not Bearer', () => 'Basic dXNlcjpwYXNz'],
    ['a malformed key', () => 'Bearer not-a-key'],
    ['a mistyped key', () => `Bearer ${generateKey().key.replace(/.$/, '!')}`],
    [
      'a well-formed key with a valid checksum that was never issued',
      () => `Bearer ${generateKey().key}`,
    ],
  ])('refuses %s', async (_label, header) => {
    expect401(await request(http).get(LOOKUP).set('Authorization', header()), true);
  });

  it('refuses a revoked key and an expired key, and never echoes a key', async () => {
    const revoked = await keys.create('revoked');
    await keys.revoke(revoked.record.id);
    const expired = await keys.create('expired', new Date(Date.now() - 1000));
    for (const key of [revoked.key, expired.key]) {
      const res = await request(http).get(LOOKUP).set('Authorization', `Bearer ${key}`);
      expect401(res, true);
      expect(JSON.stringify(res.body)).not.toContain(key);
    }
  });

  it('checks the key before the request: a bad body without a key is 401, not 400', async () => {
    const res = await request(http)
      .post('/v1/product-intelligence/batch')
      .set('Content-Type', 'text/plain')
      .send('x');
    expect401(res, false);
  });

  it('stops a revoked key on a running instance within the documented bound', async () => {
    const { key, record } = await keys.create('to revoke');
    expect((await request(http).get(LOOKUP).set('Authorization', `Bearer ${key}`)).status).toBe(
      200,
    );
    await keys.revoke(record.id);
    await new Promise((resolve) => setTimeout(resolve, CACHE_MS + 200));
    expect401(await request(http).get(LOOKUP).set('Authorization', `Bearer ${key}`), true);
  });

  it('leaves health, the OpenAPI document and page, and purchase links public', async () => {
    for (const path of ['/healthz', '/v1/openapi.json', '/v1/reference']) {
      expect((await request(http).get(path)).status).toBe(200);
    }
    expect((await request(http).get('/v1/r/1.-.AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
  });
});
