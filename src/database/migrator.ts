import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { projectRoot } from '../config/project-root.js';

// Applies prisma/migrations in order, each in its own transaction, under an advisory
// lock so instances starting together do not race. Progress is recorded in a table
// shaped like Prisma's own, so `prisma migrate deploy` on a connected machine sees
// these migrations as applied.

/** Arbitrary constant; every instance of this service takes the same lock. */
const MIGRATION_LOCK_KEY = 7_261_123_001;

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export class MigrationError extends Error {}

export function migrationsDir(): string {
  return path.join(projectRoot(), 'prisma', 'migrations');
}

export async function readMigrations(dir = migrationsDir()): Promise<Migration[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  return await Promise.all(
    names.map(async (name) => {
      const sql = await readFile(path.join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    }),
  );
}

export interface MigrateOptions {
  /**
   * Apply none after this one: a restore brings the database to its backup's migrations,
   * loads the data, and only then applies the newer ones (src/backup/restorer.ts).
   */
  until?: string;
}

/** Applies every pending migration; returns the names of those it applied. */
export async function migrate(
  connectionString: string,
  dir = migrationsDir(),
  options: MigrateOptions = {},
): Promise<string[]> {
  const migrations = await readMigrations(dir);
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      return await applyPending(client, migrations, options.until);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await client.end();
  }
}

/** The migrations applied to a database: name and checksum, in the order of their names. */
export async function readApplied(client: pg.ClientBase): Promise<Map<string, string>> {
  const { rows: record } = await client.query<{ exists: boolean }>(
    `SELECT to_regclass('"_prisma_migrations"') IS NOT NULL AS exists`,
  );
  if (!record[0]?.exists) return new Map();
  const { rows } = await client.query<{ migration_name: string; checksum: string }>(
    `SELECT migration_name, checksum FROM "_prisma_migrations"
      WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL
      ORDER BY migration_name`,
  );
  return new Map(rows.map((row) => [row.migration_name, row.checksum]));
}

async function applyPending(
  client: pg.Client,
  migrations: Migration[],
  until?: string,
): Promise<string[]> {
  await client.query(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id" VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum" VARCHAR(64) NOT NULL,
    "finished_at" TIMESTAMPTZ,
    "migration_name" VARCHAR(255) NOT NULL,
    "logs" TEXT,
    "rolled_back_at" TIMESTAMPTZ,
    "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count" INTEGER NOT NULL DEFAULT 0)`);
  const applied = await readApplied(client);
  const known = new Set(migrations.map((m) => m.name));
  const unknown = [...applied.keys()].filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new MigrationError(
      `The database has migrations this build does not know (${unknown.join(', ')}): ` +
        'it was migrated by a newer version of the service.',
    );
  }

  const done: string[] = [];
  for (const migration of migrations) {
    const checksum = applied.get(migration.name);
    if (checksum === undefined && until !== undefined && migration.name > until) break;
    if (checksum === undefined) {
      await applyOne(client, migration);
      done.push(migration.name);
    } else if (checksum !== migration.checksum) {
      throw new MigrationError(
        `Migration ${migration.name} was changed after it was applied (checksum ${checksum} in ` +
          `the database, ${migration.checksum} on disk). Restore the file; add a new migration instead.`,
      );
    }
  }
  return done;
}

async function applyOne(client: pg.Client, migration: Migration): Promise<void> {
  await client.query('BEGIN');
  try {
    await client.query(
      `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at)
       VALUES ($1, $2, $3, now())`,
      [randomUUID(), migration.checksum, migration.name],
    );
    await client.query(migration.sql);
    await client.query(
      `UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1
        WHERE migration_name = $1`,
      [migration.name],
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    const reason = error instanceof Error ? error.message : String(error);
    throw new MigrationError(`Migration ${migration.name} failed: ${reason}`);
  }
}
