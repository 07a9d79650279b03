import { COMPATIBLE, FOR, ONLY_LETTERS, runs } from './model-codes.js';
import { normaliseName, someOf, wordsOf } from './name-normaliser.js';
import { NEVER_CODES } from './name-tokens.js';
import { carries } from './words-that-say-nothing.js';

// What a title's first "for" says (title-reading.ts): before it, what its item is; after it, what
// that item fits, up to a dash or bar.

/** Where a title's clause ends: a dash or bar between spaces ("… for X – ABC123 | Shop"). */
const CLAUSE_END = /\s[-–—|]\s/u;

/** Whether the title is something for candidate `index`, not that candidate itself. */
export function fitsAfterFor(
  query: string,
  /** The query's normalised words. */
  queryWords: readonly string[],
  /** The candidates' brands' words: a maker named, never what the item is. */
  brands: ReadonlySet<string>,
  /** The query's code that anchors each candidate, if any. */
  anchors: ReadonlyMap<number, string>,
  /** Each candidate's words. */
  own: (index: number) => ReadonlySet<string>,
): (index: number) => boolean {
  const forAt = queryWords.findIndex((w) => FOR.has(w));
  if (forAt < 0) return () => false;
  const before = queryWords.slice(0, forAt);
  // Its code written before the "for", whole or in parts ("SH-40277 … per …"), or after a dash
  // or bar that ends what follows it ("… dla graczy – 000RAPLH2"), is the item's.
  const clauses = query.split(CLAUSE_END).map((clause) => wordsOf(normaliseName(clause)));
  const forClause = clauses.findIndex((words) => words.some((w) => FOR.has(w)));
  const after = forClause < 0 ? [] : clauses.slice(forClause + 1).flatMap((words) => runs(words));
  const codesBefore = new Set([...runs(before), ...after]);
  // Its words, numbers and codes, not a function word ("in" of "Cover in Nylon for", "i", "de").
  const wordsBefore = before.filter((w) => !NEVER_CODES.has(w) && !brands.has(w));
  const saidBefore = wordsBefore.filter((w) => ONLY_LETTERS.test(w) && w.length >= 3);
  // "Compatible" or "substitute" first says it all: what follows is what the title's item is not.
  const standsIn = COMPATIBLE.has(queryWords[forAt]!);
  // A product named only after a title's "for" ("Hülle für Aero Buds") is what its item fits.
  return (index) =>
    (saidBefore.length > 0 || standsIn) &&
    // A product that says it is compatible itself, in any language ("HP Compatible … Kit"), is one.
    !(standsIn && someOf(own(index), (w) => COMPATIBLE.has(w))) &&
    (anchors.has(index) || standsIn || carries(own(index), queryWords[forAt + 1] ?? '')) &&
    !wordsBefore.some((w) => carries(own(index), w)) &&
    !codesBefore.has(anchors.get(index) ?? '');
}
