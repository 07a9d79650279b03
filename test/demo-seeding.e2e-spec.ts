import { afterEach, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { DemoCatalogSeeder } from '../src/catalog/demo-catalog.seeder.js';
import { projectRoot } from '../src/config/project-root.js';
import { PrismaService } from '../src/database/prisma.service.js';
import { createTestApp } from './support/test-app.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

describe(DemoCatalogSeeder.name, () => {
  const databases: TestDatabase[] = [];
  const database = async () => {
    const db = await createTestDatabase();
    databases.push(db);
    return db;
  };
  const catalogOf = async (env: Record<string, string>) => {
    const app = await createTestApp(env);
    try {
      const prisma = app.get(PrismaService);
      return {
        products: await prisma.product.count(),
        publications: await prisma.catalogPublication.count(),
      };
    } finally {
      await app.close();
    }
  };

  afterEach(async () => {
    await Promise.all(databases.splice(0).map((db) => db.drop()));
  });

  it('seeds nothing into a DATABASE_URL unless asked', async () => {
    const db = await database();
    expect(await catalogOf({ DATABASE_URL: db.url })).toEqual({ products: 0, publications: 0 });
  });

  it('seeds the demo catalog once when SEED_DEMO_CATALOG asks, and never over a published catalog', async () => {
    const db = await database();
    const env = { DATABASE_URL: db.url, SEED_DEMO_CATALOG: 'true' };
    expect(await catalogOf(env)).toEqual({ products: 206, publications: 1 });
    expect(await catalogOf(env)).toEqual({ products: 206, publications: 1 });
  });

  it('is what `npm run db:seed` (prisma db seed) loads', async () => {
    const db = await database();
    const child = spawn('npm', ['run', '-s', 'db:seed'], {
      cwd: projectRoot(),
      env: { ...process.env, DATABASE_URL: db.url, LOG_LEVEL: 'warn' },
      stdio: 'ignore',
    });
    expect(await new Promise((resolve) => child.on('close', resolve))).toBe(0);
    expect(await catalogOf({ DATABASE_URL: db.url })).toEqual({ products: 206, publications: 1 });
  }, 300_000);
});
