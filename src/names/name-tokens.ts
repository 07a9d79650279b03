import { dan, deu, eng, fin, fra, ita, nld, nob, pol, spa, swe } from 'stopword';
import { LETTER, normaliseName, wordsOf } from './name-normaliser.js';
import { add, COUNT_SPELLINGS, UNITS } from './measures.js';

// A name as resolution sees it: tokens, letters apart from digits ("1000xm5" → 1000, xm, 5).

export interface Token {
  text: string;
  kind: 'number' | 'unit-number' | 'code' | 'variant' | 'word';
  /** For unit-number: the unit ("gb", "mm"…). */
  unit?: string;
  /** A code glued to digits ("u" of "s24u", "a" of "8a"): it names a different model. */
  attached?: boolean;
  /** For a token of a word mixing letters and digits, or a roman numeral: that word ("s24u"). */
  word?: string;
  /** For a number written with leading zeros ("05302"): how many digits it was written with. */
  digits?: number;
}

/** A token with every field, those it lacks undefined: one shape, read fast wherever it goes. */
export function tokenOf(text: string, kind: Token['kind'], more: Partial<Token> = {}): Token {
  const { unit, attached, word, digits } = more;
  return { text, kind, unit, attached, word, digits };
}

/** Words that name a different model of the same line (docs/decisions.md: base versus Pro). */
export const VARIANT_WORDS = new Set([
  ...['pro', 'max', 'plus', 'ultra', 'mini', 'lite', 'se', 'air', 'fe', 'slim', 'classic'],
  ...['digital', 'xl', 'neo', 'go', 'touch', 'active', 'sport'],
]);

/** Whether a word names another model, given the word after it: "Ultra HD" is a resolution. */
export const namesModel = (word: string, next: string | undefined) =>
  VARIANT_WORDS.has(word) && !(word === 'ultra' && next === 'hd');

/** Words that only join the words of a name ("Case for iPad", "Mouse with Pad"). */
export const FUNCTION_WORDS = new Set(['the', 'a', 'an', 'and', 'with', 'for', 'by']);
/** Words that only join names ("X by Y") or give a maker's legal form ("Intel Corporation"). */
export const FILLER_WORDS = new Set([
  ...FUNCTION_WORDS,
  ...['inc', 'incorporated', 'corp', 'corporation', 'co', 'ltd', 'limited', 'llc', 'gmbh', 'plc'],
]);
/** Short stopwords that name editions too ("LE", "ES", "Mi", "One"), or a unit ("mm"). */
const NOT_FUNCTION_WORDS = new Set(['le', 'es', 'mi', 'one', 'mm']);
/** Words beside a number but never a code or designator ("Box of 100", "22 to 40", "100 Per"). */
export const NEVER_CODES: ReadonlySet<string> = new Set([
  ...FILLER_WORDS,
  ...['of', 'to', 'or', 'per'],
  // Short function words of the shops' languages (stopword): "mit", "avec" are no designators.
  ...[eng, deu, fra, spa, ita, nld, swe, dan, nob, fin, pol]
    .flat()
    .map(normaliseName)
    .filter((w) => /^\p{L}{2,3}$/u.test(w) && !NOT_FUNCTION_WORDS.has(w) && !VARIANT_WORDS.has(w)),
]);

/** Units of one letter, each with the values it is read at: a voltage, video lines. */
const LETTER_UNITS = new Map<string, (value: number) => boolean>([
  ['v', (n) => n >= 10 && n <= 1000],
  ['p', (n) => [480, 576, 720, 1080, 1440, 2160, 4320].includes(n)],
]);
/** Whether a number is a capacity (a power of two): "Go" after it is GB, else a model's Go. */
const isCapacity = (n: number) => Number.isInteger(n) && n > 0 && n <= 2048 && (n & (n - 1)) === 0;
/** The words a count after a number reads as: "100pk" is a pack size, never a model code. */
export const COUNT_WORDS: ReadonlySet<string> = new Set(COUNT_SPELLINGS.values());
/** Whether the token at `i` counts what a pack holds ("Pack 1", "1 Count"). */
export const packOf = (tokens: readonly Token[], i: number) =>
  COUNT_WORDS.has(tokens[i - 1]?.text ?? '') || COUNT_WORDS.has(tokens[i + 1]?.text ?? '');
const ORDINAL_SUFFIXES = new Set(['st', 'nd', 'rd', 'th']);
/** Roman numerals as model names write them ("SATA II", "Mk III"). */
export const ROMAN = new Map(
  Object.entries({ ii: '2', iii: '3', iv: '4', vi: '6', vii: '7', viii: '8' }),
);
/** Numbers as titles write counts ("Eight-Tab"); not "one", which names products ("Xbox One"). */
const NUMBER_WORDS = new Map(
  ['two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'].map(
    (word, i) => [word, String(i + 2)],
  ),
);
/** Spellings that mean the same word (a Map: "constructor" is a word like any other). */
const SYNONYMS = new Map(Object.entries({ gen: 'generation', mk: 'mark', inches: 'inch' }));

const RUNS = /\p{L}+|\p{N}+/gu;
const MIXED = /^(?=.*\p{L})(?=.*\p{N})/u;

/** Whether a word mixes letters and digits ("s24u", "mp3"): a model code or a term, not a word. */
export const mixesLettersAndDigits = (word: string): boolean => MIXED.test(word);
/** Whether a token is a run of such a word ("xm" of "1000xm5"), not of a roman numeral. */
export const isCodeRun = (token: Token): boolean => MIXED.test(token.word ?? '');
const DIGITS = /^\p{N}+$/u;
const SHORT_WORD = /^\p{L}{1,3}$/u;
const RESOLUTION = /^[2458]k$/u;

/** Whether a token is letters (a word, code or variant), not a number or a measure. */
export const hasLetters = (token: Token | undefined): boolean =>
  token !== undefined && token.kind !== 'number' && token.kind !== 'unit-number';
export const isModelPart = (token: Token | undefined) =>
  token?.kind === 'code' || token?.kind === 'number';

/** A normalised word's runs of letters and digits ("1000xm5" → 1000, xm, 5); ASCII, quickly. */
function runsOf(word: string): string[] {
  const out: string[] = [];
  let start = 0;
  let digits = false;
  for (let i = 0; i < word.length; i++) {
    const code = word.charCodeAt(i);
    const digit = code >= 48 && code <= 57;
    if (!digit && !(code >= 97 && code <= 122) && !(code >= 65 && code <= 90))
      return word.match(RUNS) ?? [];
    if (i > 0 && digit !== digits) {
      out.push(word.slice(start, i));
      start = i;
    }
    digits = digit;
  }
  if (word.length > 0) out.push(word.slice(start));
  return out;
}

/** A run of digits (runs are all letters or all digits): ASCII without a regular expression. */
function isDigits(run: string): boolean {
  const first = run.charCodeAt(0);
  return first < 128 ? first >= 48 && first <= 57 : DIGITS.test(run);
}

/** Whether a word starts with a number that is not a measure or an ordinal ("400wh", "2nd"). */
function startsWithBareNumber(word: string): boolean {
  const suffix = /^\p{N}+(.*)$/u.exec(word)?.[1];
  return suffix !== undefined && UNITS.get(suffix)?.token !== true && !ORDINAL_SUFFIXES.has(suffix);
}

/** The tokens of a name normaliseName has normalised (a catalog name as stored, a query). */
export function tokenizeNormalised(normalised: string): Token[] {
  const tokens: Token[] = [];
  const words = wordsOf(normalised);
  words.forEach((word, w) => {
    const runs = runsOf(word);
    const mixed = runs.length > 1;
    const start = tokens.length;
    runs.forEach((run, r) => {
      if (isDigits(run)) {
        // Leading zeros go ("007" is 7); digits Number cannot read stay as written (no NaN).
        const value = Number(run);
        const text = Number.isNaN(value) ? run : String(value);
        const digits = text.length < run.length ? run.length : undefined;
        tokens.push(tokenOf(text, 'number', { digits }));
        return;
      }
      const previous = tokens.at(-1);
      // Glued to a number ("2pk") or the word after one ("2 Pack").
      const followsNumber = previous?.kind === 'number';
      if (followsNumber && r > 0 && ORDINAL_SUFFIXES.has(run)) return; // "2nd" is 2
      const measure = followsNumber ? UNITS.get(run) : undefined; // a unit only after a number
      // A letter is a unit only glued to the number its word starts with, and within the values
      // products have ("18V", "1080p"; not "4V", "82567V", the "L" of "A80L").
      const letter = r === 1 && runs.length === 2 && LETTER_UNITS.get(run)?.(+previous!.text);
      const unit =
        followsNumber && (measure?.token || letter || (run === 'go' && isCapacity(+previous.text)));
      const count = followsNumber && COUNT_SPELLINGS.get(run);
      if (count) {
        tokens.push(tokenOf(count, 'word'));
        return;
      }
      if (unit) {
        // In the unit its values are compared in: "1TB" is "1000 GB", and no "250GB".
        previous.kind = 'unit-number';
        // Per second it is a rate ("6Gb/s", "5000MB/s", its "s" a word once normalised).
        const perSecond = r === runs.length - 1 && words[w + 1] === 's';
        const read = (perSecond && UNITS.get(`${run}ps`)) || measure || { unit: run, scale: 1 };
        previous.unit = read.unit;
        if (read.scale !== 1) previous.text = String(+previous.text * read.scale);
        return;
      }
      // A roman numeral keeps its word ("SATA II"); counts as words ("Eight-Tab", "3-in-One").
      const roman = ROMAN.get(run);
      const inOne = run === 'one' && previous?.kind === 'unit-number' && previous.unit === 'in';
      const spelt = roman ?? (inOne ? '1' : NUMBER_WORDS.get(run));
      if (spelt && !mixed) {
        tokens.push(tokenOf(spelt, 'number', { word: roman && word }));
        return;
      }
      // A lone "w" between words is "with" ("Camera w/ Case"); after a model, a designator.
      const shortWith = run === 'w' && !mixed && w < words.length - 1 && !isModelPart(previous);
      const text = shortWith ? 'with' : (SYNONYMS.get(run) ?? run);
      const variantWord = namesModel(text, words[w + 1]);
      // Letters glued to digits, or a short standalone prefix before a number: a model code; not
      // before a measure or an ordinal ("IU77 ST 400Wh", "LY-3480 Go (2nd Gen)").
      const code =
        !variantWord &&
        (mixed ||
          (run.length <= 2 && !NEVER_CODES.has(text) && startsWithBareNumber(words[w + 1] ?? '')));
      // A short word right after a model code or number is a designator ("S24 FE"; not "4K UHD").
      const designator =
        !mixed &&
        !code &&
        isModelPart(previous) &&
        !RESOLUTION.test(words[w - 1] ?? '') &&
        SHORT_WORD.test(text) &&
        !NEVER_CODES.has(text);
      const kind = variantWord || designator ? 'variant' : code ? 'code' : 'word';
      tokens.push(tokenOf(text, kind, { attached: (kind === 'code' && mixed) || undefined }));
    });
    if (mixed && LETTER.test(word)) for (const t of tokens.slice(start)) t.word = word;
  });
  return tokens;
}

/** The measures `names` (normalised) state, by unit: "8mp" is 8 under "mp". */
export function measuresByUnit(names: readonly string[]): Map<string, Set<string>> {
  const byUnit = new Map<string, Set<string>>();
  for (const t of names.flatMap(tokenizeNormalised))
    if (t.kind === 'unit-number') add(byUnit, t.unit!, t.text);
  return byUnit;
}
