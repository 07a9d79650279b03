import type { CandidateName } from './candidate-name.js';
import type { Token } from './name-tokens.js';
import { isTypoOf, typoOf } from './typos.js';
import { isCategoryWord, saysLittle, saysNothing, silentLead } from './words-that-say-nothing.js';

// The soft part of matching a query to a candidate (name-matcher.ts): from 1, less what the
// query lacks and what the candidate says that the query does not.

export const PENALTY = {
  unmatchedWord: 0.3,
  genericWord: 0.04,
  typo: 0.06,
  missingBrand: 0.02,
  /** A number the candidate has and the query lacks: usually another generation (Z6 II, Move 2). */
  missingNumber: 0.25,
  /** A size the candidate states and the query does not (65-inch). */
  missingSize: 0.12,
  /** A model code the query lacks ("MP" of "MP 7502"): "7502" may be another model. */
  missingCode: 0.22,
  /** A word that tells the candidate apart (Oasis, True, Combo): one is enough to fall below FOUND_AT. */
  missingWord: 0.22,
  missingQualifier: 0.01,
  /** A storage size the catalog does not state: possibly another product. */
  unitOmitted: 0.22,
} as const;

/** Words that only qualify a number ("11th generation", "Mark II"). */
const QUALIFIER_WORDS = new Set(['generation', 'mark', 'edition', 'series', 'inch', 'in']);

/** The first of `tokens` not yet taken that is `token`'s word, or -1. */
function same(tokens: readonly Token[], taken: ReadonlySet<number>, token: Token): number {
  for (let i = 0; i < tokens.length; i++)
    if (tokens[i]!.text === token.text && !taken.has(i)) return i;
  return -1;
}

/**
 * The word of the name or brand `token` misspells, taken from what is left (`used` and
 * `brandUsed` are updated), or a word of the name its category word held (taken from
 * `exactly`), if any.
 */
function misspelling(
  token: Token,
  c: readonly Token[],
  used: Set<number>,
  brand: readonly Token[],
  brandUsed: Set<number>,
  exactly: number[],
  categoryWords: ReadonlySet<string>,
): { target: Token; fromCategoryWord?: boolean } | undefined {
  const at = typoOf(token, c, used);
  if (at >= 0) {
    used.add(at);
    return { target: c[at]! };
  }
  const brandAt = typoOf(token, brand, brandUsed);
  if (brandAt >= 0) {
    brandUsed.add(brandAt);
    return { target: brand[brandAt]! };
  }
  const held = exactly.findIndex(
    (i) => isCategoryWord(c[i]!.text, categoryWords) && isTypoOf(token, c[i]!),
  );
  if (held < 0) return undefined;
  return { target: c[exactly.splice(held, 1)[0]!]!, fromCategoryWord: true };
}

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
  notes: string[],
  matched: { letters: boolean; complete: boolean },
): number {
  let score = 1;
  const used = new Set<number>();
  const brand = candidate.brand.tokens;
  const brandUsed = new Set<number>();
  // Exact token matches first, so a typo match never steals a word that is there exactly.
  const pending: Token[] = [];
  // Words of the name matched exactly: where one is its category word ("Laser Printer"), the
  // query's category word held it, and a misspelt word may take it back ("Laser Pribter
  // printer").
  const exactly: number[] = [];
  for (const token of q) {
    const at = same(c, used, token);
    if (at >= 0) {
      used.add(at);
      exactly.push(at);
      matched.letters ||= hasLetters(token);
    } else pending.push(token);
  }
  for (const token of pending) {
    if (token.kind === 'unit-number') {
      matched.complete = false;
      score -= PENALTY.unitOmitted;
      notes.push(`${token.text}${token.unit} not stated by the candidate`);
      continue;
    }
    const inBrand = same(brand, brandUsed, token);
    if (inBrand >= 0) {
      // The brand, named by the query but not by the name or alias.
      brandUsed.add(inBrand);
      matched.letters ||= hasLetters(token);
      continue;
    }
    // The brand named twice ("Hewlett-Packard Company [HP]") says nothing more.
    if (candidate.brand.words.has(token.text)) continue;
    const typo = misspelling(token, c, used, brand, brandUsed, exactly, candidate.categoryWords);
    if (typo) {
      const target = typo.target;
      // The category word that held this word of the name now says nothing.
      if (typo.fromCategoryWord) score -= PENALTY.genericWord;
      score -= PENALTY.typo;
      matched.letters = true;
      notes.push(`"${token.text}" read as "${target.text}"`);
    } else if (saysLittle(token.text, candidate.categoryWords)) {
      score -= PENALTY.genericWord;
      // "New" or "Edition" may belong to another product's name: this one is not named whole.
      matched.complete &&=
        saysNothing(token.text, candidate.categoryWords) ||
        q.indexOf(token) < silentLead(q.map((t) => t.text));
    } else {
      matched.complete = false;
      score -= PENALTY.unmatchedWord;
      notes.push(`"${token.text}" is not in "${candidate.text}"`);
    }
  }
  c.forEach((token, i) => {
    if (used.has(i)) return;
    if (candidate.brand.words.has(token.text)) {
      score -= PENALTY.missingBrand;
      return;
    }
    matched.complete = false;
    if (token.kind === 'number' || token.kind === 'unit-number') {
      score -= token.kind === 'number' ? PENALTY.missingNumber : PENALTY.missingSize;
      notes.push(`the query does not give ${token.text}${token.unit ?? ''}`);
    } else if (token.kind === 'code') {
      score -= PENALTY.missingCode;
      notes.push(`the query does not give model code "${token.text}"`);
    } else if (QUALIFIER_WORDS.has(token.text)) score -= PENALTY.missingQualifier;
    else score -= PENALTY.missingWord;
  });
  return Math.max(0, score);
}
