import type { ReadProduct } from './candidate-name.js';
import { compactName, DIGIT, LETTER, normaliseName, wordsOf } from './name-normaliser.js';
import { COUNT_WORDS, hasLetters, NEVER_CODES, tokenizeNormalised } from './name-tokens.js';

// Model codes as a query writes them and as a name carries them: whole, as the product's own.

/** A code this short ("4k", "a1", "x2") is too common to identify a product on its own. */
export const MIN_CODE_LENGTH = 4;
/** A part number of digits alone is at least this long ("17332", "910-000619"); shorter is a quantity. */
const MIN_DIGIT_CODE_LENGTH = 5;
/** The longest run of adjacent words read as one code ("dvd 2500 btci"). */
export const MAX_CODE_WORDS = 3;
const ONLY_DIGITS = /^\p{N}+$/u;

/** Whether a chunk reads as a model code: letters and digits, not a measure, or a part number. */
export function isCode(words: readonly string[]): boolean {
  const run = words.join('');
  if (!DIGIT.test(run) || run.length < MIN_CODE_LENGTH) return false;
  if (!LETTER.test(run)) return run.length >= MIN_DIGIT_CODE_LENGTH;
  // Letters saying only what a number is: a measure ("16.2MP"), ordinal ("10th"), count ("100pk").
  return tokenizeNormalised(words.join(' ')).some((t) => hasLetters(t) && !COUNT_WORDS.has(t.text));
}

/** Every run of one to three adjacent words, joined; only those starting where `from` allows. */
export function runs(words: readonly string[], from?: (i: number) => boolean): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    if (from && !from(i)) continue;
    let joined = '';
    for (let j = i; j < Math.min(words.length, i + MAX_CODE_WORDS); j++)
      out.push((joined += words[j]!));
  }
  return out;
}

/** "Compatible with" and a non-original "substitute for": "kompatibelt med", "zamiennik". */
export const COMPATIBLE = new Set([
  ...['compatible', 'kompatibel', 'kompatibelt', 'kompatibla', 'compatibile', 'compativel'],
  ...['kompatibilni', 'zgodny', 'zamiennik'],
]);
/** "For" in the shops' languages, folded ("für"): what follows is what the product fits. */
export const FOR = new Set([
  ...['for', 'fits', 'fur', 'pour', 'para', 'per', 'voor', 'til', 'till', 'do', 'dla'],
  ...COMPATIBLE,
]);
/** A short word of letters after a code may be its suffix: a shop's or a region's ("GS816T-NA"). */
const SUFFIX = /^\p{L}{1,3}$/u;
/** English words that join words of a name: never a code's suffix ("NB-7L and NB7LH"). */
const JOINING = new Set(['and', 'or', 'with', 'the', 'in', 'by', 'to']);
/** Words that join the codes a "for" names, in the shops' languages ("pour CLP-310 et CLP-315"). */
const JOINS = new Set([
  ...JOINING,
  ...['und', 'oder', 'et', 'ou', 'y', 'o', 'e', 'en', 'of', 'och', 'eller', 'og', 'ja', 'tai'],
  ...['i', 'lub', 'oraz'],
]);

/** Whether a word of a name goes on a code beside it: a number, or another code ("200NAS"). */
const goesOn = (word: string) =>
  ONLY_DIGITS.test(word) || (DIGIT.test(word) && LETTER.test(word) && !isMeasure(word));

const isMeasure = (word: string) => {
  const tokens = tokenizeNormalised(word);
  return tokens.length === 1 && tokens[0]!.kind === 'unit-number';
};

/** The indexes of the numbers, codes and joining words after "for" ("Drum For CLP-310 CLP-315"). */
function fittingWords(words: readonly string[]): Set<number> {
  const fitting = new Set<number>();
  for (let i = 0, after = false; i < words.length; i++) {
    const word = words[i]!;
    if (FOR.has(word)) after = true;
    else if (after && (DIGIT.test(word) || JOINS.has(word) || DIGIT.test(words[i + 1] ?? '')))
      fitting.add(i);
    else after = false;
  }
  return fitting;
}

/** The chunks of a query that name only what the product fits (fittingWords). */
export function fittedChunks(written: Chunk[]): Chunk[] {
  const fitting = fittingWords(written.flatMap((c) => c.words));
  let at = 0;
  return written.filter(({ words: own }) => own.map(() => fitting.has(at++)).every(Boolean));
}

/** The token texts a normalised name gives only as what it fits ("clp", "310" of "for CLP310"). */
export function fittedTexts(normalised: string): Set<string> {
  const words = wordsOf(normalised);
  const fitting = fittingWords(words);
  const texts = (of: string[]) => tokenizeNormalised(of.join(' ')).map((t) => t.text);
  const own = new Set(texts(words.filter((_, i) => !fitting.has(i))));
  return new Set(texts(words.filter((_, i) => fitting.has(i))).filter((t) => !own.has(t)));
}

/** The runs of a name carrying a code whole, nothing going on around them; after "for", `fits`. */
export function codeRuns(
  words: readonly string[],
  given: ReadonlySet<string>,
  /** Words of the product's category: a word, never a code's suffix ("ABCP400UB Car Audio"). */
  category: ReadonlySet<string> = new Set(),
): { whole: string[]; fits: string[] } {
  const out: string[] = [];
  const fits: string[] = [];
  // A short suffix after a code the query does not give may go on it ("DA-6000I/16/DIO").
  const suffix = (word: string) =>
    SUFFIX.test(word) &&
    !given.has(word) &&
    !category.has(word) &&
    !JOINING.has(word) &&
    !FOR.has(word);
  // A number a unit follows is a measure ("M530 12 MP", "10.1-Inch"), not the code going on.
  const unitAfter = words.map(
    (word, i) => DIGIT.test(word) && i + 1 < words.length && isMeasure(`${word} ${words[i + 1]!}`),
  );
  const open = words.map(
    (word, i) =>
      goesOn(word) &&
      !unitAfter[i] &&
      !(ONLY_DIGITS.test(word) && ONLY_DIGITS.test(words[i + 1] ?? '') && unitAfter[i + 1]),
  );
  const bounded = (i: number) => i < 0 || i >= words.length || !open[i];
  // A number alone before a code of letters first is its line's ("Serie 6 WAU28PH9GB"); a short
  // one before a part number of digits, a count ("Case Pack 1 - 497905").
  const startsAlone = (i: number, word = words[i]!, before = words[i - 1]!) =>
    bounded(i - 1) ||
    (ONLY_DIGITS.test(before) &&
      (LETTER.test(word[0]!) ||
        (before.length < 4 && ONLY_DIGITS.test(word) && word.length >= MIN_DIGIT_CODE_LENGTH)));
  // After a part number of digits, three letters go on its name ("83054 Dry"), one or two end it.
  const ends = (j: number, run: string, next = words[j + 1]) =>
    bounded(j + 1) &&
    (next === undefined || !suffix(next) || (!LETTER.test(run) && next.length > 2));
  const fitting = fittingWords(words);
  for (let i = 0; i < words.length; i++) {
    let joined = '';
    for (let j = i; j < Math.min(words.length, i + MAX_CODE_WORDS); j++) {
      joined += words[j]!;
      if (fitting.has(i) !== fitting.has(j)) break;
      if (fitting.has(i)) fits.push(joined);
      else if (startsAlone(i) && ends(j, joined)) out.push(joined);
    }
  }
  return { whole: out, fits };
}

/** A chunk of the query between spaces, as written and as its normalised words. */
export type Chunk = { chunk: string; words: string[] };
export const chunks = (query: string): Chunk[] =>
  query
    .split(/\s+/u)
    .map((chunk) => ({ chunk, words: wordsOf(normaliseName(chunk)) }))
    .filter(({ words }) => words.length > 0);

/**
 * The model codes a query writes, each as one chunk ("DSC-H70"), joined. A code with a short
 * suffix no name carries ("L735-S3210/EU") is the code before it, where `carrying` says names do.
 */
export function writtenCodes(
  written: Chunk[],
  carrying?: (term: string) => number | undefined,
): string[] {
  const unsuffixed = ({ words }: Chunk) => {
    const [code, before] = [words.join(''), words.slice(0, -1)];
    if (!carrying || !SUFFIX.test(words.at(-1)!) || !isCode(before) || carrying(code) !== 0)
      return code;
    return (carrying(before.join('')) ?? 0) > 0 ? before.join('') : code;
  };
  const codes = written.filter(({ words }) => words.length <= MAX_CODE_WORDS && isCode(words));
  return [...new Set(codes.map(unsuffixed))];
}

/** A part of a code a shop writes apart ("SH 350 IP"): digits, or two or three letters. */
const CODE_PART = /^(?:\p{N}+|\p{L}{2,3})$/u;

/** Codes a query writes in parts ("SH 350 IP") that a name writes as one word, longest first. */
export function writtenApart(written: Chunk[], aWord: (code: string) => boolean): string[] {
  const part = ({ words: [word, ...more] }: Chunk) =>
    more.length === 0 && CODE_PART.test(word!) && !NEVER_CODES.has(word!) ? word : undefined;
  const codes: string[] = [];
  for (let i = 0; i < written.length; i++) {
    for (let j = Math.min(written.length, i + MAX_CODE_WORDS) - 1; j > i; j--) {
      const parts = written.slice(i, j + 1).map(part);
      if (parts.some((p) => p === undefined) || !isCode(parts as string[])) continue;
      const code = parts.join('');
      if (!aWord(code)) continue;
      codes.push(code);
      i = j;
      break;
    }
  }
  return codes;
}

export const ONLY_LETTERS = /^\p{L}+$/u;

const holdsAny = (text: string, parts: readonly string[]) => parts.some((p) => text.includes(p));

/** Which products carry the query's `codes` as their own (whole? an identifier?), or `named`. */
export function codesCarried(
  products: readonly ReadProduct[],
  named: readonly string[],
  codes: readonly string[],
  given: ReadonlySet<string>,
) {
  const carriers = new Map<string, { index: number; whole: boolean; identifier: boolean }[]>();
  const codeNamed = new Set<number>();
  // The query's codes each candidate carries only as what it fits.
  const fitsOnly = new Map<number, string[]>();
  if (named.length === 0) return { carriers, codeNamed, fitsOnly };
  products.forEach((product, index) => {
    // Most candidates' names, without spaces, hold none of the query's codes: read no further.
    if (!product.names.some((name) => holdsAny(compactName(name), named))) return;
    const words = product.names.map(wordsOf);
    const read = words.map((w) => codeRuns(w, given, product.categoryWords));
    const whole = new Set(read.flatMap((r) => r.whole));
    // A code its names carry only in what they say it fits ("for TI-84 Plus") is another's.
    const fitting = words.map(fittingWords);
    const runsFrom = (fitted: boolean) =>
      new Set(words.flatMap((w, n) => runs(w, (i) => fitting[n]!.has(i) === fitted)));
    const [ownRuns, fittedRuns] = [runsFrom(false), runsFrom(true)];
    // A code a name gives only as what it fits is another product's, not this one's.
    const fits = new Set(read.flatMap((r) => r.fits));
    const own = (code: string) =>
      (ownRuns.has(code) || fittedRuns.has(code)) && (whole.has(code) || !fits.has(code));
    if (named.some(own)) codeNamed.add(index);
    const fitted = named.filter((code) => !ownRuns.has(code) && fittedRuns.has(code));
    if (fitted.length > 0) fitsOnly.set(index, fitted);
    for (const code of codes.filter(own)) {
      const identifier = product.names.some((name, n) => n > 0 && compactName(name) === code);
      const carrier = { index, whole: whole.has(code), identifier };
      (carriers.get(code) ?? carriers.set(code, []).get(code)!).push(carrier);
    }
  });
  return { carriers, codeNamed, fitsOnly };
}

/** A code's letters after its digits, hyphen joined ("BLKS" of "V7N3C5E-03F-BLKS"): no typo. */
export function codeEnds(written: Chunk[]): Set<string> {
  const ends = new Set<string>();
  for (const { chunk, words } of written) {
    const text = chunk.toLowerCase();
    const first = words.findIndex((w) => DIGIT.test(w));
    for (let j = first + 1; first >= 0 && j < words.length; j++)
      if (!DIGIT.test(words[j]!) && text.includes(`${words[j - 1]}-${words[j]}`))
        ends.add(words[j]!);
  }
  return ends;
}
