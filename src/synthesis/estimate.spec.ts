import { describe, expect, it } from '@jest/globals';
import { shrunkMean } from './estimate.js';

const value = (s: { value: number }) => s.value;
const weight = (s: { weight: number }) => s.weight;

describe('shrunkMean', () => {
  it("is the weighted mean shrunk toward the prior, within the values' range", () => {
    // (0.5*60 + 1*80 + 2*90) / 3.5 = 290 / 3.5 = 82.857
    const sources = [
      { value: 80, weight: 1 },
      { value: 90, weight: 2 },
    ];
    expect(shrunkMean(sources, value, weight, 60, 0.5)).toBeCloseTo(82.857143, 5);
    expect(shrunkMean([{ value: 70, weight: 1 }], value, weight, 10, 0.5)).toBe(70);
  });

  it('leaves out a source of weight 0: it neither counts nor widens the range', () => {
    const sources = [
      { value: 80, weight: 1 },
      { value: 20, weight: 0 },
    ];
    // Counted, 20 would let the prior pull the score to (0.5*60 + 80) / 1.5 = 73.3.
    expect(shrunkMean(sources, value, weight, 60, 0.5)).toBe(80);
  });
});
