import { parse, type Info } from 'csv-parse';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';

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

/**
 * The rows of a CSV file, streamed (csv-parse: quoted fields, quotes doubled inside them, line
 * breaks inside quotes, a byte order mark). A quote inside an unquoted field is kept as text:
 * product names write inches that way. A malformed file ends with one error row.
 */
export async function* csvRows(file: string): AsyncGenerator<CsvRow> {
  const parser = createReadStream(file).pipe(
    parse({
      delimiter: await delimiterOf(file),
      bom: true,
      info: true,
      relax_quotes: true,
      relax_column_count: true,
    }),
  );
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
  } catch (error) {
    // csv-parse's reasons name the line themselves ("... at line 3").
    const reason = (error as Error).message.replace(/^.*?:\s*/, '');
    yield { row: row + 1, line, error: `cannot be read as CSV: ${reason}` };
  }
}

/** A row with one empty cell is a blank line. */
export const isBlankRow = (cells: string[]) => cells.length === 1 && cells[0]!.trim() === '';
