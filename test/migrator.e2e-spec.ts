import { afterEach, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { migrate, migrationsDir, readMigrations } from '../src/database/migrator.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';
import { temporaryFolder } from './support/temp-folders.js';

describe('migrate', () => {
  const databases: TestDatabase[] = [];
  const fresh = async () => {
    const db = await createTestDatabase({ migrated: false });
    databases.push(db);
    return db;
  };
  const query = async <T extends pg.QueryResultRow>(url: string, sql: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query<T>(sql)).rows;
    } finally {
      await client.end();
    }
  };

  afterEach(async () => {
    await Promise.all(databases.splice(0).map((db) => db.drop()));
  });

  it('applies every migration in order and records it as Prisma Migrate does', async () => {
    const db = await fresh();
    const migrations = await readMigrations();
    expect(await migrate(db.url)).toEqual(migrations.map((m) => m.name));

    const rows = await query<{
      migration_name: string;
      checksum: string;
      finished_at: Date | null;
      applied_steps_count: number;
    }>(
      db.url,
      'SELECT migration_name, checksum, finished_at, applied_steps_count FROM _prisma_migrations ORDER BY migration_name',
    );
    const first = migrations[0]!;
    const sql = await readFile(path.join(migrationsDir(), first.name, 'migration.sql'));
    expect(rows[0]).toMatchObject({
      migration_name: first.name,
      checksum: createHash('sha256').update(sql).digest('hex'),
      finished_at: expect.any(Date),
      applied_steps_count: 1,
    });
    const extensions = await query<{ extname: string }>(
      db.url,
      "SELECT extname FROM pg_extension WHERE extname = 'pg_trgm'",
    );
    expect(extensions).toHaveLength(1);
    expect(await migrate(db.url)).toEqual([]);
  });

  it('lets instances that start together apply each migration exactly once', async () => {
    const db = await fresh();
    const results = await Promise.all(Array.from({ length: 5 }, () => migrate(db.url)));
    expect(results.filter((applied) => applied.length > 0)).toHaveLength(1);
    const rows = await query(db.url, 'SELECT 1 FROM _prisma_migrations');
    expect(rows).toHaveLength((await readMigrations()).length);
  });

  it('stops with a clear message when an applied migration was changed', async () => {
    const db = await fresh();
    await migrate(db.url);
    await query(db.url, "UPDATE _prisma_migrations SET checksum = repeat('0', 64)");
    await expect(migrate(db.url)).rejects.toThrow(/was changed after it was applied/);
  });

  it('refuses a database migrated by a newer version', async () => {
    const db = await fresh();
    await migrate(db.url);
    await query(
      db.url,
      `INSERT INTO _prisma_migrations (id, checksum, migration_name, finished_at)
       VALUES ('x', 'y', '29991231000000_future', now())`,
    );
    await expect(migrate(db.url)).rejects.toThrow(/newer version/);
  });

  it('rolls a failing migration back entirely and records nothing of it', async () => {
    const db = await fresh();
    const dir = await temporaryFolder('pi-migrations-');
    for (const [name, sql] of [
      ['20260101000000_ok', 'CREATE TABLE kept (id int);'],
      ['20260102000000_bad', 'CREATE TABLE half (id int); SELECT no_such_function();'],
    ]) {
      await mkdir(path.join(dir, name!));
      await writeFile(path.join(dir, name!, 'migration.sql'), sql!);
    }
    await expect(migrate(db.url, dir)).rejects.toThrow(/Migration 20260102000000_bad failed/);
    const tables = await query<{ tablename: string }>(
      db.url,
      "SELECT tablename FROM pg_tables WHERE tablename IN ('kept', 'half')",
    );
    expect(tables.map((t) => t.tablename)).toEqual(['kept']);
    const recorded = await query<{ migration_name: string }>(
      db.url,
      'SELECT migration_name FROM _prisma_migrations',
    );
    expect(recorded.map((r) => r.migration_name)).toEqual(['20260101000000_ok']);
  });

  it('fills names_norm from the search names of a catalog imported before it', async () => {
    const db = await fresh();
    const dir = await temporaryFolder('pi-migrations-');
    const all = (await readdir(migrationsDir())).filter((name) => /^\d{14}_/.test(name)).sort();
    const at = all.indexOf('20261125120000_product_names_norm');
    expect(at).toBeGreaterThan(0);
    await cp(migrationsDir(), dir, { recursive: true });
    for (const later of all.slice(at)) await rm(path.join(dir, later), { recursive: true });
    await migrate(db.url, dir);
    await query(
      db.url,
      `INSERT INTO products (id, name, brand, category, name_norm) VALUES
         ('xm5', 'Sony WH-1000XM5', 'Sony', 'headphones', 'sony wh 1000xm5'),
         ('bare', 'Bare', 'Acme', 'headphones', 'bare');
       INSERT INTO product_search_names (product_id, name_norm, name_compact, is_alias) VALUES
         ('xm5', 'sony wh 1000xm5', 'sonywh1000xm5', false),
         ('xm5', 'wh1000xm5', 'wh1000xm5', true),
         ('xm5', 'sony xm5', 'sonyxm5', true)`,
    );
    await cp(path.join(migrationsDir(), all[at]!), path.join(dir, all[at]!), { recursive: true });
    expect(await migrate(db.url, dir)).toEqual([all[at]]);
    const rows = await query<{ id: string; names_norm: string }>(
      db.url,
      'SELECT id, names_norm FROM products ORDER BY id',
    );
    expect(rows).toEqual([
      { id: 'bare', names_norm: 'bare' },
      { id: 'xm5', names_norm: 'sony wh 1000xm5\x1fsony xm5\x1fwh1000xm5' },
    ]);
  });
});
