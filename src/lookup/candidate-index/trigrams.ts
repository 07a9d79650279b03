// How close two words are, as PostgreSQL's pg_trgm measures it, so that the candidate index
// (candidate-index.ts) finds the same close words in memory as lookup.repository.ts finds by
// the words' trigram index: each run of letters and digits, lowercase, padded with two spaces
// before and one after, gives the sets of three characters in a row; the similarity is the
// count the two sets share over the count of their union, in single precision as pg_trgm
// computes it.

const WORD = /[\p{L}\p{N}]+/gu;

/** The distinct trigrams of `text`, as pg_trgm's `show_trgm` reads them. */
export function trigrams(text: string): Set<string> {
  const found = new Set<string>();
  for (const [word] of text.toLowerCase().matchAll(WORD)) {
    const chars = [' ', ' ', ...word, ' '];
    for (let i = 0; i + 3 <= chars.length; i++)
      found.add(chars[i]! + chars[i + 1]! + chars[i + 2]!);
  }
  return found;
}

/** pg_trgm's `similarity` from the counts: shared trigrams over the union, in float4. */
export function trigramSimilarity(shared: number, left: number, right: number): number {
  return left === 0 || right === 0 ? 0 : Math.fround(shared / (left + right - shared));
}

/**
 * The similarity the candidates statement reports for a close word, `1 - (a <-> b)`: pg_trgm's
 * distance is `1 - similarity` rounded to float4, read back as float8.
 */
export const reportedSimilarity = (similarity: number): number => 1 - Math.fround(1 - similarity);
