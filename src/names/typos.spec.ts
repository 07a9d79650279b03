import { describe, expect, it } from '@jest/globals';
import { typoAllowance, wordDistance } from './typos.js';

/** The whole matrix, no early stop: what wordDistance must agree with up to its limit. */
function reference(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  return d[a.length]![b.length]!;
}

describe('wordDistance', () => {
  it('counts edits, an adjacent transposition as one', () => {
    expect(wordDistance('samsnug', 'samsung', 2)).toBe(1);
    expect(wordDistance('kitten', 'sitting', 3)).toBe(3);
    expect(wordDistance('', 'abc', 3)).toBe(3);
    expect(wordDistance('same', 'same', 0)).toBe(0);
  });

  it('stops past its limit, answering more than the limit', () => {
    expect(wordDistance('kitten', 'sitting', 1)).toBeGreaterThan(1);
    expect(wordDistance('a', 'abcdef', 2)).toBeGreaterThan(2);
  });

  it('agrees with the full matrix on every pair of short words, long words too', () => {
    const letters = 'abé';
    const all = [''];
    for (let length = 1; length <= 4; length++)
      for (const word of all.filter((w) => w.length === length - 1))
        for (const letter of letters) all.push(word + letter);
    for (const a of all)
      for (const b of all) {
        const distance = reference(a, b);
        for (const limit of [0, 1, 2]) {
          const found = wordDistance(a, b, limit);
          if (distance <= limit) expect(found).toBe(distance);
          else expect(found).toBeGreaterThan(limit);
        }
      }
    const long = 'x'.repeat(150);
    expect(wordDistance(long, `${long}yz`, 2)).toBe(2);
    expect(wordDistance('ab', 'ba', 1)).toBe(1);
  });

  it('allows no typo when a word has three letters or fewer, and more in longer words', () => {
    expect([2, 3, 4, 8, 9].map((n) => typoAllowance(n, n))).toEqual([0, 0, 1, 1, 2]);
  });

  it('counts the longer word for two typos, the shorter for none', () => {
    expect(typoAllowance(8, 10)).toBe(2); // "prfecton" for "perfection"
    expect(typoAllowance(3, 4)).toBe(0); // "sny" is never "sony"
    expect(typoAllowance(7, 8)).toBe(1);
  });
});
