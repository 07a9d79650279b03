// Duplicate-id detection for catalogs of millions of lines without holding the ids:
// each id is kept as two independent 32-bit hashes and the line it was first seen on,
// in typed arrays (12 bytes a slot). A hash match is only a *suspected* duplicate; the
// caller confirms it by comparing the two lines' ids, so collisions never mislead.

const EMPTY = 0;

/** Two independent 32-bit hashes of a string (FNV-1a and a multiplicative mix). */
export function hashId(id: string): [number, number] {
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  for (let i = 0; i < id.length; i++) {
    const c = id.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  return [a >>> 0, b >>> 0];
}

export interface IdHashTable {
  h1: Uint32Array<ArrayBuffer>;
  h2: Uint32Array<ArrayBuffer>;
  lines: Uint32Array<ArrayBuffer>;
}

export class IdHashSet {
  private table: IdHashTable;
  private mask: number;
  private size = 0;

  constructor(capacity = 1 << 12) {
    const slots = 2 ** Math.ceil(Math.log2(Math.max(16, capacity * 2)));
    this.table = {
      h1: new Uint32Array(slots),
      h2: new Uint32Array(slots),
      lines: new Uint32Array(slots),
    };
    this.mask = slots - 1;
  }

  /** Records (a, b) as first seen on `line` (> 0); returns the earlier line of the same hash, or 0. */
  addOrGet(a: number, b: number, line: number): number {
    if ((this.size + 1) * 2 > this.mask + 1) this.grow();
    const { h1, h2, lines } = this.table;
    let i = a & this.mask;
    while (lines[i] !== EMPTY) {
      if (h1[i] === a && h2[i] === b) return lines[i]!;
      i = (i + 1) & this.mask;
    }
    h1[i] = a;
    h2[i] = b;
    lines[i] = line;
    this.size += 1;
    return 0;
  }

  /** The line (a, b) was first seen on, or 0. */
  get(a: number, b: number): number {
    const { h1, h2, lines } = this.table;
    for (let i = a & this.mask; lines[i] !== EMPTY; i = (i + 1) & this.mask)
      if (h1[i] === a && h2[i] === b) return lines[i]!;
    return 0;
  }

  /** The arrays behind the set, to send to another thread (lines 0 mark empty slots). */
  get tables(): IdHashTable {
    return this.table;
  }

  /** Visits every entry of a table produced by `tables`. */
  static forEach(table: IdHashTable, visit: (a: number, b: number, line: number) => void): void {
    for (let i = 0; i < table.lines.length; i++) {
      const line = table.lines[i]!;
      if (line !== EMPTY) visit(table.h1[i]!, table.h2[i]!, line);
    }
  }

  private grow(): void {
    const old = this.table;
    const bigger = new IdHashSet((this.mask + 1) * 2);
    IdHashSet.forEach(old, (a, b, line) => bigger.addOrGet(a, b, line));
    this.table = bigger.table;
    this.mask = bigger.mask;
  }
}
