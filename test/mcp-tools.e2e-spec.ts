import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import type { INestApplication } from '@nestjs/common';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PACKAGE_VERSION } from '../src/config/package-version.js';
import { McpController } from '../src/mcp/mcp.controller.js';
import { mcpCalls } from './support/mcp-calls.js';
import { bearer, createTestApp } from './support/test-app.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

// The MCP endpoint's tools: what they list, that they answer as the HTTP API does, in every
// protocol revision, and that both draw on one budget. What it refuses: mcp-refusals.e2e-spec.ts.

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

  it('states its name and version, and lists its tools with input and output schemas', async () => {
    const client = await connect(await bearer(app));
    expect(client.getServerVersion()).toEqual({
      name: 'product-intelligence',
      version: PACKAGE_VERSION,
    });
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      'get_product_intelligence',
      'get_product_intelligence_batch',
      'browse_category',
    ]);
    for (const tool of tools) {
      expect(tool.title).toEqual(expect.any(String));
      expect(tool.description!.length).toBeGreaterThan(100);
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type).toBe('object');
      expect(tool.annotations?.readOnlyHint).toBe(true);
    }
    expect(tools[0]!.inputSchema.required).toEqual(['product_name']);
    expect(tools[1]!.inputSchema.required).toEqual(['product_names']);
    expect(tools[2]!.inputSchema.required).toBeUndefined(); // no category: the list
    // Both closed, with a name of at least one character: what a client validates locally is
    // what the service refuses.
    type Properties = Record<string, { items?: object }>;
    const [single, batch] = tools.map((tool) => tool.inputSchema.properties as Properties);
    expect(single!.product_name).toMatchObject({ type: 'string', minLength: 1 });
    expect(batch!.product_names!.items).toMatchObject({ type: 'string', minLength: 1 });
    for (const tool of tools) expect(tool.inputSchema.additionalProperties).toBe(false);
    await client.close();
  });

  it('answers exactly the HTTP body: found, not found, compact and batch', async () => {
    const key = await bearer(app);
    const client = await connect(key);
    await client.listTools(); // the client then checks results against the output schemas
    const cases: [string, Record<string, unknown>, string, RequestInit?][] = [
      [
        'get_product_intelligence',
        { product_name: 'Sony WH-1000XM5' },
        '/v1/product-intelligence?product_name=Sony%20WH-1000XM5',
      ],
      [
        'get_product_intelligence',
        { product_name: 'Zork Blaster 9000' },
        '/v1/product-intelligence?product_name=Zork%20Blaster%209000',
      ],
      [
        'get_product_intelligence',
        { product_name: 'iphone 15 pro', detail: 'compact' },
        '/v1/product-intelligence?product_name=iphone%2015%20pro&detail=compact',
      ],
      [
        'get_product_intelligence_batch',
        { product_names: ['Sony WH-1000XM5', 'Zork Blaster 9000', 'PS5'] },
        '/v1/product-intelligence/batch',
        {
          method: 'POST',
          body: JSON.stringify({ product_names: ['Sony WH-1000XM5', 'Zork Blaster 9000', 'PS5'] }),
        },
      ],
    ];
    const found: boolean[] = [];
    for (const [tool, args, path, init] of cases) {
      const result = await call(client, tool, args);
      const viaHttp = await http(path, key, init);
      expect(viaHttp.status).toBe(200);
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toEqual(viaHttp.body);
      expect(result.content).toEqual([{ type: 'text', text: JSON.stringify(viaHttp.body) }]);
      found.push((viaHttp.body as { found?: boolean }).found ?? true);
    }
    expect(found).toEqual([true, false, true, true]);
    await client.close();
  });

  it('speaks every protocol revision the SDK supports, and states the budget in headers', async () => {
    const key = await bearer(app);
    const post = (message: object) =>
      fetch(`${base}/mcp`, {
        method: 'POST',
        headers: {
          Authorization: key,
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify(message),
      });
    for (const protocolVersion of SUPPORTED_PROTOCOL_VERSIONS) {
      const res = await post({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion, capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { result: { protocolVersion: string } };
      expect(body.result.protocolVersion).toBe(protocolVersion);
      expect(res.headers.get('ratelimit')).toBe('"lookups";r=120;t=0'); // initialising is free
    }
    const called = await post({
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'get_product_intelligence', arguments: { product_name: 'PS5' } },
    });
    expect(called.status).toBe(200);
    expect(called.headers.get('ratelimit-policy')).toBe('"lookups";q=120;w=60');
    expect(called.headers.get('ratelimit')).toBe('"lookups";r=119;t=60');
  });

  it('shares the budget with the HTTP API: 60 over HTTP and 60 over MCP, then both refuse', async () => {
    const key = await bearer(app);
    const client = await connect(key);
    await client.listTools(); // listing and initialising cost nothing
    for (let i = 0; i < 12; i++) {
      const names = { product_names: ['a', 'b', 'c', 'd', 'e'] };
      expect(
        (
          await http('/v1/product-intelligence/batch', key, {
            method: 'POST',
            body: JSON.stringify(names),
          })
        ).status,
      ).toBe(200);
      expect((await call(client, 'get_product_intelligence_batch', names)).isError).toBeFalsy();
    }
    const viaHttp = await http('/v1/product-intelligence?product_name=PS5', key);
    expect(viaHttp.status).toBe(429);
    const result = await call(client, 'get_product_intelligence', { product_name: 'PS5' });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    const problem = JSON.parse((result.content[0] as { text: string }).text) as Record<
      string,
      unknown
    >;
    expect(problem).toMatchObject({
      status: 429,
      title: 'Too many requests',
      type: (viaHttp.body as { type: string }).type,
    });
    expect(problem.retry_after).toEqual(expect.any(Number));
    await client.close();
  });
});
