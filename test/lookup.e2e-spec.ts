import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import type { ProblemBody } from '../src/common/problem.js';
import { PrismaService } from '../src/database/prisma.service.js';
import type { ResolutionExplanation } from '../src/lookup/resolution-outcome.js';
import {
  batchResponseSchema,
  limitedCoverageSchema,
  productIntelligenceSchema,
  type ProductIntelligence,
} from '../src/synthesis/product-intelligence.schema.js';
import { bearer, createTestApp } from './support/test-app.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

const LOOKUP = '/v1/product-intelligence';
const BATCH = '/v1/product-intelligence/batch';

describe('LookupController', () => {
  let db: TestDatabase;
  let app: INestApplication;
  let http: App;
  let auth: string;
  const keyId = () => auth.slice('Bearer pi_'.length, 'Bearer pi_'.length + 12);

  beforeAll(async () => {
    db = await createTestDatabase({ demo: true });
    app = await createTestApp({
      DATABASE_URL: db.url,
      SEED_DEMO_CATALOG: 'true',
      PUBLIC_BASE_URL: 'https://pi.example',
    });
    http = app.getHttpServer() as App;
    auth = await bearer(app);
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const expectProblem = (res: request.Response, status: number) => {
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({
      type: expect.any(String),
      title: expect.any(String),
      status,
      detail: expect.any(String),
    });
    expect(JSON.stringify(res.body)).not.toMatch(/at \w+ \(|prisma|SELECT|node_modules/i);
  };

  it('answers a confident name with the full assessment, as published', async () => {
    const res = await request(http)
      .get(LOOKUP)
      .set('Authorization', auth)
      .query({ product_name: 'sony wh1000xm5' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = productIntelligenceSchema.parse(res.body);
    expect(body).toMatchObject({ found: true, product_name: 'Sony WH-1000XM5', brand: 'Sony' });
    expect(body.summary).toEqual(expect.any(String));
    expect(body.dimension_scores.map((d) => d.dimension)).toHaveLength(7);
    expect(body.feature_scores).toHaveLength(27);
    expect(body.resolution.confidence).toBe(1);
    expect(body.resolution.other_matches.map((m) => m.name)).not.toContain('Sony WH-1000XM5');
    const prices = body.offers.map((o) => o.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(body.starting_price_usd).toBe(prices[0] ?? null);
    for (const offer of body.offers)
      expect(offer.buy_url).toMatch(
        new RegExp(`^https://pi\\.example/v1/r/\\d+\\.${keyId()}\\.[\\w-]{22}$`),
      );
    const publication = await app.get(PrismaService).catalogPublication.findFirstOrThrow();
    expect(body.as_of).toBe(publication.publishedAt.toISOString());
    const again = await request(http)
      .get(LOOKUP)
      .set('Authorization', auth)
      .query({ product_name: 'sony wh1000xm5' });
    expect(again.body).toEqual(res.body);
  });

  it('gives a null starting price and says so when no retailer offers the product', async () => {
    const res = await request(http)
      .get(LOOKUP)
      .set('Authorization', auth)
      .query({ product_name: 'Bose Noise Cancelling Headphones 700' });
    const body = productIntelligenceSchema.parse(res.body);
    expect(body).toMatchObject({ found: true, offers: [], starting_price_usd: null });
    expect(body.considerations.map((c) => c.title)).toContain('No current offer');
  });

  it('refuses a near-miss with found false and both siblings suggested', async () => {
    const res = await request(http)
      .get(LOOKUP)
      .set('Authorization', auth)
      .query({ product_name: 'Sony WH-1000XM3' });
    expect(res.status).toBe(200);
    const body = limitedCoverageSchema.strict().parse(res.body);
    expect(body.other_matches.map((m) => m.name)).toEqual(
      expect.arrayContaining(['Sony WH-1000XM4', 'Sony WH-1000XM5']),
    );
  });

  it('omits exactly the three summaries with detail=compact', async () => {
    const full = (
      await request(http)
        .get(LOOKUP)
        .set('Authorization', auth)
        .query({ product_name: 'iPhone 15 Pro' })
    ).body as ProductIntelligence;
    const res = await request(http)
      .get(LOOKUP)
      .set('Authorization', auth)
      .query({ product_name: 'iPhone 15 Pro', detail: 'compact' });
    const compact = productIntelligenceSchema.parse(res.body);
    expect(compact.summary).toBeUndefined();
    expect(compact.dimension_scores.every((d) => d.summary === undefined)).toBe(true);
    expect(compact.source_consensus.every((s) => s.summary === undefined)).toBe(true);
    const { summary: _s, ...rest } = full;
    expect(compact).toEqual({
      ...rest,
      dimension_scores: full.dimension_scores.map(({ summary: _d, ...d }) => d),
      source_consensus: full.source_consensus.map(({ summary: _c, ...c }) => c),
    });
  });

  it('answers a batch in request order, with limited coverage in place', async () => {
    const names = ['PS5', 'asdfgh qwerty', 'Galaxy S24+'];
    const res = await request(http)
      .post(BATCH)
      .set('Authorization', auth)
      .send({ product_names: names });
    expect(res.status).toBe(200);
    const { results } = batchResponseSchema.parse(res.body);
    expect(results.map((r) => (r.found ? r.product_name : null))).toEqual([
      'Sony PlayStation 5',
      null,
      'Samsung Galaxy S24 Plus',
    ]);
  });

  it.each([
    [{}, 'product_name'],
    [{ product_name: '   ' }, 'product_name'],
    [{ product_name: 'x'.repeat(201) }, 'product_name'],
    [{ product_name: 'bad\u0000name' }, 'product_name'],
    [{ product_name: ['a', 'b'] }, 'product_name'],
    [{ product_name: 'PS5', detail: 'brief' }, 'detail'],
  ])('refuses the query %j with 400 naming %s', async (query, field) => {
    const res = await request(http).get(LOOKUP).set('Authorization', auth).query(query);
    expectProblem(res, 400);
    expect((res.body as ProblemBody).errors).toEqual([expect.objectContaining({ field })]);
  });

  it.each([
    ['not JSON', '{"product_names": [', 400],
    ['not an object', '["PS5"]', 400],
    ['a non-array', '{"product_names": "PS5"}', 400],
    ['a non-string entry', '{"product_names": ["PS5", 5]}', 400],
    ['a blank entry', '{"product_names": ["PS5", " "]}', 400],
    ['no names', '{"product_names": []}', 400],
    ['six names', JSON.stringify({ product_names: ['a', 'b', 'c', 'd', 'e', 'f'] }), 400],
    ['a detail field', '{"product_names": ["PS5"], "detail": "compact"}', 400],
    ['a body over 16 KiB', JSON.stringify({ product_names: ['x'.repeat(17_000)] }), 413],
  ])('refuses a batch with %s', async (_label, body, status) => {
    const res = await request(http)
      .post(BATCH)
      .set('Authorization', auth)
      .set('Content-Type', 'application/json')
      .send(body);
    expectProblem(res, status);
  });

  it('refuses a batch that is not declared as JSON with 415', async () => {
    const res = await request(http)
      .post(BATCH)
      .set('Authorization', auth)
      .set('Content-Type', 'text/plain')
      .send('{"product_names":["PS5"]}');
    expectProblem(res, 415);
  });

  it('sends no CORS header, preflight included, and answers unknown paths with a problem', async () => {
    const preflight = await request(http)
      .options(LOOKUP)
      .set('Origin', 'https://evil.example')
      .set('Access-Control-Request-Method', 'GET');
    const lookup = await request(http)
      .get(LOOKUP)
      .set('Authorization', auth)
      .set('Origin', 'https://evil.example')
      .query({ product_name: 'PS5' });
    for (const res of [preflight, lookup]) {
      expect(Object.keys(res.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
    }
    expectProblem(await request(http).get('/v1/nothing-here'), 404);
  });

  it('answers a method an address does not take with 405 and what it takes', async () => {
    const get = await request(http).get(BATCH).set('Authorization', auth);
    expectProblem(get, 405);
    expect(get.headers.allow).toBe('POST');
    const remove = await request(http).delete(LOOKUP).set('Authorization', auth);
    expectProblem(remove, 405);
    expect(remove.headers.allow).toBe('GET, HEAD');
    expect((remove.body as { detail: string }).detail).toBe(
      'DELETE is not answered at this address: GET, HEAD are.',
    );
  });

  it('follows a purchase link to the retailer and records the click; a tampered link is 404', async () => {
    const body = (
      await request(http)
        .get(LOOKUP)
        .set('Authorization', auth)
        .query({ product_name: 'sony wh1000xm5' })
    ).body as ProductIntelligence;
    const link = new URL(body.offers[0]!.buy_url);
    const prisma = app.get(PrismaService);
    const before = await prisma.purchaseClick.count();
    const res = await request(http).get(link.pathname);
    expect(res.status).toBe(302);
    const offer = await prisma.offer.findFirstOrThrow({
      where: { id: BigInt(link.pathname.split('/')[3]!.split('.')[0]!) },
    });
    expect(res.headers.location).toBe(offer.url);
    expect(await prisma.purchaseClick.count()).toBe(before + 1);
    const click = await prisma.purchaseClick.findFirstOrThrow({ orderBy: { id: 'desc' } });
    expect(click.apiKeyId).toBe(keyId()); // attributed to the key whose lookup made the link

    const last = link.pathname.at(-1);
    const tampered = link.pathname.slice(0, -1) + (last === 'A' ? 'B' : 'A');
    for (const path of [
      tampered,
      link.pathname.slice(0, -3),
      '/v1/r/999999.-.AAAAAAAAAAAAAAAAAAAAAA',
    ]) {
      expectProblem(await request(http).get(path), 404);
    }
    expect(await prisma.purchaseClick.count()).toBe(before + 1);
  });

  it('explains every answer to admins at debug level: candidates, scores and the decision', async () => {
    // What each app logs while it answers a name.
    const logged = async (answering: INestApplication, name: string) => {
      const lines: string[] = [];
      const capture = (message: unknown) =>
        void lines.push(typeof message === 'string' ? message : JSON.stringify(message));
      answering.useLogger({
        log: capture,
        error: capture,
        warn: capture,
        debug: capture,
        verbose: capture,
      });
      try {
        const res = await request(answering.getHttpServer() as App)
          .get(LOOKUP)
          .set('Authorization', auth)
          .query({ product_name: name });
        expect(res.status).toBe(200);
      } finally {
        answering.useLogger(['error', 'warn']);
      }
      return lines.map((l) => JSON.parse(l) as ResolutionExplanation).find((e) => e.query === name);
    };
    // At LOG_LEVEL=warn a name is resolved with no explanation: nothing would read it.
    expect(await logged(app, 'Sony WH-1000XM2')).toBeUndefined();
    const debugging = await createTestApp({
      DATABASE_URL: db.url,
      PUBLIC_BASE_URL: 'https://pi.example',
      LOG_LEVEL: 'debug',
    });
    try {
      const explanation = await logged(debugging, 'Sony WH-1000XM3');
      expect(explanation?.decision).toBe('no candidate survives the hard rules');
      const xm5 = explanation?.candidates.find((c) => c.name === 'Sony WH-1000XM5');
      expect(xm5).toMatchObject({ rejected: 'number 3 is not in "sony wh 1000xm5"', score: 0 });
    } finally {
      await debugging.close();
    }
  });
});
