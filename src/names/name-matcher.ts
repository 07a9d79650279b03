import { compactName, normaliseName } from './name-normaliser.js';
import { alignLetterRuns, readInitials } from './name-segments.js';
import { tokenizeNormalised, type Token } from './name-tokens.js';
import { isTypoOf, typoOf } from './typos.js';
import { nameWithWordsThatSayNothing } from './name-keys.js';
import { isCategoryWord, saysLittle, saysNothing, silentLead } from './words-that-say-nothing.js';

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
  /** The query is this name, once normalised and without spaces, with or without its brand. */
  exact?: boolean;
  /**
   * The query names every word of the candidate and nothing else: the brand may be left out
   * or moved, words that say nothing added, and long words misspelt.
   */
  complete?: boolean;
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

export function matchName(query: string, candidate: CandidateName): NameMatch {
  return nameMatcher(query)(candidate);
}

/** How well one query names each candidate. */
export interface NameMatcher {
  (candidate: CandidateName): NameMatch;
  /** The query, normalised and without spaces. */
  readonly key: string;
}

/**
 * matchName for one query and many candidates: the query is normalised and tokenized once,
 * not once per candidate name.
 */
export function nameMatcher(query: string): NameMatcher {
  const normalised = normaliseName(query);
  const key = compactName(normalised);
  const namedAround = nameWithWordsThatSayNothing(normalised.split(' '));
  const q = queryTokens(tokenizeNormalised(normalised));
  const match = (candidate: CandidateName): NameMatch => {
    const name = compactName(candidate.text);
    if (key === name) return { score: 1, exact: true, notes: ['same name'] };
    const brand = candidate.brand.compact;
    if (brand !== '' && (key === brand + name || key === name + brand)) {
      return { score: 1, exact: true, notes: ['same name, with its brand'] };
    }
    // With words that say nothing, it is named whole, not exactly: "DTEK50 by BlackBerry" is
    // exactly that product, and only names DTEK50 by BlackBerry whole.
    if (namedAround(candidate)) {
      return { score: 1, complete: true, notes: ['same name, with words that say nothing'] };
    }
    const c = tokenizeNormalised(candidate.text);
    const aligned = alignLetterRuns(readInitials(q.tokens, candidate.brand.compact, c), [
      ...candidate.brand.tokens,
      ...c,
    ]);
    const query = aligned === q.tokens ? q : queryTokens(aligned);
    const notes: string[] = [];
    const softNotes: string[] = [];
    const matched = { letters: false, complete: true };
    const score = softScore(query.tokens, c, candidate, softNotes, matched);
    const rejected =
      hardRule(query, c, candidate) ??
      (matched.letters ? undefined : `the query names no word or code of "${candidate.text}"`);
    if (rejected) notes.push(rejected);
    else if (matched.complete) notes.push('the query names every word of it and nothing else');
    notes.push(...softNotes);
    return {
      score,
      notes,
      ...(rejected ? { rejected } : matched.complete && { complete: true }),
    };
  };
  return Object.assign(match, { key });
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
  const remaining: string[] = [];
  if (q.numbers.length > 0) {
    for (const t of c) if (t.kind === 'number' || t.kind === 'unit-number') remaining.push(t.text);
    for (const t of brand)
      if (t.kind === 'number' || t.kind === 'unit-number') remaining.push(t.text);
  }
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
  const texts =
    q.codes.length > 0 || q.variants.size > 0
      ? new Set([...c, ...brand].map((t) => t.text))
      : undefined;
  for (const code of q.codes) {
    if (!texts!.has(code)) return `model code "${code}" is not in "${name}"`;
  }
  // Letters glued to the candidate's model number make it another model: "8a" is not "8".
  for (const code of c) {
    if (code.attached && !q.texts.has(code.text))
      return `"${name}" has model code "${code.text}", which the query does not`;
  }
  // Spacing never matters, so a variant word may be glued to the model on one side and not
  // the other ("HL-L2380DW" is "HL-L2380 DW"); a short word after the model may be the
  // category ("RTX 2060 GPU") or a word that says nothing ("by"), not a variant.
  const known = (v: string) =>
    texts!.has(v) || candidate.brand.words.has(v) || saysNothing(v, candidate.categoryWords);
  for (const v of q.variants) if (!known(v)) return `variant "${v}" is not in "${name}"`;
  for (const { kind, text: v } of c) {
    if (kind !== 'variant' || q.texts.has(v)) continue;
    const misspelt = q.tokens.some((t) => isTypoOf(t, { text: v, kind: 'variant' }));
    if (!misspelt) return `"${name}" is the ${v} variant`;
  }
  return undefined;
}

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

const hasLetters = (token: Token) => token.kind !== 'number' && token.kind !== 'unit-number';

/**
 * 1 less what the query lacks and what the candidate says that the query does not. Sets
 * `matched.letters` when a word or code of the query is the candidate's (or its brand's):
 * numbers and category words alone never identify a product. Clears `matched.complete` when
 * the query lacks a word of the candidate or says one it lacks.
 */
function softScore(
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
