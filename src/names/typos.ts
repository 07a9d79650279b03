import type { Token } from './name-tokens.js';
import { typoAllowance, wordDistance } from './word-distance.js';
import { isCategoryWord } from './words-that-say-nothing.js';

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
export function isTypoOf(word: Token, target: Token, meant = false): boolean {
  if (word.kind !== 'word') return false;
  if (
    target.kind !== 'word' &&
    !(target.kind === 'variant' && target.text.length >= MIN_MISSPELT_VARIANT)
  )
    return false;
  const allowance = typoAllowance(word.text.length, target.text.length);
  if (allowance === 0 || wordDistance(word.text, target.text, allowance) > allowance) return false;
  // A common word of the catalog's names is written as meant: one letter for another makes
  // another word ("iPad", "iPod"); a letter left out, added or swapped with the next is a slip.
  return !(meant && substitutes(word.text, target.text));
}

/** Whether two words of one length differ in their letters, not only in their order. */
function substitutes(word: string, target: string): boolean {
  if (word.length !== target.length || word === target) return false;
  return [...word].sort().join('') !== [...target].sort().join('');
}

/**
 * The first of `tokens` not yet used that `word` may be a misspelling of, or -1; `meant`
 * when the word is a common word of the catalog's names (isTypoOf).
 */
function typoOf(
  word: Token,
  tokens: readonly Token[],
  used: ReadonlySet<number>,
  meant = false,
): number {
  return tokens.findIndex((t, i) => !used.has(i) && isTypoOf(word, t, meant));
}

/**
 * The word of the name or brand `token` misspells, taken from what is left (`used` and
 * `brandUsed` are updated), or a word of the name its category word held (taken from
 * `exactly`), if any.
 */
export function misspelling(
  token: Token,
  c: readonly Token[],
  used: Set<number>,
  brand: readonly Token[],
  brandUsed: Set<number>,
  exactly: number[],
  categoryWords: ReadonlySet<string>,
  /** Whether the word is a common word of the catalog's names (ReadAgainst.meant). */
  meant: boolean,
): { target: Token; fromCategoryWord?: boolean } | undefined {
  const at = typoOf(token, c, used, meant);
  if (at >= 0) {
    used.add(at);
    return { target: c[at]! };
  }
  const brandAt = typoOf(token, brand, brandUsed, meant);
  if (brandAt >= 0) {
    brandUsed.add(brandAt);
    return { target: brand[brandAt]! };
  }
  const held = exactly.findIndex(
    (i) => isCategoryWord(c[i]!.text, categoryWords) && isTypoOf(token, c[i]!, meant),
  );
  if (held < 0) return undefined;
  return { target: c[exactly.splice(held, 1)[0]!]!, fromCategoryWord: true };
}
