import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { type ZodType } from 'zod';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  END_OF_ROWS,
  backupHeaderSchema,
  endLineSchema,
  tableLineSchema,
  type BackupHeader,
} from './backup-format.js';
import { lineBatches } from './line-batches.js';

/** A file that is not a backup, or not a whole one: its one-line reason. */
export class BackupFileError extends Error {}

export type BackupEvent =
  | { kind: 'table'; table: string; columns: string[] }
  /** Rows of the last table named, in COPY text format, each with its newline. */
  | { kind: 'rows'; data: Buffer }
  | { kind: 'end'; rows: Record<string, number> };

const NEWLINE = Buffer.from('\n');
const END = Buffer.from(END_OF_ROWS);
/** A header is a few kilobytes; a first line longer than this is some other file's. */
const MAX_HEADER_BYTES = 1 << 20;

/** Reads a backup file (backup-format.ts) as it streams: the header first, then its events. */
export class BackupReader {
  private constructor(
    readonly file: string,
    readonly header: BackupHeader,
    private readonly batches: AsyncGenerator<Buffer[]>,
    private readonly pending: Buffer[],
    private readonly input: Readable,
  ) {}

  /** Opens a backup and reads its header; refuses, in one line, what is not a backup. */
  static async open(file: string): Promise<BackupReader> {
    await assertGzip(file);
    const input = createReadStream(file);
    const gunzip = createGunzip();
    input.on('error', (error) => gunzip.destroy(error));
    const batches = lineBatches(input.pipe(gunzip));
    try {
      const first = await next(file, batches);
      const line = first?.[0];
      if (!line) throw notABackup(file);
      return new BackupReader(file, parseHeader(file, line), batches, first.slice(1), input);
    } catch (error) {
      input.destroy();
      gunzip.destroy();
      throw error;
    }
  }

  /** The tables, their rows and the end, in the file's order; throws if it is not whole. */
  async *events(): AsyncGenerator<BackupEvent> {
    let inTable = false;
    let ended = false;
    for (let lines: Buffer[] | undefined = this.pending; lines; lines = await this.next()) {
      let rows: Buffer[] = [];
      for (const line of lines) {
        if (ended) throw this.damaged('it goes on after its end');
        if (inTable && !line.equals(END)) {
          rows.push(line, NEWLINE);
        } else if (inTable) {
          if (rows.length > 0) yield { kind: 'rows', data: Buffer.concat(rows) };
          rows = [];
          inTable = false;
        } else {
          const value = this.json(line);
          if (typeof value === 'object' && value !== null && 'end' in value) {
            ended = true;
            yield { kind: 'end', rows: this.parse(endLineSchema, value).rows };
          } else {
            const { table, columns } = this.parse(tableLineSchema, value);
            inTable = true;
            yield { kind: 'table', table, columns };
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
  }

  private next(): Promise<Buffer[] | undefined> {
    return next(this.file, this.batches);
  }

  private json(line: Buffer): unknown {
    try {
      return JSON.parse(line.toString('utf8'));
    } catch {
      throw this.damaged('a line that should describe a table is not JSON');
    }
  }

  private parse<T>(schema: ZodType<T>, value: unknown): T {
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw this.damaged('a line that should describe a table does not');
    return parsed.data;
  }

  private damaged(why: string): BackupFileError {
    return new BackupFileError(`${this.file} is damaged: ${why}`);
  }
}

async function next(file: string, batches: AsyncGenerator<Buffer[]>) {
  try {
    const result = await batches.next();
    return result.done ? undefined : result.value;
  } catch (error) {
    // zlib's own words: "unexpected end of file" for a cut file, "invalid ..." for a changed one.
    const reason = error instanceof Error ? error.message : String(error);
    throw new BackupFileError(`${file} is damaged or incomplete (${reason})`);
  }
}

async function assertGzip(file: string): Promise<void> {
  const handle = await open(file, 'r').catch((error: NodeJS.ErrnoException) => {
    throw new BackupFileError(`cannot read ${file} (${error.code ?? error.message})`);
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
  if (!parsed.success) throw new BackupFileError(`${file} is damaged: its header is not valid`);
  return parsed.data;
}
