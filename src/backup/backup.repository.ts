import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Readable } from 'node:stream';
import type { ForeignKey } from './table-order.js';

// What a backup reads: the tables of the public schema (those the migrations made, whatever
// they are today), their columns, foreign keys and id sequences, and their rows under one
// snapshot. The restore reads the same catalog of its target (restore.repository.ts).

/** The migrations' own record: a restore keeps its target's (src/database/migrator.ts). */
const MIGRATIONS_TABLE = '_prisma_migrations';

export const qualified = (table: string) => `public.${pg.escapeIdentifier(table)}`;
export const columnList = (columns: string[]) => columns.map(pg.escapeIdentifier).join(', ');

/** The tables of the public schema, the migrations' record aside. */
export async function listTables(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relname <> $1
      ORDER BY 1`,
    [MIGRATIONS_TABLE],
  );
  return rows.map((row) => row.name);
}

export async function foreignKeys(client: pg.ClientBase): Promise<ForeignKey[]> {
  const { rows } = await client.query<ForeignKey>(
    `SELECT t.relname AS "table", r.relname AS "references"
       FROM pg_constraint k
       JOIN pg_class t ON t.oid = k.conrelid
       JOIN pg_class r ON r.oid = k.confrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE k.contype = 'f' AND n.nspname = 'public'`,
  );
  return rows;
}

/** Each table's stored columns, in their order (generated ones are computed again). */
export async function tableColumns(client: pg.ClientBase): Promise<Map<string, string[]>> {
  const { rows } = await client.query<{ table: string; columns: string[] }>(
    `SELECT c.relname AS "table", array_agg(a.attname::text ORDER BY a.attnum) AS columns
       FROM pg_attribute a
       JOIN pg_class c ON c.oid = a.attrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND a.attnum > 0
        AND NOT a.attisdropped AND a.attgenerated = ''
      GROUP BY c.relname`,
  );
  return new Map(rows.map((row) => [row.table, row.columns]));
}

export interface OwnedSequence {
  table: string;
  column: string;
  /** Schema-qualified and quoted, ready for SQL. */
  sequence: string;
}

/** The id sequences owned by a column of the public schema (serial and identity columns). */
export async function ownedSequences(client: pg.ClientBase): Promise<OwnedSequence[]> {
  const { rows } = await client.query<OwnedSequence>(
    `SELECT t.relname AS "table", a.attname AS "column",
            format('%I.%I', sn.nspname, s.relname) AS sequence
       FROM pg_depend d
       JOIN pg_class s ON s.oid = d.objid AND s.relkind = 'S'
       JOIN pg_namespace sn ON sn.oid = s.relnamespace
       JOIN pg_class t ON t.oid = d.refobjid
       JOIN pg_namespace tn ON tn.oid = t.relnamespace
       JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = d.refobjsubid
      WHERE d.classid = 'pg_class'::regclass AND d.refclassid = 'pg_class'::regclass
        AND d.deptype IN ('a', 'i') AND tn.nspname = 'public'
      ORDER BY 1, 2`,
  );
  return rows;
}

/** A sequence's position: read after the snapshot, it is past every id the snapshot holds. */
export async function sequencePosition(client: pg.ClientBase, sequence: string) {
  const { rows } = await client.query<{ value: string; is_called: boolean }>(
    `SELECT last_value::text AS value, is_called FROM ${sequence}`,
  );
  return rows[0]!;
}

/**
 * Opens the transaction a backup reads in: every table locked against changes of its
 * definition first (as pg_dump does), so that a catalog published meanwhile waits instead of
 * swapping tables under the snapshot; then the snapshot, taken by the first read.
 */
export async function beginSnapshot(client: pg.ClientBase, tables: string[]): Promise<void> {
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  await client.query(`SET LOCAL lock_timeout = '30s'`);
  if (tables.length === 0) return;
  await client.query(`LOCK TABLE ${tables.map(qualified).join(', ')} IN ACCESS SHARE MODE`);
}

export async function serverVersion(client: pg.ClientBase): Promise<string> {
  const { rows } = await client.query<{ server_version: string }>('SHOW server_version');
  return rows[0]!.server_version;
}

/** A table's rows in COPY text format; its `rowCount` once it has ended. */
export function copyRowsOut(client: pg.ClientBase, table: string, columns: string[]) {
  return client.query(
    copyTo(`COPY ${qualified(table)} (${columnList(columns)}) TO STDOUT`),
  ) as Readable & { rowCount: number };
}
