import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { INestApplication } from '@nestjs/common';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { SINGLE_TOOL } from '../src/mcp/mcp-tools.js';
import { closeAgent, send, type RawResponse } from './support/raw-http.js';
import { bearer, createTestApp } from './support/test-app.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

// gzip over real HTTP: raw requests (Node's http client does not decode), so the test sees
// exactly the bytes and headers a client gets.

const FOUND = '/v1/product-intelligence?product_name=Sony%20WH-1000XM5';
const METRICS_TOKEN = 'compression-test-metrics-token';

describe('compressAnswers', () => {
  let db: TestDatabase;
  let app: INestApplication;
  let port: number;
  let auth: string;

  const get = async (path: string, headers: Record<string, string> = {}) =>
    await send(port, { method: 'GET', path, headers: { Authorization: auth, ...headers } });
  const decoded = (res: RawResponse): string => {
    const encoding = res.headers['content-encoding'];
    if (encoding === 'gzip') return gunzipSync(res.body).toString();
    if (encoding === 'br') return brotliDecompressSync(res.body).toString();
    return res.body.toString();
  };
  const json = (res: RawResponse): unknown => JSON.parse(decoded(res));

  beforeAll(async () => {
    db = await createTestDatabase({ demo: true });
    app = await createTestApp({
      DATABASE_URL: db.url,
      SEED_DEMO_CATALOG: 'true',
      METRICS_TOKEN,
    });
    await app.listen(0, '127.0.0.1');
    port = ((app.getHttpServer() as Server).address() as AddressInfo).port;
    auth = await bearer(app);
  });

  afterAll(async () => {
    closeAgent();
    await app?.close();
    await db?.drop();
  });

  it('gzips a found answer when the client accepts it, and only then', async () => {
    const plain = await get(FOUND);
    const gzipped = await get(FOUND, { 'Accept-Encoding': 'gzip, deflate' });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(4000);
    expect(gzipped.status).toBe(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toMatch(/Accept-Encoding/i);
    expect(gzipped.headers['content-type']).toMatch(/^application\/json/);
    expect(gzipped.body.length).toBeLessThan(plain.body.length / 2);
    expect(json(gzipped)).toEqual(json(plain));
    // Browsers and fetch also offer br, which the middleware prefers (at a cheap quality).
    const brotli = await get(FOUND, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(json(brotli)).toEqual(json(plain));
  });

  it('keeps ETag and 304 working in both encodings', async () => {
    const first = await get(FOUND, { 'Accept-Encoding': 'gzip' });
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^W\/"/);
    expect((await get(FOUND)).headers.etag).toBe(etag);
    for (const encoding of [{ 'Accept-Encoding': 'gzip' }, {}] as Record<string, string>[]) {
      const again = await get(FOUND, { 'If-None-Match': etag, ...encoding });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
    }
  });

  it('gzips a batch answer and leaves small problem bodies alone', async () => {
    const body = Buffer.from(JSON.stringify({ product_names: ['PS5', 'Sony WH-1000XM5'] }));
    const batch = await send(port, {
      method: 'POST',
      path: '/v1/product-intelligence/batch',
      headers: {
        Authorization: auth,
        'Content-Type': 'application/json',
        'Accept-Encoding': 'gzip',
      },
      body,
    });
    expect(batch.status).toBe(200);
    expect(batch.headers['content-encoding']).toBe('gzip');
    expect((json(batch) as { results: unknown[] }).results).toHaveLength(2);
    const refused = await send(port, {
      method: 'GET',
      path: FOUND,
      headers: { 'Accept-Encoding': 'gzip' },
    });
    expect(refused.status).toBe(401);
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(json(refused)).toMatchObject({ status: 401 });
  });

  it('serves /metrics in a form Prometheus reads (it sends Accept-Encoding: gzip)', async () => {
    const scrape = await send(port, {
      method: 'GET',
      path: '/metrics',
      headers: { Authorization: `Bearer ${METRICS_TOKEN}`, 'Accept-Encoding': 'gzip' },
    });
    expect(scrape.status).toBe(200);
    expect(decoded(scrape)).toMatch(/^# HELP /m);
  });

  it('leaves MCP working for a client that accepts gzip', async () => {
    // The SDK's transport uses fetch, which sends Accept-Encoding: gzip, deflate, br.
    const client = new Client({ name: 'compression-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`), {
        requestInit: { headers: { Authorization: auth } },
      }),
    );
    const result = await client.callTool({
      name: SINGLE_TOOL,
      arguments: { product_name: 'Sony WH-1000XM5' },
    });
    expect(result.isError).toBeFalsy();
    expect(JSON.stringify(result.content)).toContain('WH-1000XM5');
    await client.close();
  });
});
