import { describe, expect, it } from '@jest/globals';
import { roundScore, roundUnit } from './rounding.js';

describe('roundScore', () => {
  it('rounds to one decimal, halves up', () => {
    expect(roundScore(307.5 / 4.25)).toBe(72.4); // 72.3529…
    expect(roundScore(72.25)).toBe(72.3); // exactly representable half
    expect(roundScore(60)).toBe(60);
  });

  it('clamps to 0..100', () => {
    expect(roundScore(-3)).toBe(0);
    expect(roundScore(100.04)).toBe(100);
  });
});

describe('roundUnit', () => {
  it('rounds to three decimals within 0..1', () => {
    expect(roundUnit(0.98765)).toBe(0.988);
    expect(roundUnit(0.61234)).toBe(0.612);
    expect(roundUnit(0.9996)).toBe(1);
    expect(roundUnit(1.2)).toBe(1);
  });
});
