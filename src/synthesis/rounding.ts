// Scores are computed at full precision and rounded only here, at output (docs/decisions.md,
// "Scales and types"). Clamping keeps a stray out-of-range catalog value from breaking the
// response contract.

const clamp = (value: number, min: number, max: number): number =>
  Math.min(max, Math.max(min, value));

/** A 0..100 score, one decimal. */
export const roundScore = (value: number): number => clamp(Math.round(value * 10) / 10, 0, 100);

/** A 0..1 confidence or match score, three decimals. */
export const roundUnit = (value: number): number => clamp(Math.round(value * 1000) / 1000, 0, 1);
