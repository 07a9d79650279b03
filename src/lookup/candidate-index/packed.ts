// Rows of numbers in typed arrays (candidate-index.ts): a few arrays for a catalog, not an
// array for each of its terms and names.

/** Rows of numbers packed in one array: row r is items[start[r]] up to items[start[r + 1]]. */
export interface Packed {
  start: Int32Array;
  items: Int32Array;
}

/** Packs `count` rows, row r's items being `itemsOf(r)`, each row read once. */
export function packed(count: number, itemsOf: (row: number) => readonly number[]): Packed {
  const start = new Int32Array(count + 1);
  const items: number[] = [];
  for (let r = 0; r < count; r++) {
    items.push(...itemsOf(r));
    start[r + 1] = items.length;
  }
  return { start, items: Int32Array.from(items) };
}

/** The rows listed by their items: for each of `columns` values, the rows that hold it. */
export function transposed({ start, items }: Packed, columns: number): Packed {
  const next = new Int32Array(columns + 1);
  for (const item of items) next[item + 1]!++;
  for (let c = 0; c < columns; c++) next[c + 1]! += next[c]!;
  const columnStart = next.slice();
  const rows = new Int32Array(items.length);
  for (let r = 0; r + 1 < start.length; r++)
    for (let i = start[r]!; i < start[r + 1]!; i++) rows[next[items[i]!]!++] = r;
  return { start: columnStart, items: rows };
}
