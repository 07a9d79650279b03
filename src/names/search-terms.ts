import { codeStem } from './code-forms.js';
import { compactName, wordsOf } from './name-normaliser.js';

// The terms names are indexed and queries searched by, alike (docs/resolution-rules.md, rare terms).

/** A close vocabulary term's least trigram similarity to a word (pg_trgm's too: pg-pool.ts). */
export const MIN_SIMILARITY = 0.3;

const HAS_DIGIT = /\d/;
/** What marks a code's stem among the terms: no normalised name writes it. */
const STEM_MARK = '*';
/** Queries longer than this are searched by runs of up to three words and the whole query. */
const MAX_QUERY_WORDS = 12;

/** The terms of one normalised name (a catalog name or alias, with or without its brand). */
export function searchTerms(normalised: string): string[] {
  const words = wordsOf(normalised);
  const terms = new Set(words);
  for (let i = 0; i + 1 < words.length; i++) {
    terms.add(words[i]! + words[i + 1]!);
    const three = i + 2 < words.length ? words[i]! + words[i + 1]! + words[i + 2]! : '';
    if (HAS_DIGIT.test(three)) terms.add(three);
  }
  // A code is indexed by its stem too ("k38074*" of "K38074US"): its other forms are found.
  for (const term of [...terms]) {
    const stem = HAS_DIGIT.test(term) ? codeStem(term) : undefined;
    if (stem !== undefined && stem !== term) terms.add(stem + STEM_MARK);
  }
  if (words.length > 0) terms.add(compactName(normalised));
  return [...terms];
}

/** The terms a catalog name is indexed by: its own, and those of its brand and it together. */
export function catalogTerms(normalisedName: string, normalisedBrand: string): string[] {
  const terms = searchTerms(normalisedName);
  if (normalisedBrand === '' || normalisedName.startsWith(`${normalisedBrand} `)) return terms;
  return [...new Set([...terms, ...searchTerms(`${normalisedBrand} ${normalisedName}`)])];
}

/** The terms a query is searched by: every run of adjacent words, joined. */
export function queryTerms(normalised: string): string[] {
  const words = wordsOf(normalised);
  if (words.length > MAX_QUERY_WORDS) return searchTerms(normalised);
  const terms = new Set<string>();
  for (let i = 0; i < words.length; i++) {
    let joined = '';
    for (let j = i; j < words.length; j++) terms.add((joined += words[j]!));
  }
  return [...terms];
}

/** The query's codes' search terms besides, to their code: "k38074*" and "k38074" of "K38074EU". */
export function stemTerms(codes: Iterable<string>): Map<string, string> {
  const terms = new Map<string, string>();
  for (const code of codes) {
    const stem = codeStem(code);
    if (stem === undefined) continue;
    terms.set(stem + STEM_MARK, code);
    if (stem !== code) terms.set(stem, code);
  }
  return terms;
}
