import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { CatalogImporter } from '../src/catalog/catalog-importer.service.js';
import { catalogFile, product } from './support/catalog-files.js';
import { runBuiltCommand } from './support/run-command.js';
import { createTestApp } from './support/test-app.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

// An import never destroys a catalog by accident: `--replace` refuses an empty file and one
// that would remove more than half of the catalog unless `--force` says so; `--dry-run`
// validates and reports without writing; readiness says when the published catalog is empty.
// Each refusal and report goes once through the command (its flags, its words, its exit code);
// the imports that only set a catalog up, and refusals the command has already shown to pass
// on, run in this process through the same CatalogImporter the command calls, which spares a
// process of its own (a Nest context, a second of CPU) for each.

const IMPORT = 'catalog:import';

describe('catalog:import safety', () => {
  let db: TestDatabase;
  let app: INestApplication;
  const run = (...args: string[]) => runBuiltCommand(IMPORT, args, { DATABASE_URL: db.url });
  const counts = async () => {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ products: number; publications: number }>(
        `SELECT (SELECT count(*)::int FROM products) AS products,
                (SELECT count(*)::int FROM catalog_publications) AS publications`,
      );
      return rows[0]!;
    } finally {
      await client.end();
    }
  };
  const ten = () => catalogFile(Array.from({ length: 10 }, (_, i) => product(`p${i}`)));
  /** The import the command runs, with its options, in this process. */
  const importer = () => app.get(CatalogImporter);

  beforeAll(async () => {
    db = await createTestDatabase();
    app = await createTestApp({ DATABASE_URL: db.url });
    await importer().import(await ten());
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('refuses to replace the catalog by an empty file', async () => {
    const empty = await catalogFile([]);
    const result = await run(empty, '--replace');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'the file holds no products: --replace would empty the catalog',
    );
    expect(await counts()).toEqual({ products: 10, publications: 1 });
  });

  it('refuses a merge of a file or folder that holds no product, and publishes nothing', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'pi-empty-'));
    try {
      for (const source of [await catalogFile([]), folder])
        await expect(importer().import(source)).rejects.toThrow(
          new Error(`${source} holds no product; nothing was imported`),
        );
    } finally {
      await rm(folder, { recursive: true });
    }
    // The command: a folder of files without one JSON-LD product, refused in its last line.
    const templates = await run('docs/templates');
    expect(templates.code).toBe(1);
    expect(templates.stderr.trimEnd().split('\n').at(-1)).toBe(
      `${IMPORT}: docs/templates holds no product; nothing was imported`,
    );
    expect(await counts()).toEqual({ products: 10, publications: 1 });
  });

  it('refuses to remove more than half of the catalog without --force', async () => {
    const four = await catalogFile([0, 1, 2, 3].map((i) => product(`p${i}`)));
    const refused = await run(four, '--replace');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      "the file leaves out 6 of the catalog's 10 products: --replace would remove more than half",
    );
    expect(await counts()).toEqual({ products: 10, publications: 1 });
    // Half exactly is allowed; --force allows more.
    const five = await catalogFile([0, 1, 2, 3, 4].map((i) => product(`p${i}`)));
    await importer().import(five, { replace: true });
    await importer().import(await ten());
    expect((await run(four, '--replace', '--force')).code).toBe(0);
    expect((await counts()).products).toBe(4);
    expect((await run(four, '--force')).stderr).toContain('--force goes with --replace');
  });

  it('counts the products a replace would remove by id, not by how many the file holds', async () => {
    // As many products as the catalog, but other ones: every product would go.
    const others = await catalogFile(Array.from({ length: 10 }, (_, i) => product(`q${i}`)));
    const refusal =
      "the file leaves out 4 of the catalog's 4 products: --replace would remove more than half";
    await expect(importer().import(others, { replace: true })).rejects.toThrow(refusal);
    await expect(importer().import(others, { replace: true, dryRun: true })).rejects.toThrow(
      refusal,
    );
    expect(await counts()).toEqual({ products: 4, publications: 4 });
  });

  it('validates and reports with --dry-run, writing nothing', async () => {
    const before = await counts();
    const result = await run(await ten(), '--replace', '--dry-run');
    expect(result).toMatchObject({ code: 0 });
    expect(result.stdout).toMatch(
      /^Valid: 10 products, 10 reviews and 10 offers \([\d.]+ s\)\. The import would replace the catalog of 4 products: 6 added, 0 changed, 4 unchanged, 0 removed\. Nothing was imported \(--dry-run\)\.\n$/,
    );
    // Changed: anything the file says about a product differs; removed: by id.
    const mixed = await catalogFile([
      product('p0', { name: 'Renamed p0' }),
      product('p1', { offers: [] }),
      product('p2'),
      product('new'),
    ]);
    const json = await run(mixed, '--replace', '--dry-run', '--json');
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({
      dryRun: true,
      before: 4,
      changes: { added: 1, changed: 2, unchanged: 1, removed: 1 },
    });
    const merge = await run(mixed, '--dry-run');
    expect(merge.stdout).toContain(
      'The import would merge into the catalog of 4 products: 1 added, 2 changed, 1 unchanged.',
    );
    expect(await counts()).toEqual(before);
    // A dry run refuses what the import would refuse.
    await expect(
      importer().import(await catalogFile([]), { replace: true, dryRun: true }),
    ).rejects.toThrow('the file holds no products: --replace would empty the catalog');
  });

  it('is not ready while the published catalog is empty', async () => {
    await importer().import(await catalogFile([]), { replace: true, force: true });
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // probes share an answer for 1 s
    const res = await request(app.getHttpServer() as App).get('/readyz');
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({
      errors: [{ field: 'catalog', message: 'the published catalog is empty' }],
    });
  });
});
