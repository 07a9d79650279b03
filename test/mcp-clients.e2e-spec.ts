import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { INestApplication } from '@nestjs/common';
import { spawnSync } from 'node:child_process';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NO_CONTROL_CHARACTERS } from '../src/lookup/lookup-request.schema.js';
import { bearer, createTestApp } from './support/test-app.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

// MCP clients validate tool schemas locally, in JavaScript (the SDK's Ajv) and in Python
// (`jsonschema`, whose patterns are Python's `re`). The schemas served live must mean the same
// to both, and the same as the service's own validation of the HTTP requests.

type Json = Record<string, unknown>;
type SchemaCheck = { schema: object; instances: unknown[] };

/** Compiles every pattern, then validates each instance as Python MCP clients do. */
const PYTHON = `
import json, re, sys
from jsonschema import Draft202012Validator
from jsonschema.validators import validator_for
job = json.load(sys.stdin)
for pattern in job["patterns"]:
    re.compile(pattern)
results = []
for check in job["checks"]:
    cls = validator_for(check["schema"], default=Draft202012Validator)
    cls.check_schema(check["schema"])  # also compiles the schema's patterns (format "regex")
    validator = cls(check["schema"])
    results.append([validator.is_valid(instance) for instance in check["instances"]])
print(json.dumps(results))
`;

function python(patterns: string[], checks: SchemaCheck[]): boolean[][] {
  const run = spawnSync('python3', ['-c', PYTHON], {
    input: JSON.stringify({ patterns, checks }),
    encoding: 'utf8',
  });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  return JSON.parse(run.stdout) as boolean[][];
}

const ajv = new AjvJsonSchemaValidator();
const javascript = (checks: SchemaCheck[]): boolean[][] =>
  checks.map(({ schema, instances }) => {
    const validate = ajv.getValidator(schema);
    return instances.map((instance) => validate(instance).valid);
  });

/** Every value of `key` anywhere in a JSON value. */
function valuesOf(key: string, value: unknown): unknown[] {
  if (Array.isArray(value)) return value.flatMap((v: unknown) => valuesOf(key, v));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value as Json).flatMap(([k, v]) => [
    ...(k === key ? [v] : []),
    ...valuesOf(key, v),
  ]);
}

const GOOD = [
  'Sony WH-1000XM5',
  'Crème brûlée torch',
  'Ｆｕｌｌ width',
  'Studio 🎧 Pro',
  'no\u00a0break',
  'line\u2028separator',
  'soft\u00adhyphen',
  "O'Brien & Sons (2024)",
  'x'.repeat(200),
];
const BAD = [
  '\u0000',
  'bad\u0000name',
  'tab\tname',
  'a final newline\n',
  '\r\nleading',
  'del\u007f',
  'c1 \u0080',
  'next line\u0085 inside',
  'ends with \u009f',
  'escape \u001b[31m',
];
const NAMES = [...GOOD, ...BAD];
const EXPECTED = NAMES.map((name) => GOOD.includes(name));

describe('MCP tools for every client', () => {
  let db: TestDatabase;
  let app: INestApplication;
  let base: string;
  let auth: string;
  let client: Client;
  let tools: Tool[];
  let openapi: Json;

  beforeAll(async () => {
    db = await createTestDatabase({ demo: true });
    app = await createTestApp({ DATABASE_URL: db.url, SEED_DEMO_CATALOG: 'true' });
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${((app.getHttpServer() as Server).address() as AddressInfo).port}`;
    auth = await bearer(app);
    client = new Client({ name: 'e2e', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${base}/mcp`), {
        requestInit: { headers: { Authorization: auth } },
      }),
    );
    tools = (await client.listTools()).tools;
    openapi = (await (await fetch(`${base}/v1/openapi.json`)).json()) as Json;
  });

  afterAll(async () => {
    await client?.close();
    await app?.close();
    await db?.drop();
  });

  /** The name schemas clients see: both tools' arguments, the GET parameter, the batch body. */
  const nameSchemas = () => {
    const [single, batch] = tools as [Tool, Tool];
    const props = (tool: Tool) => tool.inputSchema.properties as Record<string, Json>;
    const get = (openapi.paths as Record<string, Record<string, Json>>)['/v1/product-intelligence']!
      .get!.parameters as { name: string; schema: Json }[];
    const schemas = (openapi.components as Json).schemas as Record<string, Json>;
    const batchBody = schemas.BatchLookupRequest!.properties as Record<string, Json>;
    return {
      single: props(single).product_name!,
      batchItem: props(batch).product_names!.items as Json,
      getParameter: get.find((p) => p.name === 'product_name')!.schema,
      batchBodyItem: batchBody.product_names!.items as Json,
    };
  };

  it('describes every argument of both tools', () => {
    for (const tool of tools) {
      const properties = tool.inputSchema.properties as Record<string, Json>;
      expect(Object.keys(properties).length).toBeGreaterThan(0);
      for (const [name, schema] of Object.entries(properties)) {
        expect({ tool: tool.name, name, description: schema.description }).toEqual({
          tool: tool.name,
          name,
          description: expect.stringMatching(/\w{3,}.{20,}/),
        });
      }
    }
  });

  it('gives the product name one pattern everywhere, the rule the service applies', () => {
    const patterns = Object.values(nameSchemas()).map((schema) => schema.pattern);
    expect(patterns).toEqual(patterns.map(() => NO_CONTROL_CHARACTERS.source));
    expect(NO_CONTROL_CHARACTERS.source).not.toContain('\\p'); // Python's re has no \p
  });

  it('reads the name pattern alike in JavaScript and Python, as the service decides', async () => {
    const { single, batchItem, getParameter, batchBodyItem } = nameSchemas();
    const [singleTool, batchTool] = tools as [Tool, Tool];
    const checks: SchemaCheck[] = [
      { schema: singleTool.inputSchema, instances: NAMES.map((n) => ({ product_name: n })) },
      { schema: batchTool.inputSchema, instances: NAMES.map((n) => ({ product_names: [n] })) },
      ...[single, batchItem, getParameter, batchBodyItem].map((schema) => ({
        schema,
        instances: NAMES,
      })),
    ];
    const expected = checks.map(() => EXPECTED);
    expect(javascript(checks)).toEqual(expected);
    expect(python([], checks)).toEqual(expected);
    // The service refuses exactly the names the schemas refuse.
    const statuses = [];
    for (const name of NAMES) {
      const query = new URLSearchParams({ product_name: name }).toString();
      const res = await fetch(`${base}/v1/product-intelligence?${query}`, {
        headers: { Authorization: auth },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual(EXPECTED.map((good) => (good ? 200 : 400)));
  });

  it('serves only patterns that compile in both, and output Python clients accept', async () => {
    const patterns = [...new Set(valuesOf('pattern', [openapi, tools]))] as string[];
    expect(patterns.length).toBeGreaterThanOrEqual(2); // the name and zod's date-time
    for (const pattern of patterns) expect(() => new RegExp(pattern, 'u')).not.toThrow();
    // The Python MCP SDK checks structuredContent against the tool's output schema.
    const result = (await client.callTool({
      name: 'get_product_intelligence_batch',
      arguments: { product_names: ['Sony WH-1000XM5', 'Zork Blaster 9000'] },
    })) as CallToolResult;
    const content = result.structuredContent as { results: Json[] };
    const broken = { results: [{ ...content.results[0], service_score: 101 }] };
    const [valid] = python(patterns, [
      { schema: tools[1]!.outputSchema!, instances: [content, broken] },
    ]);
    expect(valid).toEqual([true, false]);
  });
});
