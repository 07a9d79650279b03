import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { projectRoot } from '../src/config/project-root.js';
import { problemSchema } from '../src/lookup/openapi/problem.schema.js';
import { bearer, createTestApp } from './support/test-app.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

type Json = Record<string, unknown>;

describe('OpenAPI document', () => {
  let db: TestDatabase;
  let app: INestApplication;
  let http: App;
  let auth: string;
  let document: Json;
  let validate: (schema: string, body: unknown) => string[];

  beforeAll(async () => {
    db = await createTestDatabase({ demo: true });
    app = await createTestApp({ DATABASE_URL: db.url, SEED_DEMO_CATALOG: 'true' });
    http = app.getHttpServer() as App;
    auth = await bearer(app);
    const res = await request(http).get('/v1/openapi.json');
    expect(res.status).toBe(200);
    document = res.body as Json;
    // The served document itself is the schema source: its components resolve against it.
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    addFormats.default(ajv);
    ajv.addSchema({ ...document, $id: 'https://pi.test/openapi.json' });
    validate = (schema, body) => {
      const check = ajv.getSchema(`https://pi.test/openapi.json#/components/schemas/${schema}`)!;
      return check(body) ? [] : (check.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
    };
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it("is OpenAPI 3.1 of package.json's version with every operation and its statuses", () => {
    const { version } = JSON.parse(
      readFileSync(path.join(projectRoot(), 'package.json'), 'utf8'),
    ) as { version: string };
    expect(document).toMatchObject({ openapi: '3.1.0', info: { version } });
    const paths = document.paths as Record<string, Record<string, { responses: Json }>>;
    expect(Object.keys(paths['/v1/product-intelligence']!.get!.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '429', '503']),
    );
    expect(Object.keys(paths['/v1/product-intelligence/batch']!.post!.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '413', '415', '429', '503']),
    );
    expect(Object.keys(paths['/v1/categories']!.get!.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '429', '503']),
    );
    expect(Object.keys(paths['/v1/categories/{key}/products']!.get!.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '404', '429', '503']),
    );
  });

  it('describes browsing: the categories and a page, with every query parameter', async () => {
    const get = (path: string) => request(http).get(path).set('Authorization', auth);
    const list = await get('/v1/categories');
    const page = await get('/v1/categories/headphones/products?sort=price&limit=3');
    expect(validate('CategoryList', list.body)).toEqual([]);
    expect(validate('CategoryPage', page.body)).toEqual([]);
    expect((page.body as { products: unknown[] }).products).toHaveLength(3);
    expect(validate('CategoryPage', { products: [], next_cursor: 7 })).not.toEqual([]);
    const paths = document.paths as Record<string, Record<string, Json>>;
    const operation = paths['/v1/categories/{key}/products']!.get!;
    expect((operation.parameters as { name: string }[]).map((p) => p.name)).toEqual([
      'key',
      'sort',
      'min_score',
      'max_price',
      'limit',
      'cursor',
    ]);
    const examples = (operation.responses as Record<string, Json>)['200']!.content as Json;
    expect(validate('CategoryPage', (examples['application/json'] as Json).example)).toEqual([]);
    const listExamples = (paths['/v1/categories']!.get!.responses as Record<string, Json>)['200']!
      .content as Json;
    expect(validate('CategoryList', (listExamples['application/json'] as Json).example)).toEqual(
      [],
    );
  });

  it('describes real answers: found, compact, not found and batch', async () => {
    const get = (query: Json) =>
      request(http).get('/v1/product-intelligence').set('Authorization', auth).query(query);
    const found = await get({ product_name: 'Sony WH-1000XM5' });
    const compact = await get({ product_name: 'Sony WH-1000XM5', detail: 'compact' });
    const notFound = await get({ product_name: 'Sony WH-1000XM3' });
    const batch = await request(http)
      .post('/v1/product-intelligence/batch')
      .set('Authorization', auth)
      .send({ product_names: ['PS5', 'no such thing at all'] });
    expect((found.body as Json).found).toBe(true);
    expect((notFound.body as Json).found).toBe(false);
    expect(validate('ProductIntelligence', found.body)).toEqual([]);
    expect(validate('LookupResult', compact.body)).toEqual([]);
    expect(validate('LimitedCoverage', notFound.body)).toEqual([]);
    expect(validate('BatchLookupResponse', batch.body)).toEqual([]);
    // and the schemas are strict enough to fail a wrong body
    expect(
      validate('ProductIntelligence', { ...(found.body as Json), service_score: 101 }),
    ).not.toEqual([]);
    expect(validate('LimitedCoverage', { found: false })).not.toEqual([]);
  });

  it('describes every error body', async () => {
    const errors = await Promise.all([
      request(http).get('/v1/product-intelligence').set('Authorization', auth),
      request(http)
        .get('/v1/product-intelligence')
        .set('Authorization', auth)
        .query({ product_name: 'x', detail: 'brief' }),
      request(http)
        .post('/v1/product-intelligence/batch')
        .set('Authorization', auth)
        .send({ product_names: [] }),
      request(http)
        .post('/v1/product-intelligence/batch')
        .set('Authorization', auth)
        .set('Content-Type', 'text/plain')
        .send('x'),
      request(http)
        .post('/v1/product-intelligence/batch')
        .set('Authorization', auth)
        .send({ product_names: ['x'.repeat(20_000)] }),
      request(http).get('/v1/r/1.-.AAAAAAAAAAAAAAAAAAAAAA'),
      request(http).get('/v1/product-intelligence').query({ product_name: 'PS5' }),
      request(http).get('/v1/categories/headphones/products?limit=0').set('Authorization', auth),
      request(http).get('/v1/categories/no-such-thing/products').set('Authorization', auth),
    ]);
    expect(errors.map((e) => e.status)).toEqual([400, 400, 400, 415, 413, 404, 401, 400, 404]);
    for (const error of errors) expect(validate('Problem', error.body)).toEqual([]);
  });

  it('describes the rate budget: its headers on every lookup answer, and the 429 body', async () => {
    type Operation = { responses: Record<string, { headers?: Json }> };
    const paths = document.paths as Record<string, Record<string, Operation>>;
    for (const operation of [
      paths['/v1/product-intelligence']!.get!,
      paths['/v1/product-intelligence/batch']!.post!,
      paths['/v1/categories']!.get!,
      paths['/v1/categories/{key}/products']!.get!,
    ]) {
      expect(Object.keys(operation.responses['200']!.headers!)).toEqual(
        expect.arrayContaining(['RateLimit-Policy', 'RateLimit']),
      );
      expect(Object.keys(operation.responses['429']!.headers!)).toEqual(
        expect.arrayContaining(['RateLimit-Policy', 'RateLimit', 'Retry-After']),
      );
    }
    const key = await bearer(app, 'exhausted');
    const names = { product_names: ['a', 'b', 'c', 'd', 'e'] };
    for (let i = 0; i < 24; i++)
      await request(http)
        .post('/v1/product-intelligence/batch')
        .set('Authorization', key)
        .send(names);
    const refused = await request(http)
      .post('/v1/product-intelligence/batch')
      .set('Authorization', key)
      .send(names);
    expect(refused.status).toBe(429);
    expect(validate('Problem', refused.body)).toEqual([]);
  });

  it('gives examples that satisfy their own schemas', () => {
    const get = ((document.paths as Json)['/v1/product-intelligence'] as Json).get as Json;
    const examples = (((get.responses as Json)['200'] as Json).content as Json)[
      'application/json'
    ] as Json;
    for (const example of Object.values(examples.examples as Record<string, { value: unknown }>)) {
      expect(validate('LookupResult', example.value)).toEqual([]);
    }
  });

  it('renders a reference page for people', async () => {
    const res = await request(http).get('/v1/reference');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toContain('Product Intelligence API');
    expect(res.text).toContain('/v1/product-intelligence/batch');
    expect(res.text).toContain('/v1/categories/{key}/products');
    expect(res.text).toContain('starting_price_usd');
    // Server-rendered, with nothing to fetch or run: no script may load, only its own style.
    expect(res.headers['content-security-policy']).toMatch(
      /^default-src 'none'; style-src 'sha256-/,
    );
    expect(res.text).not.toMatch(/<script|<link|<img|<iframe|\ssrc=|\shref="(?!#|\/v1\/)/);
  });

  it("gives an integer only the bounds the API sets, not JavaScript's safe range", async () => {
    // zod's .int() checks ±(2^53 - 1): a bound of the language, which read "≤ 9007199254740991"
    // on every count of the page (source_count, retry_after).
    const page = (await request(http).get('/v1/reference')).text;
    expect(page).not.toContain(String(Number.MAX_SAFE_INTEGER));
    expect(JSON.stringify(document)).not.toContain(String(Number.MAX_SAFE_INTEGER));
    const schemas = document.components as { schemas: Record<string, Json> };
    const problem = schemas.schemas.Problem as { properties: Record<string, Json> };
    expect(problem.properties.retry_after).toMatchObject({ type: 'integer', minimum: 1 });
    expect(problem.properties.status).toMatchObject({ minimum: 400, maximum: 599 });
    // The check itself stays: an integer past the safe range is still refused.
    expect(problemSchema.shape.retry_after.safeParse(2 ** 53).success).toBe(false);
  });

  it('carries copy-paste samples as x-codeSamples for OpenAPI tools', () => {
    const paths = document.paths as Record<string, Record<string, Json>>;
    for (const operation of [
      paths['/v1/product-intelligence']!.get!,
      paths['/v1/product-intelligence/batch']!.post!,
      paths['/v1/categories']!.get!,
      paths['/v1/categories/{key}/products']!.get!,
    ]) {
      const samples = operation['x-codeSamples'] as { lang: string; source: string }[];
      expect(samples.map((s) => s.lang)).toEqual(['Shell', 'JavaScript', 'Python']);
      expect(samples[0]!.source).toContain('-H "Authorization: Bearer $PI_API_KEY"');
    }
  });
});
