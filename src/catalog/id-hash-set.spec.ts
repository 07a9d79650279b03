import { describe, expect, it } from '@jest/globals';
import { IdHashSet, hashId } from './id-hash-set.js';

describe(IdHashSet.name, () => {
  it('returns the first line of a repeated id and 0 for new ones, across growth', () => {
    const set = new IdHashSet(4);
    for (let i = 1; i <= 50_000; i++) expect(set.addOrGet(...hashId(`id-${i}`), i)).toBe(0);
    expect(set.addOrGet(...hashId('id-7'), 60_000)).toBe(7);
    expect(set.addOrGet(...hashId('id-49999'), 60_001)).toBe(49_999);
    expect(set.addOrGet(...hashId('id-new'), 60_002)).toBe(0);
  });

  it('gives distinct hash pairs to many distinct, similar ids', () => {
    const seen = new IdHashSet();
    let collisions = 0;
    for (let i = 1; i <= 200_000; i++)
      if (seen.addOrGet(...hashId(`product-${i}-x`), i) !== 0) collisions++;
    expect(collisions).toBe(0);
  });

  it('lists every entry of its tables', () => {
    const set = new IdHashSet();
    set.addOrGet(1, 2, 10);
    set.addOrGet(3, 4, 20);
    const entries: number[][] = [];
    IdHashSet.forEach(set.tables, (a, b, line) => entries.push([a, b, line]));
    expect(entries.sort((x, y) => x[2]! - y[2]!)).toEqual([
      [1, 2, 10],
      [3, 4, 20],
    ]);
  });
});
