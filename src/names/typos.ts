import type { Token } from './name-tokens.js';
import { typoAllowance, wordDistance } from './word-distance.js';

// Which words of a query may be read as misspellings of a candidate's (docs/resolution.md):
// words only, long enough for a slip to leave them recognisable; never a number or a model
// code, where one character makes another product.

/** Variant words this long may be misspelt ("Tuoch" is Touch); Pro, Max or Lite never. */
const MIN_MISSPELT_VARIANT = 5;

/**
 * Whether `word` of the query may be a misspelling of `target`. Only words may be misspelt,
 * never a model code or a number, nor a short variant word such as Pro or Max, and only where
 * they are long enough for one slip to leave them recognisable (typoAllowance).
 */
export function isTypoOf(word: Token, target: Token): boolean {
  if (word.kind !== 'word') return false;
  if (
    target.kind !== 'word' &&
    !(target.kind === 'variant' && target.text.length >= MIN_MISSPELT_VARIANT)
  )
    return false;
  const allowance = typoAllowance(word.text.length, target.text.length);
  return allowance > 0 && wordDistance(word.text, target.text, allowance) <= allowance;
}

/** The first of `tokens` not yet used that `word` may be a misspelling of, or -1. */
export function typoOf(word: Token, tokens: readonly Token[], used: ReadonlySet<number>): number {
  return tokens.findIndex((t, i) => !used.has(i) && isTypoOf(word, t));
}
