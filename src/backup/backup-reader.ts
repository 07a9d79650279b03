import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { createGunzip, type Gunzip } from 'node:zlib';
import { type ZodType } from 'zod';
import { fileAccessError, readablePath } from '../common/file-access.js';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  END_OF_ROWS,
  MAX_LINE_BYTES,
  backupHeaderSchema,
  endLineSchema,
  tableLineSchema,
  type BackupHeader,
  type EndLine,
} from './backup-format.js';
import { rowProblem } from './copy-text-row.js';
import { LineTooLongError, lineBatches } from './line-batches.js';

/** A file that is not a backup, or not a whole one: its one-line reason. */
export class BackupFileError extends Error {}

export type BackupEvent =
  /** A table's line, `line` its number in the file: its rows follow. */
  | { kind: 'table'; table: string; columns: string[]; line: number }
  /** Rows of the last table named, in COPY text format, each with its newline. */
  | { kind: 'rows'; data: Buffer }
  | { kind: 'end'; rows: Record<string, number> };

const NEWLINE = Buffer.from('\n');
const END = Buffer.from(END_OF_ROWS);
/** A header is a few kilobytes; a first line longer than this is some other file's. */
const MAX_HEADER_BYTES = 1 << 20;

/**
 * Reads a backup file (backup-format.ts) as it streams, and refuses in one line anything the
 * writer would not have written: the header first, then each table's line, its rows (each
 * checked against its columns, copy-text-row.ts) and `\.`, then the end, whose counts must be
 * the rows read. No line is held longer than MAX_LINE_BYTES, so memory stays bounded whatever
 * the file. What needs the target database (which tables, in which order, their columns and
 * types) is the restorer's to check.
 */
export class BackupReader {
  /** The number of the last line read. */
  private line = 1;

  private constructor(
    readonly file: string,
    readonly header: BackupHeader,
    private readonly batches: AsyncGenerator<Buffer[]>,
    private readonly pending: Buffer[],
    private readonly input: Readable,
    private readonly gunzip: Gunzip,
  ) {}

  /** Opens a backup and reads its header; refuses, in one line, what is not a backup. */
  static async open(file: string): Promise<BackupReader> {
    await assertGzip(file);
    const input = createReadStream(file);
    const gunzip = createGunzip();
    input.on('error', (error) => gunzip.destroy(error));
    const batches = lineBatches(input.pipe(gunzip), MAX_LINE_BYTES);
    try {
      const first = await next(file, batches, 1);
      const line = first?.[0];
      if (!line) throw notABackup(file);
      const header = parseHeader(file, line);
      return new BackupReader(file, header, batches, first.slice(1), input, gunzip);
    } catch (error) {
      input.destroy();
      gunzip.destroy();
      throw error;
    }
  }

  /** Reads a whole backup once, to refuse a damaged one before any database is touched. */
  static async check(file: string): Promise<void> {
    const reader = await BackupReader.open(file);
    try {
      for await (const event of reader.events()) void event;
    } finally {
      await reader.close();
    }
  }

  /** The tables, their rows and the end, in the file's order; throws if it is not whole. */
  async *events(): AsyncGenerator<BackupEvent> {
    /** The table whose rows are being read. */
    let table: { name: string; columns: string[]; rows: number } | undefined;
    /** Rows by table, in the file's order. */
    const tables = new Map<string, { columns: string[]; rows: number }>();
    let ended = false;
    for (let lines: Buffer[] | undefined = this.pending; lines; lines = await this.next()) {
      let rows: Buffer[] = [];
      for (const line of lines) {
        this.line++;
        if (ended) throw this.damaged('it goes on after its end');
        if (table && line.equals(END)) {
          if (rows.length > 0) yield { kind: 'rows', data: Buffer.concat(rows) };
          rows = [];
          tables.set(table.name, table);
          table = undefined;
        } else if (table) {
          const problem = rowProblem(line, table.columns);
          if (problem) throw this.damaged(`a row of ${table.name} has ${problem}`);
          rows.push(line, NEWLINE);
          table.rows++;
        } else {
          const value = this.json(line);
          if (typeof value === 'object' && value !== null && 'end' in value) {
            const end = this.parse(endLineSchema, value, 'the end');
            this.assertEnd(end, tables);
            ended = true;
            yield { kind: 'end', rows: end.rows };
          } else {
            const { table: name, columns } = this.parse(tableLineSchema, value, 'a table');
            if (tables.has(name)) throw this.damaged(`${name} comes a second time`);
            const twice = columns.find((c, i) => columns.indexOf(c) !== i);
            if (twice) throw this.damaged(`${name} names its column ${twice} twice`);
            table = { name, columns, rows: 0 };
            yield { kind: 'table', table: name, columns, line: this.line };
          }
        }
      }
      if (rows.length > 0) yield { kind: 'rows', data: Buffer.concat(rows) };
    }
    if (!ended) {
      throw new BackupFileError(`${this.file} is incomplete: it stops before its end`);
    }
  }

  /** Stops reading (a restore that failed part-way). */
  async close(): Promise<void> {
    await this.batches.return(undefined);
    this.input.destroy();
    this.gunzip.destroy();
  }

  private next(): Promise<Buffer[] | undefined> {
    return next(this.file, this.batches, this.line + 1);
  }

  /** The end names every table, in the file's order, with the rows read; and the header's
   * id sequences are those of columns the file holds. */
  private assertEnd(end: EndLine, tables: Map<string, { columns: string[]; rows: number }>) {
    const named = Object.keys(end.rows);
    const read = [...tables.keys()];
    if (named.join() !== read.join()) {
      throw this.damaged(`its end names the tables ${list(named)}, the file holds ${list(read)}`);
    }
    for (const [name, { rows }] of tables) {
      if (end.rows[name] !== rows) {
        throw this.damaged(
          `its end counts ${end.rows[name]} rows of ${name}, the file has ${rows}`,
        );
      }
    }
    for (const { table, column } of this.header.sequences) {
      if (!tables.get(table)?.columns.includes(column)) {
        throw new BackupFileError(
          `${this.file} is damaged: its header names an id sequence of ${table}.${column}, ` +
            'a column the file does not hold',
        );
      }
    }
  }

  private json(line: Buffer): unknown {
    try {
      return JSON.parse(line.toString('utf8'));
    } catch {
      throw this.damaged('a line that should name a table or end the file is not JSON');
    }
  }

  private parse<T>(schema: ZodType<T>, value: unknown, what: string): T {
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw this.damaged(`a line that should describe ${what} does not`);
    return parsed.data;
  }

  private damaged(why: string): BackupFileError {
    return new BackupFileError(`${this.file} is damaged at line ${this.line}: ${why}`);
  }
}

async function next(file: string, batches: AsyncGenerator<Buffer[]>, line: number) {
  try {
    const result = await batches.next();
    return result.done ? undefined : result.value;
  } catch (error) {
    if (error instanceof LineTooLongError) {
      if (line === 1) throw notABackup(file);
      throw new BackupFileError(
        `${file} is damaged at line ${line}: it is longer than ${MAX_LINE_BYTES / 1024 / 1024} MiB, ` +
          'the most a backup line can be',
      );
    }
    // zlib's own words: "unexpected end of file" for a cut file, "invalid ..." for a changed one.
    const reason = error instanceof Error ? error.message : String(error);
    throw new BackupFileError(`${file} is damaged or incomplete (${reason})`);
  }
}

async function assertGzip(file: string): Promise<void> {
  await readablePath(file);
  const handle = await open(file, 'r').catch((error: unknown) => {
    throw fileAccessError('read', file, error);
  });
  try {
    const magic = Buffer.alloc(2);
    const { bytesRead } = await handle.read(magic, 0, 2, 0);
    if (bytesRead < 2 || magic[0] !== 0x1f || magic[1] !== 0x8b) {
      throw new BackupFileError(
        `${file} is not a Product Intelligence backup (not a gzip file; see npm run admin -- backup --help)`,
      );
    }
  } finally {
    await handle.close();
  }
}

function notABackup(file: string): BackupFileError {
  return new BackupFileError(
    `${file} is not a Product Intelligence backup (its first line is not a backup header)`,
  );
}

function parseHeader(file: string, line: Buffer): BackupHeader {
  if (line.length > MAX_HEADER_BYTES) throw notABackup(file);
  let value: unknown;
  try {
    value = JSON.parse(line.toString('utf8'));
  } catch {
    throw notABackup(file);
  }
  const { format, version } = (value ?? {}) as { format?: unknown; version?: unknown };
  if (format !== BACKUP_FORMAT) throw notABackup(file);
  if (typeof version === 'number' && version > BACKUP_VERSION) {
    throw new BackupFileError(
      `${file} is a backup of format ${version}; this version reads format ${BACKUP_VERSION} ` +
        'only: restore it with the version that made it, or a newer one',
    );
  }
  const parsed = backupHeaderSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` (at ${issue.path.join('.')})` : '';
    throw new BackupFileError(`${file} is damaged: its header is not valid${where}`);
  }
  return parsed.data;
}

/** "a, b, c" or "none" */
function list(names: string[]): string {
  return names.length > 0 ? names.join(', ') : 'none';
}
