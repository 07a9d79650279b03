import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { DatabaseReader } from '../src/database/database-reader.js';
import { LookupCache } from '../src/lookup/lookup-cache.js';
import { AnswerRepository } from '../src/lookup/answer.repository.js';
import { LookupService } from '../src/lookup/lookup.service.js';
import { NameResolver } from '../src/lookup/name-resolver.service.js';
import type { LookupResult } from '../src/synthesis/product-intelligence.schema.js';
import { catalogFile, product } from './support/catalog-files.js';
import { runBuiltCommand } from './support/run-command.js';
import { bearer, createTestApp } from './support/test-app.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

const IMPORT = 'catalog:import';
const LOOKUP = '/v1/product-intelligence?product_name=Zephyr%20Aero%20X2';

describe(LookupCache.name, () => {
  let db: TestDatabase;
  let apps: INestApplication[];

  const publish = async (score: number, publishedAt: string) => {
    const file = await catalogFile([
      product('zephyr-aero-x2', {
        name: 'Zephyr Aero X2',
        brand: 'Zephyr',
        reviews: [
          {
            source: 'Lab',
            source_type: 'lab_test',
            score,
            summary: 'Tested.',
            criteria: { speed: score },
          },
        ],
      }),
    ]);
    const result = await runBuiltCommand(IMPORT, [file, '--published-at', publishedAt], {
      DATABASE_URL: db.url,
    });
    expect(result.code).toBe(0);
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    await publish(60, '2026-11-01T00:00:00Z');
    apps = [
      await createTestApp({ DATABASE_URL: db.url, PUBLIC_BASE_URL: 'https://pi.example' }),
      // One connection, so that its prepared statements can be inspected; names resolved by
      // the statements, as for a catalog larger than the candidate index may hold.
      await createTestApp({
        DATABASE_URL: db.url,
        PUBLIC_BASE_URL: 'https://pi.example',
        DATABASE_POOL_SIZE: '1',
        CANDIDATE_INDEX_MB: '0',
      }),
    ];
  });

  afterAll(async () => {
    for (const app of apps ?? []) await app.close();
    await db?.drop();
  });

  const get = async (app: INestApplication, auth: string, path = LOOKUP) => {
    const res = await request(app.getHttpServer() as App)
      .get(path)
      .set('Authorization', auth);
    expect(res.status).toBe(200);
    return res.body as { as_of: string; service_score: number; offers: { buy_url: string }[] };
  };

  it('serves a repeated name from the cache, with each key its own purchase links', async () => {
    const [app] = apps;
    const [first, second] = [await bearer(app!), await bearer(app!)];
    const findExact = jest.spyOn(app!.get(AnswerRepository), 'findExact');
    const a = await get(app!, first);
    const b = await get(app!, second);
    const c = await get(app!, first, `${LOOKUP}&detail=compact`);
    // The second key's answer comes from the cache; the compact one is its own.
    expect(findExact).toHaveBeenCalledTimes(2);
    findExact.mockRestore();
    expect(a.offers[0]!.buy_url).not.toBe(b.offers[0]!.buy_url);
    expect({ ...a, offers: [] }).toEqual({ ...b, offers: [] });
    expect(c).not.toHaveProperty('summary');
  });

  it('assesses a product once for every name that resolves to it, each with its resolution', async () => {
    const app = apps[1]!;
    const auth = await bearer(app);
    const repository = app.get(AnswerRepository);
    const reads = [
      jest.spyOn(repository, 'findAnswers'),
      jest.spyOn(repository, 'findProducts'),
    ] as const;
    const exact = await get(app, auth, '/v1/product-intelligence?product_name=Zephyr%20Aero%20X2');
    const typo = await get(app, auth, '/v1/product-intelligence?product_name=zephir%20aero%20x2');
    const dropped = await get(app, auth, '/v1/product-intelligence?product_name=Aero%20X2');
    // The exact name's probe read the stored answer; the other names find it cached.
    for (const read of reads) {
      expect(read).not.toHaveBeenCalled();
      read.mockRestore();
    }
    const bodies = [exact, typo, dropped] as unknown as { resolution: { confidence: number } }[];
    expect(bodies[0]!.resolution.confidence).toBe(1);
    expect(bodies[1]!.resolution.confidence).toBeLessThan(1);
    // Apart from the resolution (and each request's signed links), the answers are one body.
    const rest = (body: object) => ({ ...body, resolution: undefined, offers: undefined });
    expect(rest(typo)).toEqual(rest(exact));
    expect(rest(dropped)).toEqual(rest(exact));
  });

  it('plans the statements of a lookup once, not once per name', async () => {
    const app = apps[1]!;
    const auth = await bearer(app);
    for (const name of ['Zephyr Aero X3', 'Aero X2 Zephyr', 'Zephyr Aero', 'X2', 'Zephyr X2 Aero'])
      await get(app, auth, `/v1/product-intelligence?product_name=${encodeURIComponent(name)}`);
    const { rows } = await app.get(DatabaseReader).client().pool.query<{
      name: string;
      generic_plans: string;
      custom_plans: string;
    }>(`SELECT name, generic_plans, custom_plans FROM pg_prepared_statements`);
    const candidates = rows.find((row) => row.name === 'lookup-candidates');
    expect(Number(candidates?.generic_plans)).toBeGreaterThanOrEqual(5);
    expect(rows.map((row) => [row.name, Number(row.custom_plans)])).toEqual(
      rows.map((row) => [row.name, 0]),
    );
  });

  it('answers a new name that many clients ask at once by resolving it once', async () => {
    const app = apps[0]!;
    const lookups = app.get(LookupService);
    const resolver = jest.spyOn(app.get(NameResolver), 'resolveMany');
    const name = 'Zephir AERO x2';
    const [a, b, again, batch, compact] = await Promise.all([
      lookups.lookup(name, 'full', 'key-a'),
      lookups.lookup(name, 'full', 'key-b'),
      lookups.lookup(name, 'full', 'key-a'),
      lookups.lookupMany([name, 'Zephyr Aero X2'], 'key-b'),
      lookups.lookup(name, 'compact', 'key-a'),
    ]);
    // One resolution for the full answer, one for the compact one; each key its own links.
    expect(resolver).toHaveBeenCalledTimes(2);
    const offers = (r: LookupResult) => (r.found ? r.offers.map((o) => o.buy_url) : []);
    expect(again).toEqual(a);
    expect(offers(b)).not.toEqual(offers(a));
    expect({ ...b, offers: [] }).toEqual({ ...a, offers: [] });
    expect(batch[0]).toEqual(b);
    expect(compact).not.toHaveProperty('summary');

    // A failed answer fails each lookup that waited for it, and is not kept.
    const failing = 'zephir Aero X2';
    resolver.mockRejectedValueOnce(new Error('the resolver failed'));
    const settled = await Promise.allSettled(
      ['key-a', 'key-b', 'key-a'].map((key) => lookups.lookup(failing, 'full', key)),
    );
    expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect((await lookups.lookup(failing, 'full', 'key-a')).found).toBe(true);
    expect(resolver).toHaveBeenCalledTimes(4);
    resolver.mockRestore();
  });

  it('drops cached answers on every instance when a new catalog is published', async () => {
    const keys = await Promise.all(apps.map((app) => bearer(app)));
    const before = await Promise.all(apps.map((app, i) => get(app, keys[i]!)));
    for (const body of before) expect(body.as_of).toBe('2026-11-01T00:00:00.000Z');

    await publish(90, '2026-11-20T00:00:00Z');
    const deadline = Date.now() + 3_000; // NOTIFY is immediate; the poll bounds it at 2 s
    for (const [i, app] of apps.entries()) {
      let body = await get(app, keys[i]!);
      while (body.as_of !== '2026-11-20T00:00:00.000Z' && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
        body = await get(app, keys[i]!);
      }
      expect(body.as_of).toBe('2026-11-20T00:00:00.000Z');
      expect(body.service_score).toBeGreaterThan(before[i]!.service_score);
    }
  });
});
