import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Writable } from 'node:stream';
import { CATALOG_PUBLISHED_CHANNEL } from '../publication/publication.sql.js';
import { columnList, qualified } from './backup.repository.js';

// What a restore writes, all in the one transaction restorer.ts opens: the target's tables
// emptied, the backup's rows copied in, the id sequences set, the new catalog announced.

/** The tables that hold at least one row. */
export async function tablesWithRows(client: pg.ClientBase, tables: string[]): Promise<string[]> {
  const held: string[] = [];
  for (const table of tables) {
    const { rowCount } = await client.query(`SELECT 1 FROM ${qualified(table)} LIMIT 1`);
    if (rowCount) held.push(table);
  }
  return held;
}

/** Empties every table at once (foreign keys between them allow no other way) and resets ids. */
export async function emptyTables(client: pg.ClientBase, tables: string[]): Promise<void> {
  if (tables.length === 0) return;
  await client.query(`TRUNCATE ${tables.map(qualified).join(', ')} RESTART IDENTITY`);
}

/**
 * A table's rows in, in COPY text format; its `rowCount` once it has finished. FREEZE: the
 * table was emptied in this transaction, so the rows are written already frozen and no
 * vacuum rewrites them later.
 */
export function copyRowsIn(client: pg.ClientBase, table: string, columns: string[]) {
  return client.query(
    copyFrom(`COPY ${qualified(table)} (${columnList(columns)}) FROM STDIN WITH (FREEZE)`),
  ) as Writable & { rowCount: number };
}

/** Puts a column's id sequence where the backup's was. */
export async function setSequence(
  client: pg.ClientBase,
  sequence: { table: string; column: string; value: string; is_called: boolean },
): Promise<void> {
  const { rows } = await client.query<{ set: string | null }>(
    'SELECT setval(pg_get_serial_sequence($1, $2), $3::bigint, $4)::text AS set',
    [qualified(sequence.table), sequence.column, sequence.value, sequence.is_called],
  );
  if (rows[0]?.set == null) {
    throw new Error(`${sequence.table}.${sequence.column} has no id sequence here`);
  }
}

/** Tells running instances that the catalog changed, as an import does, on commit. */
export async function announceCatalog(client: pg.ClientBase): Promise<void> {
  await client.query(`NOTIFY ${CATALOG_PUBLISHED_CHANNEL}`);
}
