import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import type { ProblemBody } from '../src/common/problem.js';
import { JsonBodyMiddleware } from '../src/common/json-body.middleware.js';
import { send } from './support/raw-http.js';
import { bearer, createTestApp } from './support/test-app.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

// Requests that are well-formed HTTP but carry the wrong thing: JSON of the wrong shape, bytes
// that are not UTF-8, text that is not Unicode. Each gets a 400 problem naming what is wrong,
// and none is charged.

const LOOKUP = '/v1/product-intelligence';
const BATCH = '/v1/product-intelligence/batch';

describe(JsonBodyMiddleware.name, () => {
  let db: TestDatabase;
  let app: INestApplication;
  let http: App;
  let auth: string;

  beforeAll(async () => {
    db = await createTestDatabase({ demo: true });
    app = await createTestApp({ DATABASE_URL: db.url, SEED_DEMO_CATALOG: 'true' });
    http = app.getHttpServer() as App;
    auth = await bearer(app);
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const batch = (body: string | Buffer) =>
    request(http)
      .post(BATCH)
      .set('Authorization', auth)
      .set('Content-Type', 'application/json')
      .send(body);
  const problem = (res: request.Response) => {
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    return res.body as ProblemBody;
  };

  it.each(['null', '"PS5"', '42', 'true'])(
    'refuses the JSON %s as a body, naming the body',
    async (body) => {
      const res = await batch(body);
      expect(res.status).toBe(400);
      expect(problem(res)).toMatchObject({
        title: 'Invalid request',
        errors: [{ field: '(body)', message: 'must be a JSON object with product_names' }],
      });
    },
  );

  it.each(['{"product_names": [', '{"product_names": ["PS5",]}', '{product_names: ["PS5"]}'])(
    'refuses the body %s, which is not JSON, naming the body',
    async (body) => {
      const res = await batch(body);
      expect(res.status).toBe(400);
      expect(problem(res)).toMatchObject({
        title: 'Invalid JSON',
        detail: 'The body is not valid JSON.',
        errors: [{ field: '(body)', message: 'must be valid JSON' }],
      });
    },
  );

  it('names what is wrong with a body over 16 KiB and with one not declared as JSON', async () => {
    const big = await batch(JSON.stringify({ product_names: ['x'.repeat(17_000)] }));
    expect(big.status).toBe(413);
    expect(problem(big).errors).toEqual([
      { field: '(body)', message: 'must be at most 16384 bytes' },
    ]);
    // Not declared as JSON; JSON declared in another charset than UTF-8, or compressed otherwise.
    const refused: [Record<string, string>, string, string][] = [
      [{ 'Content-Type': 'text/plain' }, 'Content-Type', 'must be application/json'],
      [
        { 'Content-Type': 'application/json; charset=latin1' },
        'Content-Type',
        'must be application/json in UTF-8',
      ],
      [
        { 'Content-Type': 'application/json', 'Content-Encoding': 'zstd' },
        'Content-Encoding',
        'must be gzip, deflate, br or none',
      ],
    ];
    for (const [headers, field, message] of refused) {
      const res = await request(http)
        .post(BATCH)
        .set('Authorization', auth)
        .set(headers)
        .send('{"product_names":["PS5"]}');
      expect(res.status).toBe(415);
      expect(problem(res).errors).toEqual([{ field, message }]);
    }
  });

  it('refuses a body whose bytes are not UTF-8', async () => {
    const body = Buffer.concat([
      Buffer.from('{"product_names":["'),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('"]}'),
    ]);
    // Sent as raw bytes: supertest would serialise a Buffer as JSON.
    await app.listen(0, '127.0.0.1');
    const port = ((app.getHttpServer() as Server).address() as AddressInfo).port;
    const res = await send(port, {
      method: 'POST',
      path: BATCH,
      headers: { Authorization: auth, 'Content-Type': 'application/json' },
      body,
    });
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(JSON.parse(res.body.toString())).toMatchObject({
      title: 'Invalid encoding',
      errors: [{ field: '(body)', message: 'must be UTF-8 text' }],
    });
  });

  it('refuses a name holding a lone surrogate', async () => {
    const res = await batch('{"product_names":["PS5","\\ud800"]}');
    expect(res.status).toBe(400);
    expect(problem(res).errors).toEqual([
      { field: 'product_names[1]', message: 'must be valid Unicode text' },
    ]);
  });

  it.each(['%C0%AF', '%FF', '%ED%A0%80', 'PS%5'])(
    'refuses the name %s, which is not percent-encoded UTF-8',
    async (name) => {
      const res = await request(http)
        .get(`${LOOKUP}?product_name=${name}`)
        .set('Authorization', auth);
      expect(res.status).toBe(400);
      expect(problem(res).errors).toEqual([
        { field: 'product_name', message: 'must be percent-encoded UTF-8 text' },
      ]);
    },
  );

  it('charged none of the above', async () => {
    const res = await request(http)
      .get(LOOKUP)
      .query({ product_name: 'PS5' })
      .set('Authorization', auth);
    expect(res.status).toBe(200);
    expect(res.headers.ratelimit).toMatch(/^"lookups";r=119;/);
  });
});
