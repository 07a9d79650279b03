// CSV as RFC 4180 writes it, for spreadsheets: a field with a comma, a quote or a line break
// is quoted (its quotes doubled), and lines end with CRLF. Text that a spreadsheet would run
// as a formula (OWASP's CSV injection: a cell starting with =, +, -, @, a tab or a carriage
// return) is written with a leading apostrophe, which spreadsheets show as text. The names
// exported here are what anyone with a key typed, so they are never trusted as formulas.

export type CsvCell = string | number | null;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One field: numbers as they are, text neutralised and quoted when it must be. */
export function csvField(cell: CsvCell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return String(cell);
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, with its CRLF. */
export const csvLine = (cells: readonly CsvCell[]) => cells.map(csvField).join(',') + '\r\n';
