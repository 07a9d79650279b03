import type { CandidateName } from './candidate-name.js';
import type { Token } from './name-tokens.js';
import { isCategoryWord } from './words-that-say-nothing.js';

// Which words may misspell a candidate's: long enough for a slip to show, never a number or code.

/** Variant words this long may be misspelt ("Tuoch" is Touch); Pro, Max or Lite never. */
const MIN_MISSPELT_VARIANT = 5;

/** Whether a token may be misspelt at all: a word long enough, never a number or a code. */
export const mayBeMisspelt = ({ kind, text }: Token): boolean =>
  kind === 'word' && typoAllowance(text.length, text.length) > 0;

/** Whether `word` of the query may be a misspelling of `target` (words only: see above). */
export function isTypoOf(word: Token, target: Token, meant = false): boolean {
  const longVariant = target.kind === 'variant' && target.text.length >= MIN_MISSPELT_VARIANT;
  if (word.kind !== 'word' || (target.kind !== 'word' && !longVariant)) return false;
  const allowance = typoAllowance(word.text.length, target.text.length);
  if (allowance === 0 || wordDistance(word.text, target.text, allowance) > allowance) return false;
  // A common word is written as meant ("iPad", "iPod"), but for a letter left out, added or moved.
  return !(meant && substitutes(word.text, target.text));
}

/** Whether two words of one length differ in their letters, not only in their order. */
const substitutes = (word: string, target: string): boolean =>
  word.length === target.length && [...word].sort().join('') !== [...target].sort().join('');

/** The word of the name `c` or its brand that `token` misspells, or one its category word held. */
export function misspelling(
  token: Token,
  c: readonly Token[],
  used: Set<number>,
  brandUsed: Set<number>,
  exactly: number[],
  { brand: { tokens: brand }, categoryWords, read }: CandidateName,
): { target: Token; fromCategoryWord?: boolean } | undefined {
  if (!mayBeMisspelt(token)) return undefined;
  // Whether the word is a common word of the catalog's names, written as meant (isTypoOf).
  const meant = read?.meant(token.text) === true;
  const take = (tokens: readonly Token[], taken: Set<number>) => {
    const at = tokens.findIndex((t, i) => isTypoOf(token, t, meant) && !taken.has(i));
    if (at < 0) return undefined;
    // Never tokens[-1]: a negative index is no element, and V8 looks it up the slow way.
    taken.add(at);
    return tokens[at];
  };
  const target = take(c, used) ?? take(brand, brandUsed);
  if (target) return { target };
  const held = exactly.findIndex(
    (i) => isTypoOf(token, c[i]!, meant) && isCategoryWord(c[i]!.text, categoryWords),
  );
  if (held < 0) return undefined;
  return { target: c[exactly.splice(held, 1)[0]!]!, fromCategoryWord: true };
}

/** Levenshtein distance with adjacent transpositions ("samsnug"), stopping past `limit`. */
export function wordDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  // Three rows of the matrix (two back for transpositions), reused from call to call.
  const width = b.length + 1;
  if (rows.length < 3 * width) rows = new Int32Array(6 * width);
  let previous2 = 0;
  let previous = width;
  let current = 2 * width;
  for (let j = 0; j < width; j++) rows[previous + j] = j;
  for (let i = 1; i <= a.length; i++) {
    rows[current] = i;
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let value = Math.min(
        rows[previous + j]! + 1,
        rows[current + j - 1]! + 1,
        rows[previous + j - 1]! + cost,
      );
      if (
        i > 1 &&
        j > 1 &&
        a.charCodeAt(i - 1) === b.charCodeAt(j - 2) &&
        a.charCodeAt(i - 2) === b.charCodeAt(j - 1)
      )
        value = Math.min(value, rows[previous2 + j - 2]! + 1);
      rows[current + j] = value;
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    [previous2, previous, current] = [previous, current, previous2];
  }
  return rows[previous + b.length]!;
}

let rows = new Int32Array(3 * 64);

/** Typos allowed between words of these lengths: none under four letters, two from nine, else 1. */
export function typoAllowance(length: number, otherLength: number): number {
  if (Math.min(length, otherLength) < 4) return 0;
  return Math.max(length, otherLength) >= 9 ? 2 : 1;
}
