import { afterAll, beforeAll } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import { CatalogImporter } from '../../src/catalog/catalog-importer.service.js';
import { NameResolver } from '../../src/lookup/name-resolver.service.js';
import { catalogFile } from './catalog-files.js';
import { createTestApp } from './test-app.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

export interface ResolverContext {
  resolver: NameResolver;
  /** The id of the product a name is found as, or undefined where it is refused. */
  answer(query: string): Promise<string | undefined>;
}

/** The real app's resolver on a database of this file's own, holding these catalog lines. */
export function resolverContext(lines: object[]): ResolverContext {
  let db: TestDatabase | undefined;
  let app: INestApplication | undefined;
  const ctx = {
    answer: async (query: string) => {
      const outcome = await ctx.resolver.resolve(query);
      return outcome.found ? outcome.productId : undefined;
    },
  } as ResolverContext;
  beforeAll(async () => {
    db = await createTestDatabase();
    app = await createTestApp({ DATABASE_URL: db.url });
    ctx.resolver = app.get(NameResolver);
    await app.get(CatalogImporter).import(await catalogFile(lines));
  }, 300_000);
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });
  return ctx;
}
