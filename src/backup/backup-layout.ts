import type pg from 'pg';
import { foreignKeys, listTables, tableColumns } from './backup.repository.js';
import { parentsFirst } from './table-order.js';

/** A table as a backup names it: its stored columns, in their order. */
export interface TableLayout {
  table: string;
  columns: string[];
}

/**
 * The tables a backup of this database holds, in the file's order: every table of the public
 * schema, parents first (table-order.ts), each with its stored columns. The writer writes
 * this; a restore, its target brought to the backup's migrations, expects exactly it.
 */
export async function backupLayout(client: pg.ClientBase): Promise<TableLayout[]> {
  const columns = await tableColumns(client);
  const order = parentsFirst(await listTables(client), await foreignKeys(client));
  return order.map((table) => ({ table, columns: columns.get(table)! }));
}
