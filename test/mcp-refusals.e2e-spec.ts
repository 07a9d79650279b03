import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ErrorCode, LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import type { INestApplication } from '@nestjs/common';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpController } from '../src/mcp/mcp.controller.js';
import { BATCH_TOOL, SINGLE_TOOL } from '../src/mcp/mcp-tools.js';
import { mcpCalls } from './support/mcp-calls.js';
import { send } from './support/raw-http.js';
import { bearer, createTestApp } from './support/test-app.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

// What the MCP endpoint refuses, and that a refusal is charged nothing: a missing key, GET, a
// foreign Origin or Host, bad or unknown arguments, a tool it does not have. What it answers:
// mcp-tools.e2e-spec.ts.

describe(McpController.name, () => {
  let db: TestDatabase;
  let app: INestApplication;
  let base: string;

  beforeAll(async () => {
    db = await createTestDatabase({ demo: true });
    app = await createTestApp({ DATABASE_URL: db.url, SEED_DEMO_CATALOG: 'true' });
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${((app.getHttpServer() as Server).address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const { connect, http, call } = mcpCalls(() => base);

  it('refuses a missing or bad key with HTTP 401, and GET with 405', async () => {
    await expect(connect('Bearer pi_nope')).rejects.toThrow(/401/);
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: LATEST_PROTOCOL_VERSION,
        capabilities: {},
        clientInfo: { name: 'raw', version: '1' },
      },
    };
    const noKey = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify(initialize),
    });
    expect(noKey.status).toBe(401);
    expect(noKey.headers.get('www-authenticate')).toBe('Bearer');
    expect(noKey.headers.get('content-type')).toMatch(/^application\/problem\+json/);

    const get = await fetch(`${base}/mcp`, { headers: { Accept: 'text/event-stream' } });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });

  it('refuses a foreign Origin or Host (DNS rebinding) with 403, charging nothing', async () => {
    const key = await bearer(app);
    const port = Number(new URL(base).port);
    const call = {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: SINGLE_TOOL, arguments: { product_name: 'Sony WH-1000XM5' } },
    };
    const post = (headers: Record<string, string>) =>
      send(port, {
        method: 'POST',
        path: '/mcp',
        headers: {
          Authorization: key,
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
          ...headers,
        },
        body: Buffer.from(JSON.stringify(call)),
      });
    const foreign: Record<string, string>[] = [
      { Origin: 'http://evil.example.com' },
      { Host: `evil.example.com:${port}` },
    ];
    for (const headers of foreign) {
      const res = await post(headers);
      expect(res.status).toBe(403);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(JSON.parse(res.body.toString())).toMatchObject({ title: 'Origin not allowed' });
    }
    // Nothing was charged: the first allowed call has the whole budget but one.
    const allowed = await post({ Origin: `http://localhost:${port}` });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.ratelimit).toMatch(/^"lookups";r=119;/);
  });

  it('answers bad arguments with isError and the HTTP problem body, charging nothing', async () => {
    const key = await bearer(app);
    // The request id the client sends names each refused call, as it names HTTP problems.
    const client = await connect(key, { 'X-Request-Id': 'mcp-call-7' });
    const cases: [string, Record<string, unknown>, string, RequestInit?][] = [
      ['get_product_intelligence', {}, '/v1/product-intelligence'],
      [
        'get_product_intelligence',
        { product_name: 'PS5', detail: 'brief' },
        '/v1/product-intelligence?product_name=PS5&detail=brief',
      ],
      [
        'get_product_intelligence_batch',
        { product_names: [] },
        '/v1/product-intelligence/batch',
        { method: 'POST', body: '{"product_names":[]}' },
      ],
      [
        'get_product_intelligence_batch',
        { product_names: ['a'], detail: 'compact' },
        '/v1/product-intelligence/batch',
        { method: 'POST', body: '{"product_names":["a"],"detail":"compact"}' },
      ],
    ];
    for (const [tool, args, path, init] of cases) {
      const result = await call(client, tool, args);
      const viaHttp = await http(path, key, init);
      expect(viaHttp.status).toBe(400);
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toBeUndefined();
      // The same problem; `instance` names each HTTP request (its request id).
      const { instance, ...problem } = viaHttp.body as { instance?: string };
      expect(instance).toMatch(/^urn:request-id:/);
      expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual({
        ...problem,
        instance: 'urn:request-id:mcp-call-7',
      });
    }
    const budget = await http('/v1/product-intelligence?product_name=PS5', key);
    expect(budget.headers.get('ratelimit')).toBe('"lookups";r=119;t=60');
    await client.close();
  });

  it("answers a tool it does not have with the protocol's error, charging nothing", async () => {
    const key = await bearer(app);
    const client = await connect(key);
    const refused = client.callTool({ name: 'get_product', arguments: { product_name: 'PS5' } });
    await expect(refused).rejects.toMatchObject({
      code: ErrorCode.InvalidParams,
      message: expect.stringContaining('Unknown tool "get_product"'),
    });
    const budget = await http('/v1/product-intelligence?product_name=PS5', key);
    expect(budget.headers.get('ratelimit')).toBe('"lookups";r=119;t=60');
    await client.close();
  });

  it('refuses unknown arguments alike on both tools, with the budget in headers', async () => {
    let headers = new Headers();
    const client = await connect(await bearer(app), {}, (seen) => (headers = seen));
    const refusals: unknown[] = [];
    for (const [name, args] of [
      [SINGLE_TOOL, { product_name: 'PS5', extra: 1 }],
      [BATCH_TOOL, { product_names: ['PS5'], extra: 1 }],
      [SINGLE_TOOL, { product_name: '' }],
      [BATCH_TOOL, { product_names: [''] }],
    ] as const) {
      const result = await call(client, name, args);
      // A refused call is charged nothing, and says so as every other MCP answer does.
      expect(headers.get('ratelimit-policy')).toBe('"lookups";q=120;w=60');
      expect(headers.get('ratelimit')).toBe('"lookups";r=120;t=0');
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toBeUndefined();
      const { instance: _, ...problem } = JSON.parse(
        (result.content[0] as { text: string }).text,
      ) as Record<string, unknown>;
      refusals.push(problem);
    }
    const unknown = { field: 'extra', message: 'is not a field of this request' };
    const blank = (field: string) => [{ field, message: 'must not be blank' }];
    expect(refusals).toEqual([
      expect.objectContaining({ status: 400, title: 'Invalid request', errors: [unknown] }),
      expect.objectContaining({ status: 400, title: 'Invalid request', errors: [unknown] }),
      expect.objectContaining({ status: 400, errors: blank('product_name') }),
      expect.objectContaining({ status: 400, errors: blank('product_names[0]') }),
    ]);
    await client.close();
  });
});
