import { MIN_SIMILARITY } from '../names/search-terms.js';
import { VARIANT_WORDS } from '../names/name-tokens.js';
import { remembered } from '../names/name-normaliser.js';
import type { TermCounts } from '../names/title-reading.js';

// Which of a query's terms narrow the catalog to its candidates, and what each term weighs
// in ranking them. Rare terms (model codes, line names) narrow; every term weighs by how rare
// it is and, for a stand-in for a misspelt word, by how close it is.

/**
 * Rare terms narrow by themselves (any of them) while the names they are on stay this few;
 * when even the rarest term is commoner, the names carrying the rarest few together are the
 * candidates. Either way only a few hundred names at most are read, at any catalog size.
 */
export const SMALL_POOL = 200;
const HAS_DIGIT = /\d/;
const MAX_NARROWING_TERMS = 4;
/** Codes that narrow beside the rarest terms when these are not codes. */
const MAX_CODE_TERMS = 2;
/** A term of letters and digits: a model code, as the catalog indexes it. */
const CODE = /^(?=.*\p{L})(?=.*\p{N})/u;
const MAX_COMMON_TERMS = 3;

/** A vocabulary term for a query term, and how many search names carry it. */
export interface TermMatch {
  queryTerm: string;
  term: string;
  df: number;
  /** 1 for the query term itself; trigram similarity for a close term. */
  similarity: number;
  /** How many times the term tells two products of a brand apart (0 for a close term). */
  siblings: number;
}

export interface CandidateTerms {
  /** Names carrying any of these (or, with `all`, every one of them) are the candidates. */
  narrow: string[];
  all: boolean;
  weighted: { term: string; weight: number }[];
  /** What a name carrying every term of the query weighs: each term at its best stand-in. */
  whole: number;
}

/**
 * `written` are the model codes the query writes as such ("DSC-H70"): they narrow before the
 * codes a join of its words happens to make ("w10x" of "w 10x Optical Zoom"). `stems` are
 * terms searched for a code (search-terms.ts), each weighing as that code in the whole.
 * Given the query's `words`, a run of them ("sleevein") narrows without taking the place of a
 * word: the wider search of a refused name's suggestions (candidate-resolver.ts).
 */
export function candidateTerms(
  matches: readonly TermMatch[],
  written: ReadonlySet<string> = new Set(),
  stems: ReadonlyMap<string, string> = new Map(),
  words?: ReadonlySet<string>,
): CandidateTerms | undefined {
  const terms = new Map<string, { df: number; weight: number; cost: number; join: boolean }>();
  const byQueryTerm = new Map<string, number>();
  for (const match of matches) {
    if (match.similarity < MIN_SIMILARITY) continue;
    const weight = match.similarity / Math.log(2 + match.df);
    const of = stems.get(match.queryTerm) ?? match.queryTerm;
    byQueryTerm.set(of, Math.max(weight, byQueryTerm.get(of) ?? 0));
    // A close term narrows as if it were commoner: the query's own terms go first.
    const cost = match.df / match.similarity ** 2;
    const seen = terms.get(match.term);
    const join = words !== undefined && !words.has(match.queryTerm);
    if (!seen || seen.weight < weight) terms.set(match.term, { df: match.df, weight, cost, join });
  }
  if (terms.size === 0) return undefined;
  // Equally rare, a term with digits (a model code) goes first.
  const byCost = [...terms].sort(
    ([ta, a], [tb, b]) =>
      a.cost - b.cost || Number(HAS_DIGIT.test(tb)) - Number(HAS_DIGIT.test(ta)),
  );
  const weighted = byCost.map(([term, { weight }]) => ({ term, weight }));
  let whole = 0;
  for (const weight of byQueryTerm.values()) whole += weight;
  const narrow: string[] = [];
  let pool = 0;
  let slots = 0;
  for (const [term, { df, join }] of byCost) {
    if (pool + df > SMALL_POOL || slots === MAX_NARROWING_TERMS) break;
    narrow.push(term);
    pool += df;
    if (!join) slots++;
  }
  // However long a title and however rare its other words, its model code reaches its product:
  // the rarest codes narrow too, within the pool.
  let codes = 0;
  const codesFirst = [
    ...byCost.filter(([term]) => written.has(term)),
    ...byCost.filter(([term]) => !written.has(term)),
  ];
  for (const [term, { df }] of codesFirst) {
    if (codes === MAX_CODE_TERMS) break;
    if (!CODE.test(term) || narrow.includes(term) || pool + df > SMALL_POOL) continue;
    narrow.push(term);
    pool += df;
    codes++;
  }
  if (narrow.length === 0) {
    const common: string[] = [];
    for (const [term] of byCost) {
      if (common.length === MAX_COMMON_TERMS) break;
      // A join narrows no further than its own words: "kestralsummit" and "kestral" together
      // match what "kestralsummit" does alone.
      if (common.some((chosen) => chosen.includes(term) || term.includes(chosen))) continue;
      common.push(term);
    }
    return { narrow: common, all: common.length > 1, weighted, whole };
  }
  return { narrow, all: false, weighted, whole };
}

/**
 * The vocabulary's counts of one name's terms (title-reading.ts), from the entries read for it
 * and for the names read in the same statement (a batch, concurrent lookups). A name counts
 * only what its own lookup asks for (its terms, and with them the variant words and the empty
 * term, which counts the search names), so that it reads the same alone and together.
 */
export function termCounts(
  terms: readonly string[],
  byQueryTerm: ReadonlyMap<string, readonly TermMatch[]>,
): TermCounts {
  const asked = new Set(terms);
  // Read once a term: candidates ask alike.
  const own = remembered((term: string) =>
    asked.size > 0 && (asked.has(term) || term === '' || VARIANT_WORDS.has(term))
      ? byQueryTerm.get(term)?.find((m) => m.term === term)
      : undefined,
  );
  return {
    namesCarrying: (term) => own(term)?.df ?? (asked.has(term) ? 0 : undefined),
    siblings: (term) => own(term)?.siblings ?? 0,
    searchNames: own('')?.df ?? 0,
  };
}
