import { z } from 'zod';

// The backup file, format 1 (docs/operations.md, Backup and restore). pg_dump cannot be had
// for the embedded PostgreSQL 18 (docs/decisions.md, Backups), so the file is this service's
// own: gzip-compressed text, each table in PostgreSQL's COPY text format, as pg_dump's plain
// format writes it, between JSON lines that say what follows.
//
//   {"format":"product-intelligence-backup","version":1,...}   the header
//   {"table":"products","columns":["id","name",...]}           each table, parents first
//   <its rows, one a line, COPY text format>
//   \.
//   {"end":true,"rows":{"products":206,...}}                   proves the file is whole
//
// COPY's text format escapes every newline and backslash in a value, so no row is ever the
// line `\.`. A format that changes what a reader must do gets a new version; a reader refuses
// versions newer than its own.

export const BACKUP_FORMAT = 'product-intelligence-backup';
export const BACKUP_VERSION = 1;

/** The line that ends each table's rows. */
export const END_OF_ROWS = '\\.';

/**
 * No line of a backup is longer: a reader holds one line at a time, so this bounds its memory
 * whatever the file (a gzip bomb is gigabytes of one line). The longest rows are stored
 * answers and products, which a catalog line of at most 1 MiB makes (src/catalog/line-reader.ts).
 */
export const MAX_LINE_BYTES = 16 * 1024 * 1024;

const BIGINT = { min: -(2n ** 63n), max: 2n ** 63n - 1n };

const name = z.string().min(1).max(63);

export const backupHeaderSchema = z.strictObject({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_VERSION),
  created_at: z.iso.datetime(),
  /** The server's version (`SHOW server_version`), for the reader's information. */
  server_version: z.string(),
  /** The migrations the database had: a restore brings its target to exactly these first. */
  migrations: z.array(z.strictObject({ name: z.string().min(1), checksum: z.string() })).min(1),
  /** Each id sequence's position, so that new ids never repeat one in the backup. */
  sequences: z.array(
    z.strictObject({
      table: name,
      column: name,
      value: z
        .string()
        .regex(/^-?\d{1,19}$/)
        .refine((v) => BigInt(v) >= BIGINT.min && BigInt(v) <= BIGINT.max),
      is_called: z.boolean(),
    }),
  ),
  /** Files of DATA_DIR the service reads (src/config/data-dir-files.ts), by name. */
  data_files: z.record(z.string(), z.string()),
});
export type BackupHeader = z.infer<typeof backupHeaderSchema>;

export const tableLineSchema = z.strictObject({ table: name, columns: z.array(name).min(1) });
export type TableLine = z.infer<typeof tableLineSchema>;

export const endLineSchema = z.strictObject({
  end: z.literal(true),
  rows: z.record(name, z.number().int().nonnegative()),
});
export type EndLine = z.infer<typeof endLineSchema>;

/** One JSON line of the file, with its newline. */
export const jsonLine = (value: BackupHeader | TableLine | EndLine) => JSON.stringify(value) + '\n';
