import { FILLER_WORDS } from './name-tokens.js';
import { someOf } from './name-normaliser.js';

// Words a query may add to a name without naming another product: its category's, "the new".

/** A maker's full name as printed ("Samsung Electronics"): right after a brand, the maker's. */
export const MAKER_WORDS = new Set([
  ...['electronics', 'international', 'industries', 'technologies', 'technology'],
  ...['semiconductor', 'microsystems', 'communications', 'enterprises', 'holdings'],
  ...['company', 'computer', 'manufacturing', 'labs', 'laboratories', 'tech', 'products'],
  'com', // a maker named by its web address ("StarTech.com")
]);

/** Words that say little about which product: each costs a query a little, never a match. */
const GENERIC_WORDS = new Set([...FILLER_WORDS, 'new', 'edition', ...MAKER_WORDS]);

/** A plural read as its singular ("watches", "phones", "glasses"); not short words, nor codes. */
export function singular(word: string): string {
  if (word.length <= 3 || !word.endsWith('s') || /\p{N}/u.test(word)) return word;
  if (/(?:ch|sh|x|ss|z)es$/u.test(word)) return word.slice(0, -2);
  if (/[^aeiou]ies$/u.test(word) && word.length > 5) return `${word.slice(0, -3)}y`;
  return word.endsWith('ss') ? word : word.slice(0, -1);
}

/** Whether words carry a word, or its singular ("cases" of a name saying "case"). */
export const carries = (words: ReadonlySet<string>, word: string): boolean =>
  words.has(word) || words.has(singular(word));

/** The shortest end of a category word that still names the category ("phone" of smartphone). */
const MIN_CATEGORY_SUFFIX = 4;

/** Whether a query word names the candidate's category: one of its words, or the end of one. */
export function isCategoryWord(word: string, categoryWords: ReadonlySet<string>): boolean {
  const w = singular(word);
  if (categoryWords.has(w)) return true;
  return w.length >= MIN_CATEGORY_SUFFIX && someOf(categoryWords, (c) => c.endsWith(w));
}

/** Words a query may add to any name at a small cost: they say little about which product. */
export const saysLittle = (word: string, categoryWords: ReadonlySet<string>) =>
  GENERIC_WORDS.has(word) || isCategoryWord(word, categoryWords);

/** Words that say nothing at all wherever they stand: the category's, and function words. */
export const saysNothing = (word: string, categoryWords: ReadonlySet<string>) =>
  FILLER_WORDS.has(word) || isCategoryWord(word, categoryWords);

/** The query's words less those saying nothing, and a leading "new" (after a model, a word). */
export function wordsThatSaySomething(
  words: readonly string[],
  categoryWords: ReadonlySet<string>,
): string[] {
  let n = 0;
  while (n < words.length && (FILLER_WORDS.has(words[n]!) || words[n] === 'new')) n++;
  return words.slice(n).filter((word) => !saysNothing(word, categoryWords));
}
