import { finished } from 'node:stream/promises';
import pg from 'pg';
import { migrate, migrationsDir, readApplied, readMigrations } from '../database/migrator.js';
import type { BackupHeader } from './backup-format.js';
import type { BackupReader } from './backup-reader.js';
import { listTables } from './backup.repository.js';
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
    const names = await listTables(client);
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
      tables = await loadTables(client, reader, new Set(names));
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

/** Streams each table of the file into its table here; checks the counts against its end. */
async function loadTables(
  client: pg.ClientBase,
  reader: BackupReader,
  known: Set<string>,
): Promise<Record<string, number>> {
  const rows: Record<string, number> = {};
  let current: { table: string; copy: ReturnType<typeof copyRowsIn> } | undefined;
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
        if (!known.has(event.table)) {
          throw new RestoreRefusal(`the backup holds a table this database lacks: ${event.table}`);
        }
        current = { table: event.table, copy: copyRowsIn(client, event.table, event.columns) };
      } else if (event.kind === 'rows') {
        if (current) await put(current.copy, event.data);
      } else {
        await finish();
        assertCounts(reader.file, rows, event.rows);
      }
    }
  } catch (error) {
    // Ends the COPY in flight (a CopyFail), so that the connection can roll back.
    const copy = current?.copy;
    copy?.on('error', () => undefined).destroy(error as Error);
    if (copy) await finished(copy).catch(() => undefined);
    throw error;
  }
  return rows;
}

function assertCounts(file: string, copied: Record<string, number>, ends: Record<string, number>) {
  for (const table of new Set([...Object.keys(copied), ...Object.keys(ends)])) {
    if (copied[table] !== ends[table]) {
      throw new RestoreRefusal(
        `${file} is damaged: ${table} has ${copied[table] ?? 0} rows, its end says ${ends[table] ?? 0}`,
      );
    }
  }
}

/** "products, api_keys, reviews and 7 more" */
function named(tables: string[]): string {
  const shown = tables.slice(0, 3).join(', ');
  return tables.length > 3 ? `${shown} and ${tables.length - 3} more` : shown;
}
