import type { CandidateName } from './candidate-name.js';

// Whether a catalog name is a title, as shops and feeds write them ("Sony WH-1000XM5 Wireless
// Noise Cancelling Headphones, Black"), rather than a product's name: most of what a title
// says describes the product (soft-score.ts, name-matcher.ts).

/** A catalog name with this many words of letters or more is a title. */
export const TITLE_WORDS = 6;

const DIGIT = /\p{N}/u;

/**
 * Whether a candidate reads as a title whose brand the query names: most of what it says
 * then describes the product, and a short word after a number is no other model's designator.
 */
export const readAsTitle = (candidate: CandidateName): boolean =>
  candidate.read?.brandNamed === true && wordsSaying(candidate) >= TITLE_WORDS;

/** The words of a name without digits, less its brand's: "MacBook Pro 14-inch (M3, 2023)" has 3. */
function wordsSaying(candidate: CandidateName): number {
  let n = 0;
  for (const word of candidate.text.split(' '))
    if (word !== '' && !DIGIT.test(word) && !candidate.brand.words.has(word)) n++;
  return n;
}
