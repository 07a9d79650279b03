import { finished } from 'node:stream/promises';
import pg from 'pg';
import { migrate, migrationsDir, readApplied, readMigrations } from '../database/migrator.js';
import type { BackupHeader } from './backup-format.js';
import { backupLayout, type TableLayout } from './backup-layout.js';
import type { BackupReader } from './backup-reader.js';
import { copyFailure } from './copy-failure.js';
import {
  announceCatalog,
  copyRowsIn,
  emptyTables,
  setSequence,
  tablesWithRows,
} from './restore.repository.js';
import { put } from './stream-write.js';

/** A restore this database or this version must not do: its one-line reason. */
export class RestoreRefusal extends Error {}

export interface RestoreResult {
  /** Rows by table, as restored. */
  tables: Record<string, number>;
  /** Migrations newer than the backup's, applied once its data was in. */
  applied: string[];
}

/**
 * Restores a backup into the database at `url`. The database is first brought to exactly the
 * backup's migrations; then one transaction empties every table, copies the backup's rows in
 * and sets the id sequences, so a failure at any point (a damaged file, a full disk) leaves
 * the database as it was. Migrations newer than the backup run last, on its data, as they
 * would on an upgrade.
 */
export async function restoreBackup(
  url: string,
  reader: BackupReader,
  options: { force?: boolean },
): Promise<RestoreResult> {
  const last = await assertKnownMigrations(reader);
  await migrate(url, migrationsDir(), { until: last });
  const client = new pg.Client({ connectionString: url, statement_timeout: 0 });
  await client.connect();
  let tables: Record<string, number>;
  try {
    await assertSameMigrations(client, reader.header);
    const layout = await backupLayout(client);
    const names = layout.map((t) => t.table);
    await client.query('BEGIN');
    try {
      const held = await tablesWithRows(client, names);
      if (held.length > 0 && !options.force) {
        throw new RestoreRefusal(
          `the database already holds data (${named(held)}); restore into an empty ` +
            'DATA_DIR, or add --force to replace it',
        );
      }
      await emptyTables(client, names);
      tables = await loadTables(client, reader, layout);
      for (const sequence of reader.header.sequences) await setSequence(client, sequence);
      await announceCatalog(client);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  } finally {
    await client.end().catch(() => undefined);
    await reader.close();
  }
  return { tables, applied: await migrate(url) };
}

/** The backup's last migration; refuses a backup of migrations this build does not have. */
async function assertKnownMigrations(reader: BackupReader): Promise<string> {
  const ours = await readMigrations();
  const theirs = reader.header.migrations;
  theirs.forEach(({ name, checksum }, i) => {
    if (ours[i]?.name === name && ours[i].checksum === checksum) return;
    throw new RestoreRefusal(
      ours.some((m) => m.name === name)
        ? `${reader.file} was made with other migrations than this version's (${name} differs)`
        : `${reader.file} was made by a newer version of the service (its migration ${name} is ` +
            'unknown here): restore it with that version, or a newer one',
    );
  });
  return theirs.at(-1)!.name;
}

async function assertSameMigrations(client: pg.ClientBase, header: BackupHeader): Promise<void> {
  const expected = new Set(header.migrations.map((m) => m.name));
  const newer = [...(await readApplied(client)).keys()].filter((name) => !expected.has(name));
  if (newer.length > 0) {
    throw new RestoreRefusal(
      `the database was migrated past the backup (${newer.at(-1)}); restore into an empty ` +
        'DATA_DIR (docs/operations.md, Backup and restore)',
    );
  }
}

/**
 * Streams each table of the file into its table here, refusing one that is not where a backup
 * of these migrations has it (the reader checked the rest of the file: backup-reader.ts).
 */
async function loadTables(
  client: pg.ClientBase,
  reader: BackupReader,
  layout: TableLayout[],
): Promise<Record<string, number>> {
  const rows: Record<string, number> = {};
  let current:
    | { table: string; line: number; copy: ReturnType<typeof copyRowsIn>; failed?: Error }
    | undefined;
  const finish = async () => {
    if (!current) return;
    current.copy.end();
    await finished(current.copy);
    rows[current.table] = current.copy.rowCount;
    current = undefined;
  };
  try {
    for await (const event of reader.events()) {
      if (event.kind === 'table') {
        await finish();
        assertLayout(reader.file, event, layout[Object.keys(rows).length]);
        const copy = copyRowsIn(client, event.table, event.columns);
        const table = {
          table: event.table,
          line: event.line,
          copy,
          failed: undefined as Error | undefined,
        };
        // PostgreSQL refuses a row whenever it reads it, between two writes as well: kept
        // for the next write, never an unhandled 'error'.
        copy.on('error', (error) => (table.failed = error));
        current = table;
      } else if (event.kind === 'rows') {
        if (current?.failed) throw current.failed;
        if (current) await put(current.copy, event.data);
      } else {
        await finish();
        const missing = layout.slice(Object.keys(rows).length).map((t) => t.table);
        if (missing.length > 0) {
          throw new RestoreRefusal(
            `${reader.file} is damaged: it lacks the table ${missing.join(', ')}`,
          );
        }
      }
    }
  } catch (error) {
    // Ends the COPY in flight (a CopyFail), so that the connection can roll back.
    const copy = current?.copy;
    copy?.destroy(error as Error);
    if (copy) await finished(copy).catch(() => undefined);
    throw current ? copyFailure(reader.file, current, error) : error;
  }
  return rows;
}

/** A table of the file is the one a backup of these migrations has there, with its columns. */
function assertLayout(
  file: string,
  event: { table: string; columns: string[]; line: number },
  expected: TableLayout | undefined,
): void {
  const at = `${file} is damaged at line ${event.line}`;
  if (!expected) throw new RestoreRefusal(`${at}: ${event.table} comes after the last table`);
  if (event.table !== expected.table) {
    throw new RestoreRefusal(
      `${at}: ${event.table} comes where the table ${expected.table} should`,
    );
  }
  if (event.columns.join() !== expected.columns.join()) {
    throw new RestoreRefusal(
      `${at}: ${event.table} has the columns (${event.columns.join(', ')}), ` +
        `not this database's (${expected.columns.join(', ')})`,
    );
  }
}

/** "products, api_keys, reviews and 7 more" */
function named(tables: string[]): string {
  const shown = tables.slice(0, 3).join(', ');
  return tables.length > 3 ? `${shown} and ${tables.length - 3} more` : shown;
}
