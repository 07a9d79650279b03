import type { CandidateName } from './candidate-name.js';
import { sameColour } from './attributes.js';
import type { Reading } from './closer-readings.js';
import { hasLetters, type Token } from './name-tokens.js';
import { decimal, PENALTY } from './resolution-decision.js';
import { lessWhatTheNameAdds } from './unsaid-cost.js';
import { misspelling } from './typos.js';
import { MAKER_WORDS, saysLittle, singular } from './words-that-say-nothing.js';

// The soft part of matching (name-matcher.ts): 1 less what the query lacks and what the name adds.

/** What a candidate's words make of the query (softScore). */
export type Matched = { letters: boolean; complete: boolean; reading?: Reading };
/** What the soft score reads of the query: its tokens, what it fits, its measures (queryTokens). */
type QueryRead = { tokens: Token[]; fits: ReadonlySet<string>; measured: (n: string) => boolean };

/** The first of `tokens` not yet taken that is `token` (a colour in any language), or -1. */
function same(tokens: readonly Token[], taken: ReadonlySet<number>, token: Token): number {
  const alone = token.kind === 'number' && token.word === undefined;
  const colour = sameColour(token.text, token.text); // a colour word, read once
  let inCode = -1;
  for (let i = 0; i < tokens.length; i++) {
    const { text } = tokens[i]!;
    if ((text !== token.text && !(colour && sameColour(token.text, text))) || taken.has(i))
      continue;
    if (!alone || tokens[i]!.word === undefined) return i;
    if (inCode < 0) inCode = i;
  }
  return inCode;
}

/** Sets `matched.letters` when the query names a word or code of it, clears `matched.complete`. */
export function softScore(
  { tokens: q, fits: queryFits, measured }: QueryRead,
  c: Token[],
  candidate: CandidateName,
  /** Whether the candidate is a title whose brand the query names (readAsTitle). */
  title: boolean,
  notes: string[],
  /** Also what the candidate makes of the query, to compare with others (closer-readings.ts). */
  matched: Matched,
): number {
  const read = candidate.read;
  const anchored = read?.anchor !== undefined;
  // Words no candidate carries describe, where the query names its brand or code ("MP C3300").
  const describes = (token: Token, whole: boolean) => {
    const { kind, text } = token;
    if (read === undefined || !(read.brandNamed || anchored)) return false;
    if ((anchored ? hasLetters(token) : kind === 'word') && read.describes(text)) return true;
    if (!anchored) return false;
    // In a title its code anchors, a number is a specification ("USB 2.0", "50 sheets").
    if (kind === 'number' && (read.specifies(text) || read.inCode(text))) return true;
    // Its name (not an alias alone) named whole, a word no candidate of its maker carries describes.
    return (
      queryFits.has(text) || (whole && !candidate.alias && kind === 'word' && read.makerLacks(text))
    );
  };
  let score = 1;
  const used = new Set<number>();
  const brand = candidate.brand.tokens;
  const brandUsed = new Set<number>();
  // Exact token matches first, so a typo match never steals a word that is there exactly.
  const pending: Token[] = [];
  const described: string[] = [];
  // Words matched exactly: a misspelt word may take back what a category word held ("Pribter").
  const exactly: number[] = [];
  const seen = new Set<string>();
  // Where the query first names one of the name's numbers or codes: its model.
  let modelAt = Infinity;
  for (const [k, token] of q.entries()) {
    const at = same(c, used, token);
    if (at >= 0) {
      if (!hasLetters(c[at]) || c[at]!.kind === 'code') modelAt = Math.min(modelAt, k);
      used.add(at);
      exactly.push(at);
      matched.letters ||= hasLetters(token);
      seen.add(token.text);
    } else if (!(token.kind === 'word' && seen.has(token.text))) pending.push(token);
    // A word the query says twice ("USB Mouse - Laser - USB") is named once.
  }
  // First what the query names of the candidate, misspelt or as its brand; then what describes.
  const leftover: Token[] = [];
  for (const token of pending) {
    if (token.kind === 'unit-number') {
      leftover.push(token);
      continue;
    }
    const inBrand = same(brand, brandUsed, token);
    if (inBrand >= 0) {
      brandUsed.add(inBrand);
      matched.letters ||= hasLetters(token);
      continue;
    }
    // The brand twice ("Hewlett-Packard Company [HP]"), a word again as a plural: nothing more.
    if (candidate.brand.words.has(token.text)) continue;
    if (token.kind === 'word' && seen.has(singular(token.text))) continue;
    // A code's letters are never misspelt: "V7N3C5E-03F-BLKS" is not "...-BLUS".
    const typo =
      !read?.codeEnd(token.text) && misspelling(token, c, used, brandUsed, exactly, candidate);
    if (typo) {
      // The category word that held this word of the name now says nothing.
      if (typo.fromCategoryWord) score -= PENALTY.genericWord;
      score -= PENALTY.typo;
      matched.letters = true;
      notes.push(`"${token.text}" read as "${typo.target.text}"`);
    } else leftover.push(token);
  }
  // A query may describe a product it names whole, or a title: "Xbox One X" is no Series X.
  const whole = c.every((t, i) => used.has(i) || candidate.brand.words.has(t.text));
  const describing = whole || title || anchored;
  // A word no name carries describes a model the query names, but between brand and model (a line).
  const brandAt = q.findIndex((t) => candidate.brand.words.has(t.text));
  const modelNamed =
    modelAt < Infinity && c.every((t, i) => used.has(i) || (hasLetters(t) && t.kind !== 'code'));
  const foreign = (token: Token, k = q.indexOf(token)) =>
    read?.unknown(token.text) === true && (k > modelAt || k < brandAt) && modelNamed;
  const brandsSaid = new Set<string>();
  for (const token of leftover) {
    const { kind, text, word, unit } = token;
    if (kind === 'unit-number') {
      // Anchored, a measure its names state is its own ("8MP"); one they state otherwise is not.
      const stated = read?.statesMeasure(text, unit!);
      const own = anchored && stated === 'same';
      if (describing && stated !== 'other' && (own || read?.describesMeasure(text, unit!))) {
        score -= PENALTY.description;
        described.push(`${text}${unit}`);
      } else {
        score -= PENALTY.unitOmitted;
        notes.push(`${text}${unit} not stated by the candidate`);
      }
    } else if (
      kind === 'number' &&
      word === undefined &&
      (measured(text) || (anchored && read.tellsNoMember(text)))
    ) {
      // A measure no value of the name contradicts describes it, and a number no member carries.
      score -= PENALTY.description;
      described.push(text);
    } else if (
      MAKER_WORDS.has(text) &&
      brand.some((b) => b.text === q[q.indexOf(token) - 1]?.text)
    ) {
      // The maker's full name ("Griffin Technology", "Weyerhaeuser Company") names the brand.
      continue;
    } else if (saysLittle(text, candidate.categoryWords)) {
      score -= PENALTY.genericWord;
      continue;
    } else if (word !== undefined && read?.brandWord(word)) {
      // Another candidate's brand says which product, whatever its parts ("4inkjets"): once.
      if (!brandsSaid.has(word)) {
        score -= PENALTY.unmatchedWord;
        notes.push(`"${word}" is another candidate's brand`);
      }
      brandsSaid.add(word);
    } else if (describing && word !== undefined && read?.describesTerm(word)) {
      // A term of many products' names ("MP3", "3D") describes as one word, whatever its parts.
      if (!described.includes(word)) {
        score -= PENALTY.description;
        described.push(word);
      }
    } else if ((describing || foreign(token)) && describes(token, whole)) {
      // Beside no anchor nor named model, each description after the first costs more.
      const alike = described.length === 0 || anchored || modelNamed;
      score -= alike ? PENALTY.description : PENALTY.furtherDescription;
      described.push(text);
    } else if (kind === 'word' && (read?.brandNamed || anchored) && read.common(text)) {
      score -= PENALTY.commonWord;
      notes.push(`"${text}" is not in "${candidate.text}", a common word`);
    } else {
      score -= PENALTY.unmatchedWord;
      notes.push(`"${text}" is not in "${candidate.text}"`);
    }
    // But for a maker's full name and words that say little, the query says more than the name.
    matched.complete = false;
  }
  if (described.length > 0) notes.push(`description: ${described.map((w) => `"${w}"`).join(', ')}`);
  score = lessWhatTheNameAdds(score, c, used, candidate, title, notes, matched);
  // Measures with their units: "12gb" is not the number 12.
  const said = (t: Token) => `${t.text}${t.unit ?? ''}`;
  matched.reading = {
    named: q.filter((t) => !leftover.includes(t)).map(said),
    unsaid: c.filter((t, i) => !used.has(i) && !candidate.brand.words.has(t.text)).map(said),
  };
  return Math.max(0, decimal(score));
}
