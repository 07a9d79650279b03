import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  ErrorCode,
  LATEST_PROTOCOL_VERSION,
  SUPPORTED_PROTOCOL_VERSIONS,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import type { INestApplication } from '@nestjs/common';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PACKAGE_VERSION } from '../src/config/package-version.js';
import { McpController } from '../src/mcp/mcp.controller.js';
import { BATCH_TOOL, SINGLE_TOOL } from '../src/mcp/mcp-tools.js';
import { send } from './support/raw-http.js';
import { bearer, createTestApp } from './support/test-app.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

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

  /** An SDK client; `seen` receives the HTTP headers of every answer it gets. */
  async function connect(
    authorization: string,
    headers = {},
    seen?: (headers: Headers) => void,
  ): Promise<Client> {
    const client = new Client({ name: 'e2e', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${base}/mcp`), {
        requestInit: { headers: { Authorization: authorization, ...headers } },
        ...(seen && {
          fetch: async (url: string | URL, init?: RequestInit) => {
            const res = await fetch(url, init);
            seen(res.headers);
            return res;
          },
        }),
      }),
    );
    return client;
  }

  const http = async (path: string, key: string, init: RequestInit = {}) => {
    const res = await fetch(base + path, {
      ...init,
      headers: { Authorization: key, 'Content-Type': 'application/json', ...init.headers },
    });
    return { status: res.status, headers: res.headers, body: await res.json() };
  };

  const call = (client: Client, name: string, args: Record<string, unknown>) =>
    client.callTool({ name, arguments: args }) as Promise<CallToolResult>;

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
