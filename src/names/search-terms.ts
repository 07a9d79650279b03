import { compactName, wordsOf } from './name-normaliser.js';

// The terms a name is indexed and searched by, used when the catalog is imported and when a
// query is resolved, so the two always meet. Resolution narrows a million names to a few dozen
// candidates by the query's rarest terms, never by trigrams common to most names.
//
// A catalog name is indexed by its words, adjacent words joined, joins of three words with a
// digit ("wh 1000 xm5"), and the whole name joined; all of it once more with the brand in front,
// since people glue the brand to the model ("SharpMX-2614N"). A query is searched by every run
// of adjacent words joined: however it splits or joins a name, one of its runs is a term of it.

/** A close vocabulary term's least trigram similarity to a word (pg_trgm's too: pg-pool.ts). */
export const MIN_SIMILARITY = 0.3;

const HAS_DIGIT = /\d/;
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
