import { z } from 'zod';
import { deeperThan, TOO_DEEP } from '../json-depth.js';

// How the cells of a CSV row become the fields of a record, read off the record's schema so
// that the columns follow the JSON Lines format field for field (one home for the fields):
// text as it is, numbers as numbers, lists split at "|" (or a JSON array), objects as JSON.

type Kind = 'text' | 'number' | 'list' | 'json';

/** Cells of list columns are split at this character. */
export const LIST_SEPARATOR = '|';

/** A column of a CSV file: where it is, which field it fills and how. */
export interface Column {
  index: number;
  /** The field it fills; for a criterion column, the criterion key. */
  field: string;
  kind: Kind;
  /** Fills `criteria[field]` of a review. */
  criterion?: boolean;
}

function kindOf(schema: z.ZodType): Kind {
  const inner = schema instanceof z.ZodOptional ? (schema.unwrap() as z.ZodType) : schema;
  if (inner instanceof z.ZodNumber) return 'number';
  if (inner instanceof z.ZodArray) return inner.element instanceof z.ZodString ? 'list' : 'json';
  if (inner instanceof z.ZodRecord || inner instanceof z.ZodObject) return 'json';
  return 'text';
}

/** What a header row may name: the schema's fields, and criterion keys when given. */
export interface ColumnSpec {
  shape: Record<string, z.ZodType>;
  /** Fields the file has (a row's product id) that are not the record's own. */
  extra?: readonly string[];
  /** Each criterion may be a column of its own, filling the record's `criteria`. */
  criteria?: readonly string[];
  /** Fields that may not be columns (read from another file instead), with why. */
  refused?: Readonly<Record<string, string | undefined>>;
}

/** The header's columns, or the sentence saying what is wrong with it. */
export function readHeader(header: string[], spec: ColumnSpec): Column[] | string {
  const columns: Column[] = [];
  const seen = new Set<string>();
  const known = [...(spec.extra ?? []), ...Object.keys(spec.shape)];
  for (const [index, cell] of header.entries()) {
    const name = cell.trim().toLowerCase();
    if (name === '') return `column ${index + 1} has no name`;
    if (seen.has(name)) return `column "${name}" appears twice`;
    seen.add(name);
    const why = spec.refused?.[name];
    if (why) return `column "${name}": ${why}`;
    if (spec.extra?.includes(name)) columns.push({ index, field: name, kind: 'text' });
    else if (name in spec.shape)
      columns.push({ index, field: name, kind: kindOf(spec.shape[name]!) });
    else if (spec.criteria?.includes(name))
      columns.push({ index, field: name, kind: 'number', criterion: true });
    else
      return (
        `unknown column "${cell.trim()}": the columns are ${known.join(', ')}` +
        (spec.criteria ? ', and criterion keys (docs/decisions.md, the taxonomy)' : '')
      );
  }
  return columns;
}

/**
 * The sentence naming the required fields a header has no column for, if any: said once, of
 * the header, rather than as a field missing from every row.
 */
export function missingColumns(columns: Column[], spec: ColumnSpec): string | undefined {
  const missing = Object.keys(spec.shape).filter(
    (field) =>
      !(spec.shape[field] instanceof z.ZodOptional) && !columns.some((c) => c.field === field),
  );
  if (missing.length === 1) return `no "${missing[0]}" column: every row needs one`;
  if (missing.length > 1)
    return `no ${missing.map((m) => `"${m}"`).join(', ')} columns: every row needs them`;
  return undefined;
}

/** A number written with a decimal comma, as spreadsheets write it in many locales. */
const DECIMAL_COMMA = /^\s*[+-]?\d+,\d+\s*$/;

function cellValue(cell: string, kind: Kind): unknown {
  switch (kind) {
    case 'text':
      return cell.trim();
    case 'number': {
      const n = Number(cell);
      if (DECIMAL_COMMA.test(cell))
        return new BadCell(
          `"${cell.trim()}" has a decimal comma: write ${cell.trim().replace(',', '.')} ` +
            '(numbers take a point, whatever the separator)',
        );
      // Anything else stays text, and the schema says it should be a number.
      return Number.isFinite(n) ? n : cell;
    }
    case 'list':
      if (cell.trimStart().startsWith('[')) return parseJson(cell);
      return cell
        .split(LIST_SEPARATOR)
        .map((part) => part.trim())
        .filter((part) => part !== '');
    case 'json':
      return parseJson(cell);
  }
}

function parseJson(cell: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(cell);
  } catch (error) {
    return new BadCell(`not valid JSON (${(error as Error).message})`);
  }
  // The row becomes a line by JSON.stringify, which a deep value would overflow.
  return deeperThan(value) ? new BadCell(TOO_DEEP) : value;
}

/** A cell that cannot become its field's value (JSON that does not parse), with why. */
export class BadCell {
  constructor(readonly reason: string) {}
}

/**
 * The record of one row: empty cells are absent fields, so that a required one is reported
 * as missing and an optional one is simply not given.
 */
export function rowRecord(row: string[], columns: Column[]): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const column of columns) {
    const cell = row[column.index] ?? '';
    if (cell.trim() === '') continue;
    const value = cellValue(cell, column.kind);
    if (column.criterion) {
      const criteria = (record.criteria ??= {}) as Record<string, unknown>;
      criteria[column.field] = value;
    } else {
      record[column.field] = value;
    }
  }
  return record;
}

/**
 * The cells of a record that could not become values, each with its field and why, and the
 * record without them: the rest of the row is validated too, so a row's every problem is said.
 */
export function badCells(record: Record<string, unknown>): {
  bad: { field: string; message: string }[];
  rest: Record<string, unknown>;
} {
  const bad: { field: string; message: string }[] = [];
  const keep = (value: unknown, field: string) => {
    if (!(value instanceof BadCell)) return true;
    bad.push({ field, message: value.reason });
    return false;
  };
  const rest = Object.fromEntries(Object.entries(record).filter(([f, v]) => keep(v, f)));
  if (typeof rest.criteria === 'object' && rest.criteria !== null)
    rest.criteria = Object.fromEntries(
      Object.entries(rest.criteria).filter(([f, v]) => keep(v, `criteria.${f}`)),
    );
  return { bad, rest };
}

/** What the schema says of a row's other cells: not again of a field a bad cell left out. */
export function besideBadCells<T extends { field?: string }>(
  bad: { field: string }[],
  problems: T[],
): T[] {
  return problems.filter((p) => !bad.some((b) => p.field === b.field));
}
