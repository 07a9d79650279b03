import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import { execFile } from 'node:child_process';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { projectRoot } from '../src/config/project-root.js';
import { bearer, createTestApp } from './support/test-app.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

const run = promisify(execFile);

// The MCP project's own command-line inspector (@modelcontextprotocol/inspector-cli) as a
// second, independent client of the endpoint. (The conformance suite,
// @modelcontextprotocol/conformance, needs Node 22's fs.globSync and cannot run on Node 20.)
describe('MCP endpoint under the MCP inspector CLI', () => {
  let db: TestDatabase;
  let app: INestApplication;
  let url: string;
  let key: string;

  beforeAll(async () => {
    db = await createTestDatabase({ demo: true });
    app = await createTestApp({ DATABASE_URL: db.url, SEED_DEMO_CATALOG: 'true' });
    await app.listen(0, '127.0.0.1');
    const { port } = (app.getHttpServer() as Server).address() as AddressInfo;
    url = `http://127.0.0.1:${port}/mcp`;
    key = await bearer(app);
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  async function inspect(...args: string[]): Promise<Record<string, unknown>> {
    const cli = path.join(
      projectRoot(),
      'node_modules/@modelcontextprotocol/inspector-cli/build/index.js',
    );
    // inspector-cli 1.0.3 finds its own package.json as "../package.json" from the working
    // directory, so it runs from a folder one level below a package.json.
    const { stdout } = await run(
      process.execPath,
      [cli, url, '--transport', 'http', '--header', `Authorization: ${key}`, ...args],
      { cwd: path.join(projectRoot(), 'test') },
    );
    return JSON.parse(stdout) as Record<string, unknown>;
  }

  it('lists the tools', async () => {
    const { tools } = (await inspect('--method', 'tools/list')) as { tools: { name: string }[] };
    expect(tools.map((tool) => tool.name)).toEqual([
      'get_product_intelligence',
      'get_product_intelligence_batch',
      'browse_category',
    ]);
  });

  it('calls the single lookup and gets structured content', async () => {
    const result = await inspect(
      '--method',
      'tools/call',
      '--tool-name',
      'get_product_intelligence',
      '--tool-arg',
      'product_name=Sony WH-1000XM5',
      '--tool-arg',
      'detail=compact',
    );
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      found: true,
      product_name: 'Sony WH-1000XM5',
    });
    expect(result.structuredContent).not.toHaveProperty('summary');
  });

  it('reports bad arguments as a tool error carrying the problem body', async () => {
    const result = await inspect(
      '--method',
      'tools/call',
      '--tool-name',
      'get_product_intelligence',
      '--tool-arg',
      'detail=brief',
    );
    expect(result.isError).toBe(true);
    const [content] = result.content as { text: string }[];
    expect(JSON.parse(content!.text)).toMatchObject({ status: 400, title: 'Invalid request' });
  });
});
