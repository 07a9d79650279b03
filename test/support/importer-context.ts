import { afterAll, beforeAll, beforeEach } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import {
  CatalogImporter,
  CatalogValidationError,
} from '../../src/catalog/catalog-importer.service.js';
import { PrismaService } from '../../src/database/prisma.service.js';
import { catalogFile } from './catalog-files.js';
import { createTestApp } from './test-app.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

export interface ImporterContext {
  db: TestDatabase;
  app: INestApplication;
  importer: CatalogImporter;
  prisma: PrismaService;
  /** Rows in the catalog tables now. */
  counts(): Promise<{ products: number; reviews: number; offers: number; publications: number }>;
  /** The schemas holding catalog tables: only the published one once an import has ended. */
  schemas(): Promise<string[]>;
  /** The problems an import of these lines is refused with. */
  problemsOf(lines: (object | string)[]): Promise<CatalogValidationError>;
}

/** The real app on a database of this file's own, emptied before each test. */
export function importerContext(): ImporterContext {
  const ctx = {} as ImporterContext;
  beforeAll(async () => {
    ctx.db = await createTestDatabase();
    ctx.app = await createTestApp({ DATABASE_URL: ctx.db.url });
    ctx.importer = ctx.app.get(CatalogImporter);
    ctx.prisma = ctx.app.get(PrismaService);
    ctx.counts = async () => ({
      products: await ctx.prisma.product.count(),
      reviews: await ctx.prisma.review.count(),
      offers: await ctx.prisma.offer.count(),
      publications: await ctx.prisma.catalogPublication.count(),
    });
    ctx.schemas = async () => {
      const rows = await ctx.prisma.$queryRaw<{ schema: string }[]>`
        SELECT DISTINCT schemaname AS schema FROM pg_tables
         WHERE tablename = 'products' ORDER BY 1`;
      return rows.map((r) => r.schema);
    };
    ctx.problemsOf = async (lines) => {
      const error = await ctx.importer.import(await catalogFile(lines)).catch((e: unknown) => e);
      if (!(error instanceof CatalogValidationError))
        throw new Error(`expected a validation error, got ${String(error)}`);
      return error;
    };
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.db?.drop();
  });
  beforeEach(async () => {
    await ctx.prisma.$executeRawUnsafe('TRUNCATE products, catalog_publications CASCADE');
  });
  return ctx;
}
