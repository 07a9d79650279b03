// PostgreSQL COPY text format: one row a line, columns separated by tabs, \N for null.

const SPECIAL = /[\\\t\n\r]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

export type CopyValue = string | number | boolean | null | undefined;

function field(value: CopyValue): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'string') return value.replace(SPECIAL, (c) => ESCAPES[c] ?? c);
  if (typeof value === 'boolean') return value ? 't' : 'f';
  return String(value);
}

export function copyRow(values: readonly CopyValue[]): string {
  return values.map(field).join('\t') + '\n';
}

/** A text[] literal, e.g. {"a","b \"c\""}, to be passed through copyRow. */
export function textArray(items: readonly string[]): string {
  return '{' + items.map((item) => '"' + item.replace(/["\\]/g, '\\$&') + '"').join(',') + '}';
}

const COPY_ESCAPE = /\\(.)/g;
const UNESCAPED: Record<string, string> = { n: '\n', t: '\t', r: '\r' };

/** One field of a row COPY TO wrote, back to its text (\\, \n, \t and \r unescaped). */
export const copyField = (field: string): string =>
  field.includes('\\') ? field.replace(COPY_ESCAPE, (_, c: string) => UNESCAPED[c] ?? c) : field;
