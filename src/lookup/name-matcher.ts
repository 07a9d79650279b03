import { compactName, normaliseName } from './name-normaliser.js';
import { tokenizeNormalised, type Token } from './name-tokens.js';
import { typoAllowance, wordDistance } from './word-distance.js';

// How well a query names one candidate (a product's name or alias), from 0 to 1.
// Hard rules first (decisions.md: a wrong product is never presented): every number,
// model code and variant word of the query must be in the candidate, and the candidate's
// variant words must all be in the query. Then soft penalties from 1: words of the query
// the candidate lacks (typos forgiven), and what the candidate says that the query does
// not (a brand costs little, a number or model code much more).

export interface CandidateName {
  /** The name or alias as stored (normalised). */
  text: string;
  /** Words of the product's brand and category, which a query may omit or add freely. */
  brandWords: ReadonlySet<string>;
  categoryWords: ReadonlySet<string>;
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
  const compact = compactName(normalised);
  const q = queryTokens(tokenizeNormalised(normalised));
  return (candidate) => {
    if (compact === compactName(candidate.text)) {
      return { score: 1, exact: true, notes: ['same name'] };
    }
    const c = tokenizeNormalised(candidate.text);
    const notes: string[] = [];
    const rejected = hardRule(q, c, candidate.text);
    if (rejected) notes.push(rejected);
    const score = softScore(q.tokens, c, candidate, notes);
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
function hardRule(q: QueryTokens, c: Token[], name: string): string | undefined {
  // A bare number in the query may be the candidate's "65-inch".
  const remaining = c
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
    const cTexts = new Set(c.map((t) => t.text));
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
  for (const v of q.variants) if (!cv.has(v)) return `variant "${v}" is not in "${name}"`;
  for (const v of cv) if (!q.variants.has(v)) return `"${name}" is the ${v} variant`;
  return undefined;
}

/** 1 less what the query lacks and what the candidate says that the query does not. */
function softScore(q: Token[], c: Token[], candidate: CandidateName, notes: string[]): number {
  let score = 1;
  const used = new Set<number>();
  const take = (index: number) => used.add(index);
  // Exact token matches first, so a typo match never steals a word that is there exactly.
  const pending: Token[] = [];
  for (const token of q) {
    const at = c.findIndex((t, i) => !used.has(i) && t.text === token.text);
    if (at >= 0) take(at);
    else pending.push(token);
  }
  for (const token of pending) {
    if (token.kind === 'unit-number') {
      score -= PENALTY.unitOmitted;
      notes.push(`${token.text}${token.unit} not stated by the candidate`);
      continue;
    }
    if (candidate.brandWords.has(token.text)) continue; // the brand, named by the query but not by an alias
    const allowance = typoAllowance(token.text.length);
    const at = c.findIndex(
      (t, i) =>
        !used.has(i) &&
        t.kind === 'word' &&
        allowance > 0 &&
        wordDistance(token.text, t.text, allowance) <= allowance,
    );
    if (at >= 0) {
      take(at);
      score -= PENALTY.typo;
      notes.push(`"${token.text}" read as "${c[at]!.text}"`);
    } else if (GENERIC_WORDS.has(token.text) || candidate.categoryWords.has(singular(token.text))) {
      score -= PENALTY.genericWord;
    } else {
      score -= PENALTY.unmatchedWord;
      notes.push(`"${token.text}" is not in "${candidate.text}"`);
    }
  }
  c.forEach((token, i) => {
    if (used.has(i)) return;
    if (candidate.brandWords.has(token.text)) score -= PENALTY.missingBrand;
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
