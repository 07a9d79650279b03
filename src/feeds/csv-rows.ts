import { CsvError, parse, type Info } from 'csv-parse';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { pipeline, Readable } from 'node:stream';
import { InvalidUtf8Error, MAX_RECORD_BYTES, utf8Text } from './utf8-text.js';

/** One row of a CSV file (the header is row 1, as a spreadsheet numbers them), or why not. */
export type CsvRow =
  { row: number; line: number; cells: string[] } | { row: number; line: number; error: string };

/**
 * The field separator: a tab for .tsv; otherwise the first line's commas, unless it has none
 * and has tabs or semicolons (what spreadsheets export in locales with a decimal comma).
 */
async function delimiterOf(file: string): Promise<string> {
  if (path.extname(file).toLowerCase() === '.tsv') return '\t';
  const handle = await open(file);
  try {
    const buffer = Buffer.alloc(16 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const header = buffer.subarray(0, bytesRead).toString('utf8').split('\n', 1)[0]!;
    if (header.includes(',')) return ',';
    if (header.includes('\t')) return '\t';
    return header.includes(';') ? ';' : ',';
  } finally {
    await handle.close();
  }
}

/** Why the file cannot be read past a row, in one sentence. */
function unreadable(error: unknown): string {
  if (error instanceof CsvError && error.code === 'CSV_MAX_RECORD_SIZE')
    return (
      `longer than ${MAX_RECORD_BYTES} characters (a quote left open?): ` +
      'the file is not read past it'
    );
  // csv-parse's reasons name the line themselves ("... at line 3").
  return `cannot be read as CSV: ${(error as Error).message.replace(/^.*?:\s*/, '')}`;
}

/**
 * The rows of a CSV file, streamed (csv-parse: quoted fields, quotes doubled inside them, line
 * breaks inside quotes). A quote inside an unquoted field is kept as text: product names write
 * inches that way. A row is bounded while it is read, and the text is UTF-8 or refused where
 * it is not (utf8-text.ts): a file that cannot be read to its end ends with one error row.
 */
export async function* csvRows(file: string): AsyncGenerator<CsvRow> {
  const parser = parse({
    delimiter: await delimiterOf(file),
    info: true,
    relax_quotes: true,
    relax_column_count: true,
    max_record_size: MAX_RECORD_BYTES,
  });
  // Bytes that are not UTF-8 end the text after the rows before them, which are read first.
  let invalid: InvalidUtf8Error | undefined;
  async function* text() {
    try {
      yield* utf8Text(file);
    } catch (error) {
      if (!(error instanceof InvalidUtf8Error)) throw error;
      invalid = error;
    }
  }
  // An error of either side ends the other; the rows' loop below is the one that reports it.
  pipeline(Readable.from(text()), parser, () => undefined);
  let row = 0;
  let line = 1;
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: Info;
    }>) {
      row += 1;
      line = info.lines;
      yield { row, line, cells: record };
    }
    if (invalid) yield { row: row + 1, line: invalid.line, error: invalid.message };
  } catch (error) {
    yield { row: row + 1, line, error: unreadable(error) };
  }
}

/** A row with one empty cell is a blank line. */
export const isBlankRow = (cells: string[]) => cells.length === 1 && cells[0]!.trim() === '';
