import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { INestApplication } from '@nestjs/common';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CatalogImporter } from '../src/catalog/catalog-importer.service.js';
import { AnswerRepository } from '../src/lookup/answer.repository.js';
import { PublishedCatalog } from '../src/lookup/published-catalog.js';
import {
  batchResponseSchema,
  limitedCoverageSchema,
  productIntelligenceSchema,
  type ProductIntelligence,
} from '../src/synthesis/product-intelligence.schema.js';
import { DIMENSIONS, TAXONOMY } from '../src/taxonomy/taxonomy.js';
import { catalogFile, product } from './support/catalog-files.js';
import { send } from './support/raw-http.js';
import { bearer, createTestApp } from './support/test-app.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

// Issue 24: a found answer names its catalog product (id, category), and each criterion its
// dimension and whether sources rated it or the category prior filled it: over HTTP, in a
// batch, compact, from the answer cache, and over MCP.

const LOOKUP = '/v1/product-intelligence';
const dimensionOf = new Map(DIMENSIONS.flatMap((d) => TAXONOMY[d].map((c) => [c, d] as const)));

/** The catalog: one product rated on two criteria by two sources, one rated by none. */
const catalog = (aeroCategory: string) => [
  product('zephyr-aero-x2', {
    name: 'Zephyr Aero X2',
    brand: 'Zephyr',
    category: aeroCategory,
    reviews: [
      {
        source: 'Example Lab',
        source_type: 'lab_test',
        score: 80,
        summary: 'Tested.',
        criteria: { speed: 82, comfort: 70 },
      },
      {
        source: 'Example Forum',
        source_type: 'community',
        score: 72,
        summary: 'Owners agree.',
        criteria: { speed: 74 },
      },
    ],
  }),
  product('halcyon-desk-lamp', {
    name: 'Halcyon Desk Lamp',
    brand: 'Halcyon',
    category: 'lighting',
    reviews: [],
  }),
];

describe('Answers an integrator can key on', () => {
  let db: TestDatabase;
  let app: INestApplication;
  let base: string;
  let auth: string;

  const publish = async (aeroCategory: string, publishedAt: string) => {
    const file = await catalogFile(catalog(aeroCategory));
    await app.get(CatalogImporter).import(file, { publishedAt: new Date(publishedAt) });
    await app.get(PublishedCatalog).refresh();
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    app = await createTestApp({ DATABASE_URL: db.url });
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${((app.getHttpServer() as Server).address() as AddressInfo).port}`;
    auth = await bearer(app);
    await publish('earbuds', '2026-11-01T00:00:00Z');
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  // Plain node:http: fetch adds `Cache-Control: no-cache` to a conditional request, which
  // rightly keeps a server from answering it with 304.
  const get = async (name: string, init: { detail?: string; etag?: string } = {}) => {
    const query = new URLSearchParams({
      product_name: name,
      ...(init.detail && { detail: init.detail }),
    });
    const res = await send(Number(new URL(base).port), {
      method: 'GET',
      path: `${LOOKUP}?${query.toString()}`,
      headers: { Authorization: auth, ...(init.etag && { 'If-None-Match': init.etag }) },
    });
    return { status: res.status, etag: res.headers.etag, text: res.body.toString() };
  };
  const found = async (name: string, detail?: string): Promise<ProductIntelligence> => {
    const res = await get(name, { detail });
    expect(res.status).toBe(200);
    return productIntelligenceSchema.parse(JSON.parse(res.text));
  };
  const criterion = (body: ProductIntelligence, name: string) =>
    body.feature_scores.find((f) => f.name === name);

  it('names the catalog product and its category, full and compact', async () => {
    const full = await found('zephyr aero x2');
    expect(full).toMatchObject({
      id: 'zephyr-aero-x2',
      product_name: 'Zephyr Aero X2',
      category: 'earbuds',
    });
    const compact = await found('Zephyr Aero X2', 'compact');
    expect(compact.summary).toBeUndefined();
    expect(compact).toMatchObject({ id: full.id, category: full.category });
    expect(compact.feature_scores).toEqual(full.feature_scores);
  });

  it('tells each criterion rated by sources from one at a prior, and says which prior', async () => {
    const aero = await found('Zephyr Aero X2');
    expect(criterion(aero, 'speed')).toMatchObject({
      dimension: 'performance',
      basis: 'sources',
    });
    expect(criterion(aero, 'comfort')).toMatchObject({
      dimension: 'build',
      basis: 'sources',
    });
    // No product of the catalog rates materials: the catalog's prior (the scale's middle).
    expect(criterion(aero, 'materials')).toMatchObject({
      dimension: 'build',
      score: 50,
      basis: 'catalog_prior',
    });
    for (const f of aero.feature_scores) {
      expect(f.dimension).toBe(dimensionOf.get(f.name));
      expect(f.basis === 'sources').toBe(['speed', 'comfort'].includes(f.name));
    }
    const lamp = await found('Halcyon Desk Lamp');
    expect(lamp).toMatchObject({ id: 'halcyon-desk-lamp', category: 'lighting', source_count: 0 });
    // Alone in its category and unreviewed: the whole catalog's means, never the earbuds'
    // as its own category's, and a score_basis that says so.
    expect(new Set(lamp.feature_scores.map((f) => f.basis))).toEqual(new Set(['catalog_prior']));
    expect(lamp).toMatchObject({ score_basis: 'catalog_prior', highlights: [] });
    expect(lamp.headline).toContain('no reviews yet');
  });

  it('keys every found entry of a batch, and adds nothing to limited coverage', async () => {
    const res = await fetch(new URL(`${LOOKUP}/batch`, base), {
      method: 'POST',
      headers: { Authorization: auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ product_names: ['Halcyon Desk Lamp', 'Quasar Blender 9'] }),
    });
    expect(res.status).toBe(200);
    const { results } = batchResponseSchema.parse(await res.json());
    expect(results[0]).toMatchObject({
      found: true,
      id: 'halcyon-desk-lamp',
      category: 'lighting',
    });
    limitedCoverageSchema.strict().parse(results[1]);
  });

  it('serves the same keyed body and ETag from the cache, and a new one for a new catalog', async () => {
    await publish('in-ear', '2026-11-10T00:00:00Z'); // nothing of it is cached yet
    const findExact = jest.spyOn(app.get(AnswerRepository), 'findExact');
    const first = await get('Zephyr Aero X2');
    const cached = await get('Zephyr Aero X2');
    const otherName = await get('ZEPHYR aero-x2');
    // The second answer comes from the answer cache; the third is its own name's probe.
    expect(findExact).toHaveBeenCalledTimes(2);
    findExact.mockRestore();
    expect(cached.text).toBe(first.text);
    expect(JSON.parse(otherName.text)).toMatchObject({ id: 'zephyr-aero-x2', category: 'in-ear' });
    expect(first.etag).toEqual(expect.any(String));
    expect(cached.etag).toBe(first.etag);
    expect((await get('Zephyr Aero X2', { etag: first.etag! })).status).toBe(304);

    await publish('headphones', '2026-11-20T00:00:00Z');
    const moved = await get('Zephyr Aero X2', { etag: first.etag! });
    expect(moved.status).toBe(200);
    expect(moved.etag).not.toBe(first.etag);
    expect(JSON.parse(moved.text)).toMatchObject({
      id: 'zephyr-aero-x2',
      category: 'headphones',
      as_of: '2026-11-20T00:00:00.000Z',
    });
  });

  it('gives MCP clients the same keys, within the output schemas they validate against', async () => {
    const client = new Client({ name: 'e2e', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${base}/mcp`), {
        requestInit: { headers: { Authorization: auth } },
      }),
    );
    // Listing caches the output schemas: the SDK client then checks every result against them.
    const { tools } = await client.listTools();
    const defs = tools[0]!.outputSchema!.$defs as Record<string, { properties: object }>;
    expect(Object.keys(defs.ProductIntelligence!.properties)).toEqual(
      expect.arrayContaining(['id', 'category']),
    );
    expect(Object.keys(defs.FeatureScore!.properties)).toEqual(
      expect.arrayContaining(['dimension', 'basis']),
    );
    const single = (await client.callTool({
      name: 'get_product_intelligence',
      arguments: { product_name: 'Zephyr Aero X2', detail: 'compact' },
    })) as CallToolResult;
    const body = productIntelligenceSchema.parse(single.structuredContent);
    expect(body).toMatchObject({ id: 'zephyr-aero-x2', category: 'headphones' });
    expect(criterion(body, 'speed')).toMatchObject({ dimension: 'performance', basis: 'sources' });
    const batch = (await client.callTool({
      name: 'get_product_intelligence_batch',
      arguments: { product_names: ['Halcyon Desk Lamp'] },
    })) as CallToolResult;
    expect(batchResponseSchema.parse(batch.structuredContent).results[0]).toMatchObject({
      id: 'halcyon-desk-lamp',
      category: 'lighting',
    });
    await client.close();
  });
});
