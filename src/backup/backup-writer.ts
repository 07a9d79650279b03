import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import pg from 'pg';
import { readApplied } from '../database/migrator.js';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  END_OF_ROWS,
  MAX_LINE_BYTES,
  jsonLine,
} from './backup-format.js';
import { backupLayout } from './backup-layout.js';
import {
  beginSnapshot,
  copyRowsOut,
  listTables,
  ownedSequences,
  sequencePosition,
  serverVersion,
} from './backup.repository.js';
import { LineLength } from './line-length.js';
import { put } from './stream-write.js';

export interface BackupContent {
  /** Rows by table, in the file's order. */
  tables: Record<string, number>;
  migrations: string[];
}

/**
 * Writes a backup of the database at `url` to `out` (backup-format.ts): every table of the
 * public schema read in one REPEATABLE READ snapshot, so the file is the database as it was at
 * one instant, while the service goes on answering and writing.
 */
export async function writeBackup(
  url: string,
  out: Writable,
  dataFiles: Record<string, string>,
): Promise<BackupContent> {
  const client = new pg.Client({ connectionString: url, statement_timeout: 0 });
  await client.connect();
  const gzip = createGzip();
  const written = pipeline(gzip, out);
  try {
    await beginSnapshot(client, await listTables(client));
    const migrations = await readApplied(client);
    if (migrations.size === 0) {
      throw new Error('the database has no migrations applied: check DATABASE_URL or DATA_DIR');
    }
    const layout = await backupLayout(client);
    const sequences = [];
    for (const owned of await ownedSequences(client)) {
      const { value, is_called } = await sequencePosition(client, owned.sequence);
      sequences.push({ table: owned.table, column: owned.column, value, is_called });
    }
    await put(
      gzip,
      jsonLine({
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        created_at: new Date().toISOString(),
        server_version: await serverVersion(client),
        migrations: [...migrations].map(([name, checksum]) => ({ name, checksum })),
        sequences,
        data_files: dataFiles,
      }),
    );
    const rows: Record<string, number> = {};
    for (const { table, columns } of layout) {
      await put(gzip, jsonLine({ table, columns }));
      const copy = copyRowsOut(client, table, columns);
      // A row no restore would read (backup-format.ts) fails the backup, not a later restore.
      const length = new LineLength(MAX_LINE_BYTES, () => {
        throw new Error(`a row of ${table} is longer than a backup line can be`);
      });
      for await (const chunk of copy) {
        length.add(chunk as Buffer);
        await put(gzip, chunk as Buffer);
      }
      rows[table] = copy.rowCount;
      await put(gzip, END_OF_ROWS + '\n');
    }
    await put(gzip, jsonLine({ end: true, rows }));
    await client.query('COMMIT');
    gzip.end();
    await written;
    return { tables: rows, migrations: [...migrations.keys()] };
  } catch (error) {
    gzip.destroy();
    await written.catch(() => undefined);
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
}
