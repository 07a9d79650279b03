// PostgreSQL COPY text format: one row a line, columns separated by tabs, \N for null.

// Few fields hold a character to escape: a test that finds none allocates nothing, where a
// replace runs its callback machinery on every field (the import writes millions of them).
const SPECIAL = /[\\\t\n\r]/;
const SPECIALS = /[\\\t\n\r]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const QUOTED = /["\\]/;
const QUOTEDS = /["\\]/g;

export type CopyValue = string | number | boolean | null | undefined;

function field(value: CopyValue): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'string')
    return SPECIAL.test(value) ? value.replace(SPECIALS, (c) => ESCAPES[c] ?? c) : value;
  if (typeof value === 'boolean') return value ? 't' : 'f';
  return String(value);
}

export function copyRow(values: readonly CopyValue[]): string {
  return values.map(field).join('\t') + '\n';
}

const quoted = (item: string) =>
  '"' + (QUOTED.test(item) ? item.replace(QUOTEDS, '\\$&') : item) + '"';

/** A text[] literal, e.g. {"a","b \"c\""}, to be passed through copyRow. */
export function textArray(items: readonly string[]): string {
  return '{' + items.map(quoted).join(',') + '}';
}

const COPY_ESCAPE = /\\(.)/g;
const UNESCAPED: Record<string, string> = { n: '\n', t: '\t', r: '\r' };

/** One field of a row COPY TO wrote, back to its text (\\, \n, \t and \r unescaped). */
export const copyField = (field: string): string =>
  field.includes('\\') ? field.replace(COPY_ESCAPE, (_, c: string) => UNESCAPED[c] ?? c) : field;
