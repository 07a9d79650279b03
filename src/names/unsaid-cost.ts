import { variantNamesModel, type CandidateName } from './candidate-name.js';
import { isCode } from './model-codes.js';
import { someOf } from './name-normaliser.js';
import {
  FUNCTION_WORDS,
  hasLetters,
  isCodeRun,
  packOf,
  tokenOf,
  VARIANT_WORDS,
  type Token,
} from './name-tokens.js';
import { PENALTY } from './resolution-decision.js';
import { isCategoryWord } from './words-that-say-nothing.js';
import { sameColour } from './attributes.js';

// The other half of the soft score (soft-score.ts): what the name says that the query does not.

/** Words that only qualify a number ("11th generation", "Mark II"). */
const QUALIFIER_WORDS = new Set(['generation', 'mark', 'edition', 'series', 'inch', 'in']);

/** A number this long is a part number, never a generation ("2025") or a size. */
const PART_NUMBER_DIGITS = 5;

/** A code as long as a part number, and no measure or ordinal ("4547B001", never "2nd", "R3"). */
const partCode = (token: Token) =>
  token.kind === 'code' && token.text.length >= PART_NUMBER_DIGITS && isCode([token.text]);

/** A designator after a model part ("1080p LCD") or a variant word, but a letter ("EOS R5 C"). */
const designator = (token: Token) =>
  token.kind === 'variant' && (token.text.length >= 3 || VARIANT_WORDS.has(token.text));

/** A title's words beyond this many cost no more: they describe. */
const TITLE_WORDS_AT_MOST = 8;
/** Nor its codes beyond this many: one left out may be another model, several a part list. */
const TITLE_CODES_AT_MOST = 2;

/** `score` less what the name `c` says that the query did not (`used`: the tokens it did). */
export function lessWhatTheNameAdds(
  score: number,
  c: readonly Token[],
  used: ReadonlySet<number>,
  candidate: CandidateName,
  title: boolean,
  notes: string[],
  matched: { complete: boolean },
): number {
  const read = candidate.read;
  const anchored = read?.anchor !== undefined;
  // However much a title says, what it costs is bounded; anchored, all of it describes.
  const unsaid = { words: [] as string[], codes: [] as string[], described: [] as string[] };
  // The kind named last ("Switch"), or a colour beside a model, is not how far the query names.
  const model = someOf(used, (j) => !hasLetters(c[j]) || c[j]!.kind === 'code');
  const kind = (j: number) =>
    isCategoryWord(c[j]!.text, candidate.categoryWords) ||
    (model && sameColour(c[j]!.text, c[j]!.text));
  let lastOnce: number | undefined;
  const lastNamed = () => (lastOnce ??= Math.max(-1, ...[...used].filter((j) => !kind(j))));
  // A code the query leaves out costs once, however many runs it has ("SP300B": not sp, 300, b).
  const charged = new Set<string>();
  // A name that says a code again ("CB278AN - CB278AN") or as a count ("24-Port") says it once.
  const counted = (part: Token, i: number) =>
    part.kind === 'number' && part.word === undefined && c[i + 1]?.kind === 'word' && !packOf(c, i);
  const saidAgain = (part: Token, i: number) =>
    (isCodeRun(part) || counted(part, i)) &&
    someOf(
      used,
      (j) =>
        c[j]!.text === part.text &&
        (c[j]!.word === part.word || (counted(part, i) && isCodeRun(c[j]!))),
    );
  // Whether the query names every word of the name but its codes, read once a code asks.
  let onlyCodesOnce: boolean | undefined;
  const onlyCodesUnsaid = () =>
    (onlyCodesOnce ??= c.every(
      (t, i) => used.has(i) || candidate.brand.words.has(t.text) || isCodeRun(t),
    ));
  c.forEach((part, i) => {
    if (used.has(i) || saidAgain(part, i)) return;
    if (candidate.brand.words.has(part.text)) {
      score -= PENALTY.missingBrand;
      return;
    }
    matched.complete = false;
    const code = isCodeRun(part) ? part.word : undefined;
    if (code !== undefined && charged.has(code)) return;
    if (code !== undefined) charged.add(code);
    const token: Token = code === undefined ? part : tokenOf(code, 'code');
    const { kind, text, unit, word, digits } = token;
    // A word that only joins words ("for", "with") tells no product apart, but in a title.
    if (!title && kind === 'word' && FUNCTION_WORDS.has(text)) return;
    // Written with leading zeros ("05302"), a number is a code: no quantity is written so.
    const partNumber = kind === 'number' && (digits ?? text.length) >= PART_NUMBER_DIGITS;
    // Anchored, its words and part numbers describe, as a title's do, but another model's ("Plus").
    if (
      (title || (anchored && (kind === 'word' || designator(token) || partNumber))) &&
      !variantNamesModel(text, c[i - 1], read)
    ) {
      const code = kind === 'number' || kind === 'code';
      (code ? unsaid.codes : unsaid.words).push(`${text}${unit ?? ''}`);
      return;
    }
    // A part number written alone that tells the product from no other candidate of its maker
    // ("39203 Laptop Roller Bag") says which listing, not which product; so does a part code
    // beside a code of the query it carries, or where the query names the maker's line.
    if (
      read?.brandNamed &&
      ((partNumber && word === undefined) ||
        ((read.codeNamed || (onlyCodesUnsaid() && read.lineNamed())) && partCode(token))) &&
      !read.setsApart(text)
    ) {
      unsaid.codes.push(text);
      return;
    }
    if (kind === 'number' && text === '1' && packOf(c, i)) {
      // "Case Pack 1", "1 Count": a pack of one is the product itself.
      score -= PENALTY.description;
      notes.push('a pack of one the query does not give: the product itself');
    } else if (kind === 'number' || kind === 'unit-number') {
      score -= kind === 'number' ? PENALTY.missingNumber : PENALTY.missingSize;
      notes.push(`the query does not give ${text}${unit ?? ''}`);
    } else if (kind === 'code') {
      score -= PENALTY.missingCode;
      notes.push(`the query does not give model code "${text}"`);
    } else if (QUALIFIER_WORDS.has(text)) score -= PENALTY.missingQualifier;
    else if (kind === 'word' && read?.brandNamed && i > lastNamed() && !read.setsApart(text)) {
      // A word after all the query names, setting it apart from none: names end with attributes.
      score -= PENALTY.unsaidDescription;
      unsaid.described.push(text);
    } else {
      score -= PENALTY.missingWord;
      notes.push(`the query does not give "${text}"`);
    }
  });
  if (unsaid.described.length > 0)
    notes.push(
      `${unsaid.described.map((w) => `"${w}"`).join(', ')} of the candidate ` +
        `${unsaid.described.length === 1 ? 'tells' : 'tell'} it from no other: a description`,
    );
  // What a title says that the query does not, at an anchored name's costs or a title's.
  const [word, code] = anchored
    ? [PENALTY.describedByAnchor, PENALTY.anchoredCode]
    : [PENALTY.titleWord, PENALTY.titleCode];
  const said = [...unsaid.words, ...unsaid.codes].map((w) => `"${w}"`).join(', ');
  if (said !== '')
    notes.push(
      anchored
        ? `anchored by its code "${read.anchor}": ${said} describe it`
        : `a title: ${said} describe it or say more`,
    );
  const cost =
    Math.min(unsaid.words.length, TITLE_WORDS_AT_MOST) * word +
    Math.min(unsaid.codes.length, TITLE_CODES_AT_MOST) * code;
  return score - cost;
}
