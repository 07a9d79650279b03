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
