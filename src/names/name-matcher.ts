import { compactName, normaliseName } from './name-normaliser.js';
import { alignLetterRuns } from './name-segments.js';
import { tokenizeNormalised, type Token } from './name-tokens.js';
import { typoAllowance, wordDistance } from './word-distance.js';

// How well a query names one candidate (a product's name or alias), from 0 to 1.
// Hard rules first (docs/decisions.md: a wrong product is never presented): every number,
// model code and variant word of the query must be in the candidate, and the candidate's
// variant words must all be in the query. Then soft penalties from 1: words of the query
// the candidate lacks (typos forgiven), and what the candidate says that the query does
// not (a brand costs little, a number or model code much more). The brand is part of every
// candidate, but optional: a query may name it, glue it to the model or leave it out, and a
// brand never makes a query worse than the name alone.

export interface CandidateName {
  /** The name or alias as stored (normalised). */
  text: string;
  /** The product's brand, which a query may omit, glue to the name or add freely. */
  brand: BrandForm;
  /** Words of the product's category, which a query may add freely. */
  categoryWords: ReadonlySet<string>;
}

/** A brand as matching reads it: normalised once per brand, not once per candidate. */
export interface BrandForm {
  normalised: string;
  /** Without spaces, as exact matching compares names. */
  compact: string;
  words: ReadonlySet<string>;
  tokens: Token[];
}

export function brandForm(brand: string): BrandForm {
  const normalised = normaliseName(brand);
  return {
    normalised,
    compact: compactName(normalised),
    words: new Set(normalised.split(' ').filter(Boolean)),
    tokens: tokenizeNormalised(normalised),
  };
}

export interface NameMatch {
  score: number;
  /** Why a hard rule rejected the candidate, if one did. */
  rejected?: string;
  /** The query is this name, once normalised and without spaces. */
  exact?: boolean;
  /** What the score rests on, for the admin explanation. */
  notes: string[];
}

export const PENALTY = {
  unmatchedWord: 0.3,
  genericWord: 0.04,
  typo: 0.06,
  missingBrand: 0.02,
  /** A number the candidate has and the query lacks: usually another generation (Z6 II, Move 2). */
  missingNumber: 0.25,
  /** A size the candidate states and the query does not (65-inch). */
  missingSize: 0.12,
  missingCode: 0.12,
  /** A word that tells the candidate apart (Oasis, True, Combo): one is enough to fall below FOUND_AT. */
  missingWord: 0.22,
  missingQualifier: 0.01,
  /** A storage size the catalog does not state: possibly another product. */
  unitOmitted: 0.22,
} as const;

/** Words that say nothing about which product: a query may add them freely, as it may
 * the candidate's own category word ("headphones"). */
const GENERIC_WORDS = new Set(['the', 'new', 'a', 'an', 'and', 'with', 'for', 'by', 'edition']);

/** Words that only qualify a number ("11th generation", "Mark II"). */
const QUALIFIER_WORDS = new Set(['generation', 'mark', 'edition', 'series', 'inch', 'in']);

const singular = (word: string) =>
  word.length > 3 && word.endsWith('s') ? word.slice(0, -1) : word;

export function matchName(query: string, candidate: CandidateName): NameMatch {
  return nameMatcher(query)(candidate);
}

/**
 * matchName for one query and many candidates: the query is normalised and tokenized once,
 * not once per candidate name.
 */
export function nameMatcher(query: string): (candidate: CandidateName) => NameMatch {
  const normalised = normaliseName(query);
  const key = compactName(normalised);
  const q = queryTokens(tokenizeNormalised(normalised));
  return (candidate) => {
    const name = compactName(candidate.text);
    if (key === name) return { score: 1, exact: true, notes: ['same name'] };
    const brand = candidate.brand.compact;
    if (key === brand + name || key === name + brand) {
      return { score: 1, exact: true, notes: ['same name, with its brand'] };
    }
    const c = tokenizeNormalised(candidate.text);
    const aligned = alignLetterRuns(q.tokens, [...candidate.brand.tokens, ...c]);
    const query = aligned === q.tokens ? q : queryTokens(aligned);
    const notes: string[] = [];
    const softNotes: string[] = [];
    const matched = { letters: false };
    const score = softScore(query.tokens, c, candidate, softNotes, matched);
    const rejected =
      hardRule(query, c, candidate) ??
      (matched.letters ? undefined : `the query names no word or code of "${candidate.text}"`);
    if (rejected) notes.push(rejected);
    notes.push(...softNotes);
    return { score, notes, ...(rejected && { rejected }) };
  };
}

/** What the hard rules ask of every candidate, taken from the query once. */
interface QueryTokens {
  tokens: Token[];
  numbers: string[];
  unitNumbers: Token[];
  codes: string[];
  texts: ReadonlySet<string>;
  variants: ReadonlySet<string>;
}

const variantsOf = (tokens: Token[]) =>
  new Set(tokens.filter((t) => t.kind === 'variant').map((t) => t.text));

function queryTokens(tokens: Token[]): QueryTokens {
  return {
    tokens,
    numbers: tokens.filter((t) => t.kind === 'number').map((t) => t.text),
    unitNumbers: tokens.filter((t) => t.kind === 'unit-number'),
    codes: tokens.filter((t) => t.kind === 'code').map((t) => t.text),
    texts: new Set(tokens.map((t) => t.text)),
    variants: variantsOf(tokens),
  };
}

/** The first hard rule the candidate breaks, if any. */
function hardRule(q: QueryTokens, c: Token[], candidate: CandidateName): string | undefined {
  const name = candidate.text;
  const brand = candidate.brand.tokens;
  // A bare number in the query may be the candidate's "65-inch", or its brand's ("Fusion5").
  const remaining = [...c, ...brand]
    .filter((t) => t.kind === 'number' || t.kind === 'unit-number')
    .map((t) => t.text);
  for (const n of q.numbers) {
    const at = remaining.indexOf(n);
    if (at === -1) return `number ${n} is not in "${name}"`;
    remaining.splice(at, 1);
  }
  for (const u of q.unitNumbers) {
    const same = c.filter((t) => t.kind === 'unit-number' && t.unit === u.unit);
    if (same.length > 0 && !same.some((t) => t.text === u.text)) {
      return `${u.text}${u.unit} differs from "${name}"`;
    }
  }
  if (q.codes.length > 0) {
    const cTexts = new Set([...c, ...brand].map((t) => t.text));
    for (const code of q.codes) {
      if (!cTexts.has(code)) return `model code "${code}" is not in "${name}"`;
    }
  }
  // Letters glued to the candidate's model number make it another model: "8a" is not "8".
  for (const code of c) {
    if (code.attached && !q.texts.has(code.text))
      return `"${name}" has model code "${code.text}", which the query does not`;
  }
  const cv = variantsOf(c);
  // A short word after the model may be the category ("RTX 2060 GPU"), not a variant.
  const known = (v: string) =>
    cv.has(v) || candidate.brand.words.has(v) || candidate.categoryWords.has(singular(v));
  for (const v of q.variants) if (!known(v)) return `variant "${v}" is not in "${name}"`;
  for (const v of cv) {
    if (q.variants.has(v)) continue;
    const misspelt = q.tokens.some((t) => isTypoOf(t, { text: v, kind: 'variant' }));
    if (!misspelt) return `"${name}" is the ${v} variant`;
  }
  return undefined;
}

const hasLetters = (token: Token) => token.kind !== 'number' && token.kind !== 'unit-number';

/** Variant words this long may be misspelt ("Tuoch" is Touch); Pro, Max or Lite never. */
const MIN_MISSPELT_VARIANT = 5;

/**
 * Whether `word` of the query may be a misspelling of `target`. Only words may be misspelt,
 * never a model code or a number, nor a short variant word such as Pro or Max, and only where
 * they are long enough for one slip to leave them recognisable (typoAllowance).
 */
function isTypoOf(word: Token, target: Token): boolean {
  if (word.kind !== 'word') return false;
  if (
    target.kind !== 'word' &&
    !(target.kind === 'variant' && target.text.length >= MIN_MISSPELT_VARIANT)
  )
    return false;
  const allowance = typoAllowance(Math.min(word.text.length, target.text.length));
  return allowance > 0 && wordDistance(word.text, target.text, allowance) <= allowance;
}

/** The first of `tokens` not yet used that `word` may be a misspelling of, or -1. */
function typoOf(word: Token, tokens: readonly Token[], used: ReadonlySet<number>): number {
  return tokens.findIndex((t, i) => !used.has(i) && isTypoOf(word, t));
}

/**
 * 1 less what the query lacks and what the candidate says that the query does not. Sets
 * `matched.letters` when a word or code of the query is the candidate's (or its brand's):
 * numbers and category words alone never identify a product.
 */
function softScore(
  q: Token[],
  c: Token[],
  candidate: CandidateName,
  notes: string[],
  matched: { letters: boolean },
): number {
  let score = 1;
  const used = new Set<number>();
  const brand = candidate.brand.tokens;
  const brandUsed = new Set<number>();
  const same = (tokens: readonly Token[], taken: ReadonlySet<number>, token: Token) =>
    tokens.findIndex((t, i) => !taken.has(i) && t.text === token.text);
  // Exact token matches first, so a typo match never steals a word that is there exactly.
  const pending: Token[] = [];
  for (const token of q) {
    const at = same(c, used, token);
    if (at >= 0) {
      used.add(at);
      matched.letters ||= hasLetters(token);
    } else pending.push(token);
  }
  for (const token of pending) {
    if (token.kind === 'unit-number') {
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
    const at = typoOf(token, c, used);
    const brandAt = at >= 0 ? -1 : typoOf(token, brand, brandUsed);
    if (at >= 0 || brandAt >= 0) {
      if (at >= 0) used.add(at);
      else brandUsed.add(brandAt);
      score -= PENALTY.typo;
      matched.letters = true;
      notes.push(`"${token.text}" read as "${(at >= 0 ? c[at] : brand[brandAt])!.text}"`);
    } else if (GENERIC_WORDS.has(token.text) || candidate.categoryWords.has(singular(token.text))) {
      score -= PENALTY.genericWord;
    } else {
      score -= PENALTY.unmatchedWord;
      notes.push(`"${token.text}" is not in "${candidate.text}"`);
    }
  }
  c.forEach((token, i) => {
    if (used.has(i)) return;
    if (candidate.brand.words.has(token.text)) score -= PENALTY.missingBrand;
    else if (token.kind === 'number' || token.kind === 'unit-number') {
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
