import type { CandidateName } from './candidate-name.js';
import { isCode } from './model-codes.js';
import { FUNCTION_WORDS, mixesLettersAndDigits, VARIANT_WORDS, type Token } from './name-tokens.js';
import { decimal, PENALTY } from './penalties.js';
import { misspelling } from './typos.js';
import {
  isMakerWord,
  saysLittle,
  saysNothing,
  silentLead,
  singular,
} from './words-that-say-nothing.js';

// The soft part of matching a query to a candidate (name-matcher.ts): from 1, less what the
// query lacks and what the candidate says that the query does not (penalties.ts).

const NOTHING_FITTED = { query: new Set<string>(), name: new Set<string>() };

/** Words that only qualify a number ("11th generation", "Mark II"). */
const QUALIFIER_WORDS = new Set(['generation', 'mark', 'edition', 'series', 'inch', 'in']);

/**
 * The first of `tokens` not yet taken that is `token`'s word, or -1. A number written alone is
 * first a number the name writes alone ("5 Port"), then a digit of one of its codes ("ALI5Y").
 */
function same(tokens: readonly Token[], taken: ReadonlySet<number>, token: Token): number {
  const alone = token.kind === 'number' && token.word === undefined;
  let inCode = -1;
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i]!.text !== token.text || taken.has(i)) continue;
    if (!alone || tokens[i]!.word === undefined) return i;
    if (inCode < 0) inCode = i;
  }
  return inCode;
}

/** What a title says that the query does not, bounded (see softScore). */
function titleCost(
  unsaid: { words: string[]; codes: string[] },
  anchored: boolean,
  notes: string[],
  anchor?: string,
): number {
  const [word, code] = anchored
    ? [PENALTY.describedByAnchor, PENALTY.anchoredCode]
    : [PENALTY.titleWord, PENALTY.titleCode];
  const cost =
    Math.min(unsaid.words.length * word, TITLE_WORDS_AT_MOST * word) +
    Math.min(unsaid.codes.length * code, TITLE_CODES_AT_MOST * code);
  const said = [...unsaid.words, ...unsaid.codes].map((w) => `"${w}"`).join(', ');
  if (said !== '')
    notes.push(
      anchored
        ? `anchored by its code "${anchor}": ${said} describe it`
        : `a title: ${said} describe it or say more`,
    );
  return cost;
}

/** A number this long is a part number, never a generation ("2025") or a size. */
const PART_NUMBER_DIGITS = 5;

/**
 * A code of letters and digits as long as a part number, and no measure or ordinal ("4547B001",
 * never "2nd" or "R3"): beside a code of the query, a second code of the name may be the
 * listing's part number.
 */
const partCode = (token: Token) =>
  token.kind === 'code' && token.text.length >= PART_NUMBER_DIGITS && isCode([token.text]);

/** Words that count what a pack holds ("Pack 1", "1 Count"). */
const PACK_WORDS = new Set(['pack', 'count']);
const packOf = (c: readonly Token[], i: number) =>
  PACK_WORDS.has(c[i - 1]?.text ?? '') || PACK_WORDS.has(c[i + 1]?.text ?? '');

/** A title's words beyond this many cost no more: they describe. */
const TITLE_WORDS_AT_MOST = 8;
/** Nor its codes beyond this many: one left out may be another model, several a part list. */
const TITLE_CODES_AT_MOST = 2;

export const hasLetters = (token: Token) => token.kind !== 'number' && token.kind !== 'unit-number';

/**
 * 1 less what the query lacks and what the candidate says that the query does not. Sets
 * `matched.letters` when a word or code of the query is the candidate's (or its brand's):
 * numbers and category words alone never identify a product. Clears `matched.complete` when
 * the query lacks a word of the candidate or says one it lacks.
 */
export function softScore(
  q: Token[],
  c: Token[],
  candidate: CandidateName,
  /**
   * Whether the candidate is a title (a long catalog name, as shops write them) whose brand
   * the query names (readAsTitle): most of what it says describes the product (below).
   */
  title: boolean,
  notes: string[],
  matched: { letters: boolean; complete: boolean },
  /**
   * The texts the query and the name give only as what the product fits ("For CLP-310"):
   * where the query's code anchors the product, they describe it (model-codes.ts).
   */
  fits: { query: ReadonlySet<string>; name: ReadonlySet<string> } = NOTHING_FITTED,
): number {
  const read = candidate.read;
  const anchored = read?.anchor !== undefined;
  // Words no candidate carries describe, where the query names this product's brand or its
  // code: without either, "MP C3300" is not LT's C3300.
  const describes = (token: Token) =>
    read !== undefined &&
    (read.brandNamed || read.anchor !== undefined) &&
    (((token.kind === 'word' || (read.anchor !== undefined && hasLetters(token))) &&
      read.describes(token.text)) ||
      // In a title its code anchors, a number is a specification ("USB 2.0", "50 sheets").
      (token.kind === 'number' && anchored && read.specifies(token.text)) ||
      (anchored && fits.query.has(token.text)));
  let score = 1;
  const used = new Set<number>();
  const brand = candidate.brand.tokens;
  const brandUsed = new Set<number>();
  // Exact token matches first, so a typo match never steals a word that is there exactly.
  const pending: Token[] = [];
  const described: string[] = [];
  // Words of the name matched exactly: where one is its category word ("Laser Printer"), the
  // query's category word held it, and a misspelt word may take it back ("Laser Pribter
  // printer").
  const exactly: number[] = [];
  const seen = new Set<string>();
  for (const token of q) {
    const at = same(c, used, token);
    if (at >= 0) {
      used.add(at);
      exactly.push(at);
      matched.letters ||= hasLetters(token);
      seen.add(token.text);
    } else if (!(token.kind === 'word' && seen.has(token.text))) pending.push(token);
    // A word the query says twice ("USB Mouse - Laser - USB") is named once.
  }
  // First what the query names of the candidate, misspelt or as its brand; then, of what is
  // left, what describes it.
  const leftover: Token[] = [];
  for (const token of pending) {
    if (token.kind === 'unit-number') {
      leftover.push(token);
      continue;
    }
    const inBrand = same(brand, brandUsed, token);
    if (inBrand >= 0) {
      // The brand, named by the query but not by the name or alias.
      brandUsed.add(inBrand);
      matched.letters ||= hasLetters(token);
      continue;
    }
    // The brand named twice ("Hewlett-Packard Company [HP]") says nothing more, nor a word
    // named once more in the plural ("Cases ... Case").
    if (candidate.brand.words.has(token.text)) continue;
    if (token.kind === 'word' && seen.has(singular(token.text))) continue;
    const typo = misspelling(
      token,
      c,
      used,
      brand,
      brandUsed,
      exactly,
      candidate.categoryWords,
      candidate.read?.meant(token.text) === true,
    );
    if (typo) {
      const target = typo.target;
      // The category word that held this word of the name now says nothing.
      if (typo.fromCategoryWord) score -= PENALTY.genericWord;
      score -= PENALTY.typo;
      matched.letters = true;
      notes.push(`"${token.text}" read as "${target.text}"`);
    } else leftover.push(token);
  }
  // A query may describe a product it names whole, or a title: "Xbox One X" does not name
  // the Xbox Series X whole, and its "One" is no description of it.
  const whole = c.every((t, i) => used.has(i) || candidate.brand.words.has(t.text));
  const describing = whole || title || anchored;
  for (const token of leftover) {
    if (token.kind === 'unit-number') {
      matched.complete = false;
      if (describing && read?.describesMeasure(token.text, token.unit!)) {
        score -= PENALTY.description;
        described.push(`${token.text}${token.unit}`);
      } else {
        score -= PENALTY.unitOmitted;
        notes.push(`${token.text}${token.unit} not stated by the candidate`);
      }
    } else if (
      isMakerWord(token.text) &&
      brand.some((b) => b.text === q[q.indexOf(token) - 1]?.text)
    ) {
      // The maker's full name ("Griffin Technology", "Weyerhaeuser Company") names the brand.
      continue;
    } else if (saysLittle(token.text, candidate.categoryWords)) {
      score -= PENALTY.genericWord;
      // "New" or "Edition" may belong to another product's name: this one is not named whole.
      matched.complete &&=
        saysNothing(token.text, candidate.categoryWords) ||
        q.indexOf(token) < silentLead(q.map((t) => t.text));
    } else if (describing && token.word !== undefined && read?.describesTerm(token.word)) {
      // A term of many products' names ("MP3", "3D") describes as one word, whatever its parts.
      matched.complete = false;
      if (!described.includes(token.word)) {
        score -= PENALTY.description;
        described.push(token.word);
      }
    } else if (describing && describes(token)) {
      // Descriptions neither block a match nor make one: without the query's code to anchor
      // it, each after the first leaves less of the query naming the product.
      matched.complete = false;
      score -=
        described.length === 0 || read?.anchor !== undefined
          ? PENALTY.description
          : PENALTY.furtherDescription;
      described.push(token.text);
    } else if (
      token.kind === 'word' &&
      read !== undefined &&
      (read.brandNamed || read.anchor !== undefined) &&
      read.common(token.text)
    ) {
      matched.complete = false;
      score -= PENALTY.commonWord;
      notes.push(`"${token.text}" is not in "${candidate.text}", a common word`);
    } else {
      matched.complete = false;
      score -= PENALTY.unmatchedWord;
      notes.push(`"${token.text}" is not in "${candidate.text}"`);
    }
  }
  if (described.length > 0)
    notes.push(`no candidate says ${described.map((w) => `"${w}"`).join(', ')}: a description`);
  // However much a title says, what it costs is bounded. Anchored by the query's model code,
  // all of it describes it but another model's variant word (hard rules); without an anchor,
  // a code or number it says may be another model's.
  const unsaid = { words: [] as string[], codes: [] as string[], described: [] as string[] };
  let lastNamed = -1;
  for (const i of used) lastNamed = Math.max(lastNamed, i);
  // A code is one thing the query leaves out, however many runs of letters and digits it has:
  // "SP300B" costs once, not as "sp", 300 and "b".
  const charged = new Set<string>();
  // A name that says a model code again ("CB278AN - CB278AN HP 57 Ink", an alias repeating
  // it) says it once. A word or a number said again may be another thing ("Move 2 2-Pack", "X
  // / X" as a device lists itself beside the product X).
  const saidAgain = (part: Token) => {
    if (part.word === undefined || !mixesLettersAndDigits(part.word)) return false;
    for (const j of used) if (c[j]!.text === part.text && c[j]!.word === part.word) return true;
    return false;
  };
  c.forEach((part, i) => {
    if (used.has(i) || saidAgain(part)) return;
    if (candidate.brand.words.has(part.text)) {
      score -= PENALTY.missingBrand;
      return;
    }
    matched.complete = false;
    const code =
      part.word !== undefined && mixesLettersAndDigits(part.word) ? part.word : undefined;
    if (code !== undefined) {
      if (charged.has(code)) return;
      charged.add(code);
    }
    const token: Token = code === undefined ? part : { text: code, kind: 'code' };
    // A word that only joins the name's words ("for", "and", "with") tells no product apart;
    // in a title it costs what its other words do, which are what the reading weighs.
    if (!title && token.kind === 'word' && FUNCTION_WORDS.has(token.text)) return;
    // Anchored, a word its name says describes it; a variant word may be another model ("LA75
    // Plus"), a number another generation, but a long one is a part number ("Case Pack 1 -
    // 518345").
    // Written with leading zeros ("05302"), a number is a code: no quantity is written so.
    const partNumber =
      token.kind === 'number' && (token.digits ?? token.text.length) >= PART_NUMBER_DIGITS;
    const fitted = anchored && fits.name.has(part.text);
    if (
      (title || (anchored && (token.kind === 'word' || partNumber || fitted))) &&
      !VARIANT_WORDS.has(token.text)
    ) {
      const code = token.kind === 'number' || token.kind === 'code';
      (code && !fitted ? unsaid.codes : unsaid.words).push(`${token.text}${token.unit ?? ''}`);
      return;
    }
    // A part number the query does not give ("39203 Laptop Roller Bag"), written alone, that
    // tells the product from no other candidate of its maker says which listing this is, not
    // which product. A short number may be another generation ("Move 2", "2025"): it counts.
    if (
      ((partNumber && token.word === undefined) || (read?.codeNamed && partCode(token))) &&
      read?.brandNamed &&
      !read.setsApart(token.text)
    ) {
      unsaid.codes.push(token.text);
      return;
    }
    if (token.kind === 'number' && token.text === '1' && packOf(c, i)) {
      // "Case Pack 1", "1 Count": a pack of one is the product itself.
      score -= PENALTY.description;
      notes.push('a pack of one the query does not give: the product itself');
    } else if (token.kind === 'number' || token.kind === 'unit-number') {
      score -= token.kind === 'number' ? PENALTY.missingNumber : PENALTY.missingSize;
      notes.push(`the query does not give ${token.text}${token.unit ?? ''}`);
    } else if (token.kind === 'code') {
      score -= PENALTY.missingCode;
      notes.push(`the query does not give model code "${token.text}"`);
    } else if (QUALIFIER_WORDS.has(token.text)) score -= PENALTY.missingQualifier;
    else if (
      token.kind === 'word' &&
      read?.brandNamed &&
      i > lastNamed &&
      !read.setsApart(token.text)
    ) {
      // A word after all the query names, which tells this product from none of its maker's
      // candidates, describes it: names give their attributes last ("Headset Black").
      score -= PENALTY.unsaidDescription;
      unsaid.described.push(token.text);
    } else {
      score -= PENALTY.missingWord;
      notes.push(`the query does not give "${token.text}"`);
    }
  });
  if (unsaid.described.length > 0)
    notes.push(
      `${unsaid.described.map((w) => `"${w}"`).join(', ')} of the candidate ` +
        `${unsaid.described.length === 1 ? 'tells' : 'tell'} it from no other: a description`,
    );
  score -= titleCost(unsaid, anchored, notes, read?.anchor);
  return Math.max(0, decimal(score));
}
