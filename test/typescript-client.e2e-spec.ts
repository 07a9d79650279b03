import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import ts from 'typescript';
import {
  createProductIntelligenceClient,
  type ProductIntelligenceClient,
} from '../clients/typescript/client.js';
import { clientTypes, REGENERATE, TYPES_FILE } from '../clients/typescript/codegen.js';
import { projectRoot } from '../src/config/project-root.js';
import { bearer, createTestApp } from './support/test-app.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

// The typed client (clients/typescript) against the real service over HTTP, and its
// generated types against the document that service serves.

/** The ```ts example of docs/reference.md, which a reader pastes at the project's root. */
function referenceExample(): string {
  const page = readFileSync(path.join(projectRoot(), 'docs', 'reference.md'), 'utf8');
  const example = /```ts\n([\s\S]*?)```/.exec(page)?.[1];
  if (!example) throw new Error('docs/reference.md has no ```ts example');
  return example;
}

/** What tsc says of a program at the project's root, compiled with the project's settings. */
function compile(source: string): string[] {
  const root = projectRoot();
  const file = path.join(root, 'client-example.ts');
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(root, 'tsconfig.json'),
    { noEmit: true, incremental: false },
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined },
  )!;
  const base = ts.createCompilerHost(config.options);
  const host: ts.CompilerHost = {
    ...base,
    fileExists: (name) => name === file || base.fileExists(name),
    readFile: (name) => (name === file ? source : base.readFile(name)),
    getSourceFile: (name, language, ...rest) =>
      name === file
        ? ts.createSourceFile(name, source, language)
        : base.getSourceFile(name, language, ...rest),
  };
  const program = ts.createProgram([file], config.options, host);
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('TypeScript client', () => {
  let db: TestDatabase;
  let app: INestApplication;
  let base: string;
  let client: ProductIntelligenceClient;

  beforeAll(async () => {
    db = await createTestDatabase({ demo: true });
    app = await createTestApp({ DATABASE_URL: db.url, SEED_DEMO_CATALOG: 'true' });
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${((app.getHttpServer() as Server).address() as AddressInfo).port}`;
    const apiKey = (await bearer(app)).slice('Bearer '.length);
    client = createProductIntelligenceClient({ baseUrl: base, apiKey });
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('has types generated from the document the service serves', async () => {
    const document = (await (await fetch(`${base}/v1/openapi.json`)).json()) as Record<
      string,
      unknown
    >;
    const fresh = await clientTypes(document);
    const committed = readFileSync(TYPES_FILE, 'utf8');
    if (committed !== fresh) {
      throw new Error(
        `${path.relative(projectRoot(), TYPES_FILE)} is out of date with the OpenAPI document. Run \`${REGENERATE}\` and commit the result.`,
      );
    }
  });

  it('looks up one product', async () => {
    const { data, error, response } = await client.GET('/v1/product-intelligence', {
      params: { query: { product_name: 'Sony WH-1000XM5', detail: 'compact' } },
    });
    expect(error).toBeUndefined();
    expect(response.status).toBe(200);
    if (!data?.found) throw new Error('expected a found answer');
    // Typed access: these compile only because the generated types know the fields.
    expect(data.product_name).toMatch(/WH-1000XM5/);
    expect(data.dimension_scores).toHaveLength(7);
    expect(data.resolution.confidence).toBeGreaterThan(0);
  });

  it('looks up a batch, one result per name in order', async () => {
    const { data, error } = await client.POST('/v1/product-intelligence/batch', {
      body: { product_names: ['PS5', 'no such thing at all'] },
    });
    expect(error).toBeUndefined();
    expect(data?.results.map((result) => result.found)).toEqual([true, false]);
  });

  it("browses a category's products, a typed page at a time", async () => {
    const { data: list } = await client.GET('/v1/categories');
    const key = list?.categories.find((category) => category.name === 'headphones')?.key;
    expect(key).toBe('headphones');
    const { data: page, error } = await client.GET('/v1/categories/{key}/products', {
      params: { path: { key: key! }, query: { sort: 'price', limit: 2 } },
    });
    expect(error).toBeUndefined();
    expect(page?.products.map((product) => product.category)).toEqual(['headphones', 'headphones']);
    const { data: next } = await client.GET('/v1/categories/{key}/products', {
      params: {
        path: { key: key! },
        query: { sort: 'price', limit: 2, cursor: page!.next_cursor! },
      },
    });
    expect(next?.products[0]?.starting_price_usd).toBeGreaterThanOrEqual(
      page!.products[1]!.starting_price_usd!,
    );
  });

  it('gives a refusal as a typed problem', async () => {
    const { data, error, response } = await client.GET('/v1/product-intelligence', {
      params: { query: { product_name: ' ' } },
    });
    expect(data).toBeUndefined();
    expect(response.status).toBe(400);
    expect(error).toMatchObject({ status: 400, type: expect.any(String) as unknown });
    // Typed access to the problem body (docs/reference.md).
    expect(error?.errors?.map((e) => e.field)).toEqual(['product_name']);
  });

  // Last: compiling holds the event loop for seconds, long enough for the server to close the
  // client's idle keep-alive connection under a request that follows.
  it("compiles the reference's example, which reads the problem body of a refusal", () => {
    const example = referenceExample();
    expect(example).toContain('if (error) console.error(error.status, error.detail);');
    expect(compile(example)).toEqual([]);
  });
});
