import { isUtf8 } from 'node:buffer';

// One row of a table in a backup, as PostgreSQL's COPY TO writes it in text format
// (backup-writer.ts): UTF-8, its values separated by tabs, `\N` for a null, and of the
// escapes COPY FROM would read, only those COPY TO writes (CopyAttributeOutText: \b \f \n \r
// \t \v and \\). So no raw NUL or carriage return, and no octal or hex escape, which is how a
// NUL or a stray byte would slip in. Types are PostgreSQL's to check, as the rows go in.

const TAB = 0x09;
const CARRIAGE_RETURN = 0x0d;
const BACKSLASH = 0x5c;
const NULL_MARK = 0x4e; // N
const ESCAPES = new Set([...'bfnrtv\\'].map((c) => c.charCodeAt(0)));

/** Why `row` is not a row COPY TO writes for `columns`, or undefined when it is one. */
export function rowProblem(row: Buffer, columns: readonly string[]): string | undefined {
  const column = (at: number) => columns[countTabs(row, 0, at)] ?? '?';
  const values = countTabs(row, 0, row.length) + 1;
  if (values !== columns.length) {
    return `${values} values where the table has ${columns.length} columns`;
  }
  if (!isUtf8(row)) return 'not UTF-8 text';
  const nul = row.indexOf(0);
  if (nul !== -1) return `a NUL byte in column ${column(nul)}`;
  const cr = row.indexOf(CARRIAGE_RETURN);
  if (cr !== -1) return `a raw carriage return in column ${column(cr)}`;
  for (let at = row.indexOf(BACKSLASH); at !== -1; at = row.indexOf(BACKSLASH, at + 2)) {
    const next = row[at + 1];
    if (next !== undefined && ESCAPES.has(next)) continue;
    const wholeNull =
      next === NULL_MARK &&
      (at === 0 || row[at - 1] === TAB) &&
      (at + 2 === row.length || row[at + 2] === TAB);
    if (wholeNull) continue;
    const escape = next === undefined ? '\\ at its end' : `\\${String.fromCharCode(next)}`;
    return `an escape COPY never writes (${escape}) in column ${column(at)}`;
  }
  return undefined;
}

function countTabs(row: Buffer, from: number, to: number): number {
  let tabs = 0;
  for (let at = row.indexOf(TAB, from); at !== -1 && at < to; at = row.indexOf(TAB, at + 1)) {
    tabs++;
  }
  return tabs;
}
