import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { INestApplication } from '@nestjs/common';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { PrismaService } from '../src/database/prisma.service.js';
import { BrowseController } from '../src/lookup/browse/browse.controller.js';
import { encodeCursor } from '../src/lookup/browse/browse-cursor.js';
import {
  categoryListSchema,
  categoryPageSchema,
  type Category,
  type CategoryPage,
} from '../src/lookup/browse/browse-response.schema.js';
import { BrowseRepository, pageSql } from '../src/lookup/browse/browse.repository.js';
import { categoryKeys } from '../src/lookup/browse/category-keys.js';
import { PublishedCatalog } from '../src/lookup/published-catalog.js';
import { BROWSE_TOOL } from '../src/mcp/mcp-tools.js';
import { closeAgent, send } from './support/raw-http.js';
import { bearer, createTestApp } from './support/test-app.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

// Browsing the demo catalog by category (issue 55), over HTTP and MCP, against product_scores.

type Json = Record<string, unknown>;
type Answer = { status: number; headers: Headers; body: Json };

/** product_scores' order of each sort, as SQL states it (docs/decisions.md). */
const ORDER = {
  score: 'category_rank IS NULL, category_rank, service_score DESC, product_id COLLATE "C"',
  price:
    'starting_price_usd IS NULL, starting_price_usd, service_score DESC, product_id COLLATE "C"',
};

describe(BrowseController.name, () => {
  let db: TestDatabase;
  let app: INestApplication;
  let base: string;
  let port: number;
  let categories: Category[];

  beforeAll(async () => {
    db = await createTestDatabase({ demo: true });
    app = await createTestApp({ DATABASE_URL: db.url, SEED_DEMO_CATALOG: 'true' });
    await app.listen(0, '127.0.0.1');
    port = ((app.getHttpServer() as Server).address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
    categories = categoryListSchema.parse(
      (await get('/v1/categories', await bearer(app))).body,
    ).categories;
  });

  afterAll(async () => {
    closeAgent();
    await app?.close();
    await db?.drop();
  });

  async function get(path: string, key: string): Promise<Answer> {
    const res = await fetch(base + path, { headers: { Authorization: key } });
    return { status: res.status, headers: res.headers, body: (await res.json()) as Json };
  }

  const sql = <T>(text: string, ...values: unknown[]) =>
    app.get(PrismaService).$queryRawUnsafe<T[]>(text, ...values);

  const products = (key: string, query: Record<string, string | number> = {}) =>
    `/v1/categories/${encodeURIComponent(key)}/products?${new URLSearchParams(
      Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString()}`;

  /** Every page of a category from the first, following next_cursor: each page's products. */
  async function pages(key: string, query: Record<string, string | number>, auth: string) {
    const seen: CategoryPage['products'][] = [];
    let cursor: string | null = null;
    do {
      const res = await get(products(key, { ...query, ...(cursor && { cursor }) }), auth);
      expect(res.status).toBe(200);
      const page: CategoryPage = categoryPageSchema.parse(res.body);
      seen.push(page.products);
      cursor = page.next_cursor;
    } while (cursor !== null && seen.length < 200);
    return seen;
  }

  /** The ids of every page, in order. */
  const ids = async (...args: Parameters<typeof pages>) =>
    (await pages(...args)).map((page) => page.map((product) => product.id));

  it("reads a page from its order's index, the cursor an index condition, never sorting", async () => {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      // The demo's categories are small enough to sort: make the plan the one a large one gets.
      await client.query('SET enable_seqscan = off');
      await client.query('SET enable_bitmapscan = off');
      for (const sort of ['score', 'price'] as const)
        for (const after of [false, true]) {
          const args = ['headphones', null, null, 21, ...(after ? [false, 1, -90, 'a'] : [])];
          const { rows } = await client.query<{ 'QUERY PLAN': string }>(
            `EXPLAIN ${pageSql(sort, after)}`,
            args,
          );
          const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
          // The rows come out of the index in order: no sort between the limit and the scan.
          expect(plan).toMatch(
            new RegExp(
              `Limit[^\\n]*\\n\\s*->\\s+Index Scan using product_scores_${sort}_order_idx`,
            ),
          );
          if (after) expect(plan).toMatch(/Index Cond: .*ROW\(/);
        }
    } finally {
      await client.end();
    }
  });

  it('lists every category of product_scores with its counts, by key', async () => {
    const counted = await sql<{ name: string; products: number; reviewed: number }>(
      `SELECT category AS name, count(*)::int AS products,
              (count(*) FILTER (WHERE source_count > 0))::int AS reviewed
         FROM product_scores GROUP BY category`,
    );
    const keys = categoryKeys(counted.map((c) => c.name));
    const expected = counted
      .map((c) => ({ key: keys.get(c.name)!, ...c }))
      .sort((a, b) => (a.key < b.key ? -1 : 1));
    expect(categories).toEqual(expected);
    expect(categories.length).toBeGreaterThanOrEqual(10);
    expect(categories.reduce((n, c) => n + c.products, 0)).toBe(206);
    expect(categories.map((c) => c.key)).toContain('headphones');
  });

  it.each(['score', 'price'] as const)(
    'pages through every category by %s, each product once, in SQL order',
    async (sort) => {
      for (const { key, name, products: count } of categories) {
        const seen = await ids(key, { sort, limit: 2 }, await bearer(app));
        const ordered = await sql<{ id: string }>(
          `SELECT product_id AS id FROM product_scores WHERE category = $1 ORDER BY ${ORDER[sort]}`,
          name,
        );
        expect(seen.every((page) => page.length === 2 || page === seen.at(-1))).toBe(true);
        expect([key, seen.flat()]).toEqual([key, ordered.map((r) => r.id)]);
        expect(seen.flat()).toHaveLength(count);
      }
    },
  );

  it('keeps only products scoring at least min_score and priced at most max_price', async () => {
    const auth = await bearer(app);
    const filtered = async (
      where: string,
      sort: 'score' | 'price',
      query: Record<string, number>,
    ) => {
      const rows = await sql<{ id: string }>(
        `SELECT product_id AS id FROM product_scores
          WHERE category = 'headphones' AND ${where} ORDER BY ${ORDER[sort]}`,
      );
      const seen = (await ids('headphones', { sort, limit: 3, ...query }, auth)).flat();
      expect(seen).toEqual(rows.map((r) => r.id));
      return seen;
    };
    const good = await filtered('service_score >= 85.5', 'score', { min_score: 85.5 });
    const cheap = await filtered('starting_price_usd <= 300', 'price', { max_price: 300 });
    const both = await filtered('service_score >= 80 AND starting_price_usd <= 400', 'price', {
      min_score: 80,
      max_price: 400,
    });
    for (const ids of [good, cheap, both]) expect(ids.length).toBeGreaterThan(0);
    expect(good.length).toBeLessThan(categories.find((c) => c.key === 'headphones')!.products);
    // Without a price there is nothing to compare: max_price leaves out products with no offer.
    const unpriced = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM product_scores WHERE starting_price_usd IS NULL`,
    );
    expect(unpriced[0]!.n).toBeGreaterThan(0);
    const all = await get(
      products('headphones', { min_score: 0, max_price: 1e9, limit: 20 }),
      auth,
    );
    const priced = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM product_scores
        WHERE category = 'headphones' AND starting_price_usd IS NOT NULL`,
    );
    expect((all.body.products as unknown[]).length).toBe(Math.min(20, priced[0]!.n));
  });

  it('gives each product exactly the compact answer a lookup of its name gives', async () => {
    let compared = 0;
    for (const { key } of categories) {
      // Links are signed for the key that asks: one key reads the pages and the lookups.
      const auth = await bearer(app);
      for (const item of (await pages(key, { limit: 20, sort: 'price' }, auth)).flat()) {
        const name = encodeURIComponent(item.product_name);
        const lookup = await get(
          `/v1/product-intelligence?product_name=${name}&detail=compact`,
          auth,
        );
        expect(lookup.body).toEqual(item);
        compared++;
      }
    }
    expect(compared).toBe(206);
  });

  /** An SDK client; `seen` receives the HTTP headers of every answer it gets. */
  async function connect(key: string, seen?: (headers: Headers) => void): Promise<Client> {
    const client = new Client({ name: 'e2e', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${base}/mcp`), {
        requestInit: { headers: { Authorization: key } },
        fetch: async (url: string | URL, init?: RequestInit) => {
          const res = await fetch(url, init);
          seen?.(res.headers);
          return res;
        },
      }),
    );
    return client;
  }

  const browse = (client: Client, args: Json) =>
    client.callTool({ name: BROWSE_TOOL, arguments: args }) as Promise<CallToolResult>;

  const problemOf = (result: CallToolResult) => {
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    const { instance: _, ...problem } = JSON.parse(
      (result.content[0] as { text: string }).text,
    ) as Json;
    return problem;
  };

  it('answers browse_category over MCP with the HTTP bodies, as its output schema says', async () => {
    const key = await bearer(app);
    const client = await connect(key);
    const { tools } = await client.listTools(); // the SDK then checks results against them
    const tool = tools.find((t) => t.name === BROWSE_TOOL)!;
    expect(tool.inputSchema.additionalProperties).toBe(false);
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    addFormats.default(ajv);
    const validate = ajv.compile(tool.outputSchema!);
    const [headphones] = categories.filter((c) => c.key === 'headphones');
    const first = await get(products('headphones', { sort: 'price', limit: 4 }), key);
    const cases: [Json, string][] = [
      [{}, '/v1/categories'],
      [{ category: 'headphones' }, products('headphones')],
      [
        { category: 'headphones', sort: 'price', limit: 4 },
        products('headphones', { sort: 'price', limit: 4 }),
      ],
      [
        { category: 'headphones', sort: 'price', limit: 4, cursor: first.body.next_cursor },
        products('headphones', {
          sort: 'price',
          limit: 4,
          cursor: first.body.next_cursor as string,
        }),
      ],
      [
        { category: 'headphones', min_score: 85, max_price: 400 },
        products('headphones', { min_score: 85, max_price: 400 }),
      ],
    ];
    for (const [args, path] of cases) {
      const result = await browse(client, args);
      const viaHttp = await get(path, key);
      expect(viaHttp.status).toBe(200);
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toEqual(viaHttp.body);
      expect(result.content).toEqual([{ type: 'text', text: JSON.stringify(viaHttp.body) }]);
      expect(validate(result.structuredContent) ? [] : validate.errors).toEqual([]);
    }
    expect((await browse(client, {})).structuredContent).toEqual({ categories });
    const page = (await browse(client, { category: 'headphones', limit: 20 })).structuredContent;
    expect((page as CategoryPage).products).toHaveLength(Math.min(20, headphones!.products));
    // A page is no list of categories, nor a list a page: the schema tells them apart.
    expect(validate({ products: [] })).toBe(false);
    await client.close();
  });

  it('charges each request one lookup, over HTTP and MCP, and refuses the 121st', async () => {
    const key = await bearer(app);
    let headers = new Headers();
    const client = await connect(key, (seen) => (headers = seen));
    const remaining = (h: Headers) => /"lookups";r=(\d+);/.exec(h.get('ratelimit') ?? '')?.[1];
    const spent: (string | undefined)[] = [];
    spent.push(remaining((await get('/v1/categories', key)).headers));
    spent.push(remaining((await get(products('headphones', { limit: 20 }), key)).headers));
    spent.push(remaining((await get(products('headphones', { sort: 'price' }), key)).headers));
    await browse(client, {});
    spent.push(remaining(headers));
    await browse(client, { category: 'headphones', limit: 20 });
    spent.push(remaining(headers));
    // An unknown category was looked for: it costs its lookup, as a name not found does.
    spent.push(remaining((await get(products('no-such-category'), key)).headers));
    // A refused request costs nothing, and says so.
    spent.push(remaining((await get(products('headphones', { limit: 0 }), key)).headers));
    problemOf(await browse(client, { category: 'headphones', sort: 'name' }));
    spent.push(remaining(headers));
    expect(spent).toEqual(['119', '118', '117', '116', '115', '114', '114', '114']);
    for (let i = 0; i < 114; i++) expect((await get('/v1/categories', key)).status).toBe(200);
    const refused = await get(products('headphones'), key);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(refused.headers.get('ratelimit-policy')).toBe('"lookups";q=120;w=60');
    expect(refused.body).toMatchObject({ status: 429, retry_after: expect.any(Number) });
    expect(problemOf(await browse(client, {}))).toMatchObject({ status: 429 });
    await client.close();
  });

  it('names the parameter of every bad request, over HTTP and MCP alike', async () => {
    const key = await bearer(app);
    const client = await connect(key);
    const headphones = (sort: string) =>
      encodeCursor({ sort: sort as 'score', category: 'headphones', after: [false, 1, -90, 'x'] });
    const cases: [Record<string, string | number>, string][] = [
      [{ sort: 'name' }, 'sort'],
      [{ min_score: 101 }, 'min_score'],
      [{ min_score: -1 }, 'min_score'],
      [{ min_score: 'x' }, 'min_score'],
      [{ min_score: '' }, 'min_score'],
      [{ max_price: 0 }, 'max_price'],
      [{ max_price: -5 }, 'max_price'],
      [{ max_price: 'cheap' }, 'max_price'],
      [{ limit: 0 }, 'limit'],
      [{ limit: 21 }, 'limit'],
      [{ limit: 'x' }, 'limit'],
      [{ limit: 2.5 }, 'limit'],
      [{ cursor: 'not-a-cursor' }, 'cursor'],
      [{ cursor: '' }, 'cursor'],
      [{ cursor: headphones('price') }, 'cursor'], // made for the other sort
      [{ cursor: headphones('score').replace(/./, 'X') }, 'cursor'],
    ];
    for (const [query, field] of cases) {
      const viaHttp = await get(products('headphones', query), key);
      expect([query, viaHttp.status]).toEqual([query, 400]);
      expect(viaHttp.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(viaHttp.body).toMatchObject({ title: 'Invalid request', status: 400 });
      expect([query, (viaHttp.body.errors as { field: string }[]).map((e) => e.field)]).toEqual([
        query,
        [field],
      ]);
      // Over MCP the numbers are JSON numbers: the text ones are its type errors.
      const args = { category: 'headphones', ...query };
      const { instance: _, ...problem } = viaHttp.body;
      if (typeof query[field] !== 'string' || !/^-?[\d.]+$/.test(String(query[field])))
        expect(problemOf(await browse(client, args))).toEqual(problem);
    }
    // A cursor of one category is no cursor of another.
    const other = categories.find((c) => c.key !== 'headphones')!.key;
    const foreign = await get(products(other, { cursor: headphones('score') }), key);
    expect(foreign.body).toMatchObject({
      status: 400,
      errors: [{ field: 'cursor', message: 'was made for another category or sort' }],
    });
    // Repeated, a parameter is not one value; unknown ones are ignored, as a lookup's.
    const twice = await get(`${products('headphones')}limit=2&limit=3`, key);
    expect((twice.body.errors as { field: string }[]).map((e) => e.field)).toEqual(['limit']);
    expect((await get(products('headphones', { colour: 'red' }), key)).status).toBe(200);
    // The tool's arguments are closed, and only a category has pages to sort.
    expect(
      problemOf(await browse(client, { category: 'headphones', colour: 'red' })),
    ).toMatchObject({
      status: 400,
      errors: [{ field: 'colour', message: 'is not a field of this request' }],
    });
    expect(problemOf(await browse(client, { sort: 'price', limit: 3 }))).toMatchObject({
      status: 400,
      errors: [
        { field: 'sort', message: 'applies only with a category' },
        { field: 'limit', message: 'applies only with a category' },
      ],
    });
    expect(problemOf(await browse(client, { category: 7 }))).toMatchObject({
      errors: [{ field: 'category', message: 'must be one string' }],
    });
    await client.close();
  });

  it('answers 404 naming an unknown key, and never 500 on hostile input', async () => {
    const key = await bearer(app);
    const client = await connect(key);
    const unknown = await get(products('Headphones'), key);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(unknown.body).toMatchObject({ title: 'Not found', status: 404 });
    expect(unknown.body.detail).toContain('"Headphones"');
    const { instance: _, ...problem } = unknown.body;
    expect(problemOf(await browse(client, { category: 'Headphones' }))).toEqual(problem);
    const long = (n: number) => 'k'.repeat(n);
    const cases: [string, number][] = [
      ['/v1/categories/%00/products', 404],
      ['/v1/categories/%C3%A9couteurs/products', 404],
      ['/v1/categories/%F0%9F%8E%A7/products', 404],
      ['/v1/categories/%FF/products', 400], // not UTF-8
      ['/v1/categories/%ED%A0%80/products', 400], // an encoded lone surrogate
      ['/v1/categories/a%2Fb/products', 404],
      [`/v1/categories/${long(7000)}/products`, 404],
      [`/v1/categories/${long(9000)}/products`, 414],
      [`/v1/categories/headphones/products?cursor=${'A'.repeat(7000)}`, 400],
      ['/v1/categories/headphones/products?cursor=%00', 400],
      ['/v1/categories/headphones/products?cursor=%FF', 400],
      ['/v1/categories/headphones/products?sort=%00', 400],
      ['/v1/categories/headphones/products?limit=1e400', 400],
      ['/v1/categories/headphones/products?min_score=NaN', 400],
      ['/v1/categories/headphones/products?max_price=Infinity', 400],
      ['/v1/categories?%FF=1', 400],
    ];
    const label = (path: string) =>
      path.length > 100 ? `${path.slice(0, 60)}… (${path.length})` : path;
    const answered: [string, number][] = [];
    for (const [path] of cases) {
      const res = await send(port, { method: 'GET', path, headers: { Authorization: key } });
      answered.push([label(path), res.status]);
      expect([label(path), String(res.headers['content-type'])]).toEqual([
        label(path),
        expect.stringMatching(/^application\/problem\+json/),
      ]);
      expect(res.body.toString()).not.toMatch(/at \w+ \(|prisma|SELECT|node_modules/i);
    }
    expect(answered).toEqual(cases.map(([path, status]) => [label(path), status]));
    for (const category of ['\u0000', '\ud800', 'é'.repeat(5000), '../headphones'])
      expect(problemOf(await browse(client, { category }))).toMatchObject({ status: 404 });
    await client.close();
  });

  it('answers any key, query and arguments without a 5xx', async () => {
    /** Any bytes, percent-encoded: invalid UTF-8, NUL and control bytes included. */
    const bytes = fc
      .uint8Array({ maxLength: 60 })
      .map((b) => [...b].map((c) => `%${c.toString(16).padStart(2, '0')}`).join(''));
    const text = fc.string({ unit: 'binary', maxLength: 60 }).map(encodeURIComponent);
    const cursor = fc
      .record({ sort: fc.constantFrom('score', 'price'), after: fc.jsonValue() })
      .map((c) =>
        Buffer.from(JSON.stringify({ ...c, category: 'headphones' })).toString('base64url'),
      );
    const value = fc.oneof(
      text,
      bytes,
      cursor,
      fc.constantFrom('score', 'price', '0', '20', '100', '1e3', '-0', '.5', '', '%00'),
    );
    const parameter = fc.constantFrom('sort', 'min_score', 'max_price', 'limit', 'cursor');
    const query = fc
      .array(fc.tuple(fc.oneof(parameter, text), value), { maxLength: 5 })
      .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&'));
    const key = fc.oneof(fc.constantFrom('headphones', 'tvs', 'kettles'), text, bytes);
    await fc.assert(
      fc.asyncProperty(key, query, async (k, q) => {
        // Every part is percent-encoded already: fetch sends the path as it is.
        const path = `/v1/categories/${k}/products?${q}`;
        const res = await fetch(base + path, { headers: { Authorization: await bearer(app) } });
        expect([path, res.status < 500]).toEqual([path, true]);
        if (res.status >= 400)
          expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
        await res.arrayBuffer();
      }),
      { numRuns: 60 },
    );
    const client = await connect(await bearer(app, 'fuzz'));
    const argument = fc.oneof(fc.jsonValue(), fc.string({ unit: 'binary' }), cursor);
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            category: fc.oneof(fc.constantFrom('headphones', 'tvs'), argument),
            sort: argument,
            min_score: argument,
            max_price: argument,
            limit: argument,
            cursor: fc.oneof(cursor, argument),
          },
          { requiredKeys: [] },
        ),
        async (args) => {
          const result = await browse(client, args);
          if (!result.isError) return;
          const { status } = JSON.parse((result.content[0] as { text: string }).text) as Json;
          expect([args, status]).toEqual([args, expect.any(Number)]);
          expect([args, (status as number) < 500]).toEqual([args, true]);
        },
      ),
      { numRuns: 60 },
    );
    await client.close();
  });

  it('reads the categories once per publication, however many ask at once', async () => {
    const reads = jest.spyOn(app.get(BrowseRepository), 'categories');
    const key = await bearer(app);
    // A new publication of the same catalog: the list is read again, once.
    await publish('synthesis_key');
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        get(i % 2 ? '/v1/categories' : products('headphones', { limit: 1 }), key),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect((await get('/v1/categories', key)).body).toEqual({ categories });
    expect(reads).toHaveBeenCalledTimes(1);
    reads.mockRestore();
  });

  /** A new publication of the catalog as it is, its answers computed with `settings`. */
  async function publish(settings: string): Promise<void> {
    await sql(
      `INSERT INTO catalog_publications (published_at, imported_at, replaced, product_count,
              review_count, offer_count, synthesis_key)
       SELECT now(), now(), replaced, product_count, review_count, offer_count, ${settings}
         FROM catalog_publications ORDER BY id DESC LIMIT 1`,
    );
    await app.get(PublishedCatalog).refresh();
  }

  // The last three publish catalogs the service cannot browse, then none.
  it('answers 503, charging nothing, when the ranks are not of its settings', async () => {
    const key = await bearer(app);
    const refused = async () => {
      for (const path of ['/v1/categories', products('headphones')]) {
        const res = await get(path, key);
        expect(res.status).toBe(503);
        expect(res.body).toMatchObject({ title: 'Service unavailable', status: 503 });
        expect(res.body.detail).toMatch(/import the catalog again/);
        expect(res.headers.get('ratelimit')).toMatch(/^"lookups";r=120;/);
      }
    };
    const [first] = await sql<{ settings: string }>(
      'SELECT synthesis_key AS settings FROM catalog_publications ORDER BY id LIMIT 1',
    );
    // Computed with other synthesis settings: its ranks order other scores than it shows.
    await publish(`'other-settings'`);
    await refused();
    // Imported before ranks were stored: product_scores holds none of its products.
    await sql('DELETE FROM product_scores');
    await publish(`'${first!.settings}'`);
    await refused();
    // A lookup still answers, from answers synthesized with the service's own settings.
    expect((await get('/v1/product-intelligence?product_name=PS5', key)).status).toBe(200);
  });

  it('answers as a lookup does before any catalog is published: no category', async () => {
    const key = await bearer(app);
    await sql('TRUNCATE catalog_publications, products CASCADE');
    await app.get(PublishedCatalog).refresh();
    const lookup = await get('/v1/product-intelligence?product_name=PS5', key);
    expect(lookup.body).toMatchObject({ found: false, as_of: '1970-01-01T00:00:00.000Z' });
    expect(await get('/v1/categories', key)).toMatchObject({
      status: 200,
      body: { categories: [] },
    });
    expect((await get(products('headphones'), key)).status).toBe(404);
  });
});
