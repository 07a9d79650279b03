import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { measure } from '../bench/synthesis/faithfulness.js';
import { demoCatalogFile, readCatalogNames } from '../bench/resolution/labels.js';
import {
  productIntelligenceSchema,
  type ProductIntelligence,
} from '../src/synthesis/product-intelligence.schema.js';
import { catalogStandings } from '../src/synthesis/standing.js';
import { criterionTitle } from '../src/synthesis/wording.js';
import { bearer, createTestApp } from './support/test-app.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

// The revised synthesis rules (docs/synthesis.md) on every product of the demo catalog, as
// the HTTP API answers them.

describe('demo catalog assessments', () => {
  let db: TestDatabase;
  let app: INestApplication;
  const bodies = new Map<string, ProductIntelligence>();

  beforeAll(async () => {
    // The demo catalog, imported and published once for the suite (test-database.ts).
    db = await createTestDatabase({ demo: true });
    app = await createTestApp({
      DATABASE_URL: db.url,
      SEED_DEMO_CATALOG: 'true',
      QUOTA_LIMIT: '100000',
    });
    const http = app.getHttpServer() as App;
    const auth = await bearer(app);
    for (const name of readCatalogNames(demoCatalogFile()).map((p) => p.name)) {
      const res = await request(http)
        .get('/v1/product-intelligence')
        .set('Authorization', auth)
        .query({ product_name: name });
      expect(res.status).toBe(200);
      if ((res.body as { found: boolean }).found)
        bodies.set(name, productIntelligenceSchema.parse(res.body));
    }
  }, 300_000);

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const body = (name: string) => {
    const found = bodies.get(name);
    if (!found) throw new Error(`${name} did not resolve`);
    return found;
  };

  it("keeps every agreeing product within its sources' range, and no unreviewed one scored", () => {
    expect(bodies.size).toBeGreaterThan(180);
    const figures = measure([...bodies.values()]);
    expect(figures.agreeing).toBeGreaterThan(100);
    expect(figures.agreeingWithinRange).toBe(figures.agreeing);
    expect(figures.unreviewed).toBe(1);
    expect(figures.unreviewedShowingScore).toBe(0);
  });

  it("ranks each category's reviewed products by their scores, and the unreviewed not at all", async () => {
    const categories = new Map<string, ProductIntelligence[]>();
    for (const answer of bodies.values())
      categories.set(answer.category, [...(categories.get(answer.category) ?? []), answer]);
    expect(categories.size).toBeGreaterThan(5);
    for (const [category, answers] of categories) {
      const reviewed = answers.filter((a) => a.score_basis === 'sources');
      // Best first, as ranked at publication: score, then more sources, then id.
      reviewed.sort(
        (a, b) =>
          b.service_score - a.service_score ||
          b.source_count - a.source_count ||
          (a.id < b.id ? -1 : 1),
      );
      expect(reviewed.map((a) => a.category_rank)).toEqual(
        reviewed.map((_, i) => ({
          category,
          rank: i + 1,
          of: reviewed.length,
          percentile:
            reviewed.length === 1
              ? 100
              : Math.round((100 * (reviewed.length - i - 1)) / (reviewed.length - 1)),
        })),
      );
      for (const a of answers.filter((x) => x.score_basis !== 'sources'))
        expect(a.category_rank).toBeNull();
    }
    // The compact answer ranks it too.
    const res = await request(app.getHttpServer() as App)
      .get('/v1/product-intelligence')
      .set('Authorization', await bearer(app))
      .query({ product_name: 'Sony WH-1000XM5', detail: 'compact' });
    expect((res.body as ProductIntelligence).category_rank).toEqual(
      body('Sony WH-1000XM5').category_rank,
    );
    expect(body('Sony WH-1000XM5').category_rank?.rank).toBeGreaterThanOrEqual(1);
  });

  it('offers the alternatives the answers themselves make the best of their kinds', () => {
    const answers = [...bodies.values()];
    const expected = catalogStandings(
      answers.map((a) => ({
        id: a.id,
        productName: a.product_name,
        brand: a.brand,
        category: a.category,
        serviceScore: a.service_score,
        startingPriceUsd: a.starting_price_usd,
        sourceCount: a.source_count,
      })),
    );
    const kinds = { better: 0, cheaper: 0, top: 0 };
    for (const answer of answers) {
      expect(answer.alternatives).toEqual(expected.get(answer.id)!.alternatives);
      for (const alternative of answer.alternatives) {
        kinds[alternative.kind]++;
        const theirs = bodies.get(alternative.product_name)!;
        expect(theirs).toMatchObject({
          id: alternative.id,
          category: answer.category,
          score_basis: 'sources',
          service_score: alternative.service_score,
          starting_price_usd: alternative.starting_price_usd,
        });
      }
    }
    // The demo catalog shows every kind, on many of its products.
    expect(kinds.better).toBeGreaterThanOrEqual(10);
    expect(kinds.cheaper).toBeGreaterThanOrEqual(10);
    expect(kinds.top).toBeGreaterThanOrEqual(answers.length / 2);
  });

  it('highlights and considers only from evidence, each entry citing its sources', () => {
    for (const answer of bodies.values()) {
      const sources = new Set(answer.source_consensus.map((s) => s.source));
      const highlighted = new Set(answer.highlights.map((h) => h.title));
      for (const c of answer.considerations) expect(highlighted.has(c.title)).toBe(false);
      for (const entry of [...answer.highlights, ...answer.considerations]) {
        if (entry.title === 'No current offer') continue;
        expect(entry.sources.length).toBeGreaterThan(0);
        for (const source of entry.sources) expect(sources.has(source)).toBe(true);
      }
      const rated = answer.feature_scores.filter((f) => f.basis === 'sources');
      if (rated.length === 0) continue;
      const lowest = Math.min(...rated.map((f) => f.score));
      for (const f of rated.filter((f) => f.score === lowest))
        expect(highlighted.has(criterionTitle(f.name))).toBe(false);
      for (const s of answer.source_consensus) {
        expect(s.url).toMatch(/^https:\/\/.+\.example\//);
        expect(s.reviewed_at).toMatch(/Z$/);
      }
    }
  });

  it('scores the Sony WH-1000XM5 within its sources, cites them, and lists its drawbacks', () => {
    const xm5 = body('Sony WH-1000XM5');
    const scores = xm5.source_consensus.map((s) => s.score);
    expect(Math.min(...scores)).toBe(88);
    expect(Math.max(...scores)).toBe(94);
    expect(xm5.service_score).toBeGreaterThanOrEqual(88);
    expect(xm5.service_score).toBeLessThanOrEqual(94);
    expect(xm5.score_basis).toBe('sources');
    // The worked example of docs/synthesis.md.
    const score = (name: string) => xm5.feature_scores.find((f) => f.name === name);
    expect(xm5.service_score).toBe(89.1);
    expect(xm5.dimension_scores.find((d) => d.dimension === 'build')?.score).toBe(81.5);
    expect(score('comfort')?.score).toBe(93);
    expect(score('portability')?.score).toBe(69.9);
    expect(score('materials')).toMatchObject({ score: 79.7, basis: 'category_prior' });
    const cons = xm5.considerations.map((c) => [c.title, c.sources.length]);
    expect(cons).toEqual(
      expect.arrayContaining([
        ['Headband that no longer folds flat', 3],
        ['High price', 2],
      ]),
    );
    expect(xm5.highlights.map((h) => h.title)).toContain('Class-leading noise cancelling');
    expect(xm5.dimension_scores.every((d) => d.basis === 'sources')).toBe(true);
  });

  it('says the unreviewed kettle has no reviews, with no score, praise or fault of its own', () => {
    const kettle = body('Fellow Stagg EKG Electric Kettle');
    expect(kettle.headline).toContain('no reviews yet');
    // No product of its category has a review: the whole catalog's means, never headphones'.
    expect(kettle.score_basis).toBe('catalog_prior');
    expect(kettle.feature_scores.every((f) => f.basis === 'catalog_prior')).toBe(true);
    expect(kettle.highlights).toEqual([]);
    expect(kettle.considerations).toEqual([]);
    expect(kettle.source_count).toBe(0);
  });
});
