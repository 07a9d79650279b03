import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import fc from 'fast-check';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CatalogImporter } from '../src/catalog/catalog-importer.service.js';
import { catalogFile, product } from './support/catalog-files.js';
import { closeAgent, send, type RawRequest, type RawResponse } from './support/raw-http.js';
import { StatusTally } from './support/status-tally.js';
import { bearer, createTestApp } from './support/test-app.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

// Property-based: arbitrary query strings, headers and bodies thrown at the endpoints.
// Never a 5xx, never a crash, always problem details for an error. FUZZ_RUNS raises the
// number of cases (npm run bench:fuzz runs many more than the suite does).

const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
/** Generous per property: a few milliseconds a case, on a loaded machine. */
const TIMEOUT_MS = 30_000 + RUNS * 50;
const LOOKUP = '/v1/product-intelligence';
const BATCH = '/v1/product-intelligence/batch';

const POLLUTING_KEYS = ['__proto__', 'constructor', 'prototype', '__defineGetter__', 'toString'];

/** Any bytes, percent-encoded: invalid UTF-8, NUL and control bytes included. */
const encodedBytes = fc
  .uint8Array({ maxLength: 300 })
  .map((bytes) => [...bytes].map((b) => `%${b.toString(16).padStart(2, '0')}`).join(''));
/** Readable text, odd Unicode included, encoded as a browser would. */
const encodedText = fc.string({ unit: 'binary', maxLength: 300 }).map(encodeURIComponent);
const queryKey = fc.oneof(
  fc.constantFrom('product_name', 'detail', 'product_name[]', 'detail[x]', ...POLLUTING_KEYS),
  fc.constantFrom('sort', 'min_score', 'max_price', 'limit', 'cursor', 'limit[]'),
  fc.constantFrom('product_name[__proto__]', '__proto__[polluted]', 'constructor[prototype][x]'),
  encodedText,
);
const queryValue = fc.oneof(
  encodedText,
  encodedBytes,
  fc.constantFrom('compact', 'full', '', '%00', 'a%00b', '%ff%fe', 'x'.repeat(5_000)),
  fc.constantFrom('price', 'score', '-1', '1e309', 'NaN', '0x10', '20', '21', 'eyJ9'),
);
const queryString = fc
  .tuple(
    fc.array(fc.tuple(queryKey, fc.option(queryValue, { nil: undefined })), { maxLength: 6 }),
    fc.constantFrom('&', ';', '&&'),
  )
  .map(([pairs, separator]) =>
    pairs.map(([k, v]) => (v === undefined ? k : `${k}=${v}`)).join(separator),
  );

const printable = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
  maxLength: 200,
});
const headerName = fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,30}$/);
const headers = fc.dictionary(
  fc.oneof(
    headerName,
    fc.constantFrom(
      'Authorization',
      'Content-Type',
      'X-Request-Id',
      'Accept',
      'Accept-Encoding',
      'Origin',
      'Cookie',
      'X-Forwarded-For',
      'Transfer-Encoding-Not',
    ),
  ),
  fc.oneof(
    printable,
    fc.constantFrom(
      'Bearer ',
      'Bearer pi_',
      'application/json',
      'application/json; charset=latin1',
      'gzip',
      'text/plain',
    ),
  ),
  { maxKeys: 6 },
);

/** Deeply nested arrays or objects, up to the body limit. */
const deep = fc
  .tuple(fc.integer({ min: 1, max: 10_000 }), fc.boolean())
  .map(([depth, arrays]) =>
    arrays
      ? '['.repeat(depth) + ']'.repeat(depth)
      : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth),
  );
const jsonish = fc.oneof(
  fc.json({ depthSize: 'medium' }),
  fc.jsonValue().map((v) => JSON.stringify({ product_names: v })),
  fc
    .array(fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.object()), { maxLength: 8 })
    .map((names) => JSON.stringify({ product_names: names })),
  fc.constantFrom(...POLLUTING_KEYS).map((k) => `{"${k}":{"polluted":1},"product_names":["a"]}`),
  fc.constant('{"product_names":["a"],"constructor":{"prototype":{"polluted":1}}}'),
  deep,
  fc.string({ unit: 'binary' }),
  fc.constant(JSON.stringify({ product_names: ['x'.repeat(20_000)] })),
);
const body = fc.oneof(
  jsonish.map((text) => Buffer.from(text)),
  fc.uint8Array({ maxLength: 2_000 }).map((bytes) => Buffer.from(bytes)),
  fc.constant(Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x00, 0x22, 0x7d])),
);

/**
 * The MCP SDK's transport refuses malformed JSON-RPC itself, with a 4xx whose body is a
 * JSON-RPC error rather than problem details (reported to the MCP endpoint's owner).
 */
function isJsonRpcError(res: RawResponse): boolean {
  if (!String(res.headers['content-type']).startsWith('application/json')) return false;
  const body = JSON.parse(res.body.toString('utf8')) as { jsonrpc?: unknown; error?: unknown };
  return body.jsonrpc === '2.0' && typeof body.error === 'object' && body.error !== null;
}

function expectProblemOrSuccess(res: RawResponse, method: string, jsonRpc = false): void {
  expect(res.status).toBeLessThan(500);
  if (method === 'HEAD') return;
  const type = String(res.headers['content-type'] ?? '');
  if (res.status >= 400 && jsonRpc && isJsonRpcError(res)) return;
  if (res.status >= 400) {
    expect({ status: res.status, type, body: res.body.toString('utf8', 0, 100) }).toMatchObject({
      type: expect.stringMatching(/^application\/problem\+json/),
    });
    const problem = JSON.parse(res.body.toString('utf8')) as Record<string, unknown>;
    expect(problem).toMatchObject({
      type: expect.any(String),
      title: expect.any(String),
      status: res.status,
      detail: expect.any(String),
      instance: `urn:request-id:${String(res.headers['x-request-id'])}`,
    });
    expect(res.body.toString('utf8')).not.toMatch(/at \w+ \(|prisma|SELECT|node_modules/i);
  } else if (res.body.length > 0 && res.status !== 302) {
    expect(type).toMatch(/json|html/);
  }
  expect(Object.keys(res.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
}

describe('Endpoints under arbitrary input', () => {
  let db: TestDatabase;
  let app: INestApplication;
  let port: number;
  let auth: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    // A budget no fuzz run exhausts: this test is about input, not about rate limits.
    app = await createTestApp({ DATABASE_URL: db.url, QUOTA_LIMIT: '1000000' });
    await app.listen(0, '127.0.0.1');
    port = ((app.getHttpServer() as Server).address() as AddressInfo).port;
    auth = await bearer(app);
    // Published, so that /readyz is 200 and any 5xx is a real failure.
    await app.get(CatalogImporter).import(await catalogFile([product('fuzz-1')]));
  });

  afterAll(async () => {
    if (process.env.FUZZ_RUNS) process.stderr.write(`fuzz: ${tally.summary()}\n`);
    closeAgent();
    await app?.close();
    await db?.drop();
    delete process.env.QUOTA_LIMIT;
  });

  /** Answers by channel and status, printed after a bench:fuzz run (for bench/RESULTS.md). */
  const tally = new StatusTally();
  const withKey = fc.oneof(fc.constant(true), fc.constant(true), fc.constant(false));
  const check = async (request: RawRequest, keyed: boolean) => {
    const headers = { ...request.headers };
    if (keyed) headers.Authorization = auth;
    const res = await send(port, { ...request, headers });
    tally.add(request.path === '/mcp' ? 'mcp' : 'http', res.status);
    expectProblemOrSuccess(res, request.method, request.path === '/mcp');
  };

  it(
    'answers any query string on the single lookup and the browse routes without a 5xx',
    async () => {
      const route = fc.oneof(
        fc.constantFrom(LOOKUP, LOOKUP, '/v1/categories', '/v1/categories/headphones/products'),
        encodedBytes.map((key) => `/v1/categories/${key}/products`),
      );
      await fc.assert(
        fc.asyncProperty(
          route,
          queryString,
          withKey,
          async (at, query, keyed) => await check({ method: 'GET', path: `${at}?${query}` }, keyed),
        ),
        { numRuns: RUNS },
      );
    },
    TIMEOUT_MS,
  );

  it(
    'answers any body and content type on the batch without a 5xx',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          body,
          fc.constantFrom(
            'application/json',
            'application/json; charset=utf-8',
            'text/plain',
            'application/x-www-form-urlencoded',
            'application/json; charset=latin1',
          ),
          withKey,
          async (payload, contentType, keyed) =>
            await check(
              {
                method: 'POST',
                path: BATCH,
                headers: { 'Content-Type': contentType },
                body: payload,
              },
              keyed,
            ),
        ),
        { numRuns: RUNS },
      );
    },
    TIMEOUT_MS,
  );

  it(
    'answers any headers, method and path without a 5xx',
    async () => {
      const path = fc.oneof(
        fc.constantFrom(
          LOOKUP,
          BATCH,
          '/healthz',
          '/readyz',
          '/metrics',
          '/v1/r/x',
          '/mcp',
          '/v1/openapi.json',
          '/v1/categories',
          '/v1/categories/headphones/products',
        ),
        encodedBytes.map((p) => `/${p}`),
        encodedBytes.map((p) => `/v1/r/${p}`),
      );
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'),
          path,
          headers,
          fc.option(body, { nil: undefined }),
          async (method, target, sent, payload) => {
            // Node's client refuses some header combinations itself; those never reach the app.
            const request: RawRequest = {
              method,
              path: target,
              headers: sent,
              ...(payload && method !== 'GET' && method !== 'HEAD' && { body: payload }),
            };
            let res: RawResponse;
            try {
              res = await send(port, request);
            } catch (error) {
              if ((error as NodeJS.ErrnoException).code?.startsWith('ERR_')) return;
              throw error;
            }
            expectProblemOrSuccess(res, method);
          },
        ),
        { numRuns: RUNS },
      );
    },
    TIMEOUT_MS,
  );

  it(
    'answers any JSON-RPC message at the MCP endpoint without a 5xx',
    async () => {
      const message = fc.record(
        {
          jsonrpc: fc.oneof(fc.constant('2.0'), fc.jsonValue()),
          id: fc.oneof(fc.integer(), fc.string(), fc.constant(null), fc.object()),
          method: fc.oneof(
            fc.constantFrom('initialize', 'tools/list', 'tools/call', 'ping', '__proto__'),
            fc.string(),
          ),
          params: fc.oneof(
            fc.record({
              name: fc.oneof(
                fc.constantFrom(
                  'get_product_intelligence',
                  'get_product_intelligence_batch',
                  'browse_category',
                ),
                fc.string(),
              ),
              arguments: fc.oneof(
                fc.record({
                  product_name: fc.oneof(fc.string({ unit: 'binary' }), fc.jsonValue()),
                }),
                fc.record({ product_names: fc.jsonValue() }),
                fc.record(
                  {
                    category: fc.oneof(fc.constant('headphones'), fc.string(), fc.jsonValue()),
                    sort: fc.oneof(fc.constantFrom('score', 'price'), fc.jsonValue()),
                    min_score: fc.jsonValue(),
                    max_price: fc.oneof(fc.double(), fc.jsonValue()),
                    limit: fc.oneof(fc.integer(), fc.jsonValue()),
                    cursor: fc.oneof(fc.string({ unit: 'binary' }), fc.jsonValue()),
                  },
                  { requiredKeys: [] },
                ),
                fc.jsonValue(),
              ),
            }),
            fc.jsonValue(),
          ),
        },
        { requiredKeys: [] },
      );
      const payload = fc.oneof(
        message.map((m) => Buffer.from(JSON.stringify(m))),
        fc.array(message, { maxLength: 3 }).map((m) => Buffer.from(JSON.stringify(m))),
        body,
      );
      await fc.assert(
        fc.asyncProperty(
          payload,
          fc.constantFrom(
            'application/json, text/event-stream',
            'application/json',
            '*/*',
            'text/html',
          ),
          withKey,
          async (sent, accept, keyed) =>
            await check(
              {
                method: 'POST',
                path: '/mcp',
                headers: { 'Content-Type': 'application/json', Accept: accept },
                body: sent,
              },
              keyed,
            ),
        ),
        { numRuns: RUNS },
      );
    },
    TIMEOUT_MS,
  );

  it('is still alive and unpolluted afterwards', async () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const res = await send(port, {
      method: 'GET',
      path: `${LOOKUP}?product_name=PS5`,
      headers: { Authorization: auth },
    });
    expect(res.status).toBe(200);
  });
});
