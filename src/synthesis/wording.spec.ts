import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { roundScore } from './rounding.js';
import { score } from './wording.js';

describe('score', () => {
  it('prints every rounded score as String does, from its table', () => {
    for (let tenths = -20; tenths <= 1020; tenths++) {
      for (const value of [tenths / 10, tenths / 10 + 0.04999, tenths / 10 - 0.05]) {
        expect(score(value)).toBe(String(roundScore(value)));
      }
    }
    fc.assert(
      fc.property(fc.double({ noNaN: false }), (value) => {
        expect(score(value)).toBe(String(roundScore(value)));
      }),
    );
  });

  it('prints one decimal at most, clamped, and NaN as String does', () => {
    expect(score(84.24)).toBe('84.2');
    expect(score(90.96)).toBe('91');
    expect(score(-0.01)).toBe('0');
    expect(score(Number.NaN)).toBe('NaN');
  });
});
