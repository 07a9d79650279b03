import { z } from 'zod';

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

function cellValue(cell: string, kind: Kind): unknown {
  switch (kind) {
    case 'text':
      return cell.trim();
    case 'number': {
      const n = Number(cell);
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

/** A cell that is not JSON is kept as text: the schema names the field and what it wants. */
function parseJson(cell: string): unknown {
  try {
    return JSON.parse(cell);
  } catch (error) {
    return new InvalidJsonCell((error as Error).message);
  }
}

/** A cell meant to hold JSON that does not. */
export class InvalidJsonCell {
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

/** The first field of a record that held JSON it could not read, with why. */
export function invalidJson(
  record: Record<string, unknown>,
): { field: string; message: string } | undefined {
  for (const [field, value] of Object.entries(record))
    if (value instanceof InvalidJsonCell)
      return { field, message: `not valid JSON (${value.reason})` };
  return undefined;
}
