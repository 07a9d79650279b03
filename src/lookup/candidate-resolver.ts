import { LRUCache } from 'lru-cache';
import { brandForm, type BrandForm } from '../names/candidate-name.js';
import { nameMatcher, type NameMatcher } from '../names/name-matcher.js';
import { compactName, normaliseName, wordsOf } from '../names/name-normaliser.js';
import { queryTerms, stemTerms } from '../names/search-terms.js';
import { chunks, FOR, runs, writtenCodes, type Chunk } from '../names/model-codes.js';
import { writtenAsQuery } from '../names/code-forms.js';
import { queryCodes, readTitle, type TermCounts } from '../names/title-reading.js';
import { singular } from '../names/words-that-say-nothing.js';
import { VARIANT_WORDS } from '../names/name-tokens.js';
import { outread, type Explained } from '../names/closer-readings.js';
import type { Contradicts, ScoredProduct } from '../names/resolution-decision.js';
import { contradictions, toldBy, type Told } from '../names/attributes.js';
export { kindsOf } from '../names/attributes.js';
import type { Publication } from '../publication/publication.sql.js';
import {
  candidateTerms,
  termCounts,
  type CandidateTerms,
  type TermMatch,
} from './candidate-terms.js';
import { scoreProduct } from './candidate-evidence.js';
import type { CandidateProduct } from './lookup.repository.js';
import { decidedOutcome, withSuggestionsOf, type Resolutions } from './resolution-outcome.js';

// Names resolved among their candidates, read from PostgreSQL's statements (lookup.repository.ts)
// or from the candidate index a resolver thread holds (candidate-index/): the same rules on
// either, so that both give the same outcomes.

/**
 * How many products candidate generation proposes for scoring, best ranked first. Scoring is
 * most of a resolved name's CPU and grows with the candidates; at 20 instead of 40 every set
 * of bench:resolution finds the same products, and only suggestions that share a word or two
 * with the name change (bench/RESULTS.md).
 */
const CANDIDATE_LIMIT = 20;
/**
 * How many products a refused name's wider search proposes: those the first did not are
 * scored, a few on average; ten or twenty found one or two more in the half of the listing
 * set read, at most one in the other (bench/RESULTS.md).
 */
const WIDER_LIMIT = 5;
/** Words this long or longer may be misspelt: look up the closest vocabulary terms. */
const MIN_FUZZY_LENGTH = 4;
const CLOSE_TERMS_PER_WORD = 3;
const words = (text: string) => new Set(normaliseName(text).split(' ').filter(Boolean));
/**
 * The words of brands and categories, which candidates share: a catalog has far fewer of
 * them than products, and each candidate would otherwise normalise both again.
 */
const VOCABULARY_MEMO = 10_000;

/** What a query asks of every candidate, read once for both searches' candidates. */
interface Asked {
  match: NameMatcher;
  tell: () => Told;
  saysFor: boolean;
}

function askedBy(query: string, written: Chunk[], kinds: ReadonlySet<string>): Asked {
  // Read only for a candidate a code identifies: most lookups have none. A query word that
  // says another kind of product the catalog holds ("Case" of a phone's code) is no description.
  let told: Told | undefined;
  const tell = () => (told ??= toldBy(query, kinds));
  // Most queries say nothing is for anything: only those read what they say they are (toldBy).
  const saysFor = written.some(({ words }) => words.some((w) => FOR.has(w)));
  return { match: nameMatcher(query), tell, saysFor };
}

/** Where candidates come from: PostgreSQL's statements, or a candidate index in memory. */
export interface CandidateSource {
  /** The vocabulary entries of the terms, and the closest terms of misspelt words. */
  findTerms(terms: string[], words: string[], perWord: number): Promise<TermMatch[]>;
  /** Each name's best `limit` products, best first, and the publication they were read from. */
  findCandidates(
    queries: readonly (CandidateTerms | undefined)[],
    limit: number,
  ): Promise<{ publication?: Publication; candidates: CandidateProduct[][] }>;
  /** The publication's kinds of product: the last word of each category, singular. */
  kinds(publication: Publication | undefined): Promise<ReadonlySet<string>>;
}

/** Resolves names among the candidates of a source (docs/decisions.md, Resolution). */
export class CandidateResolver {
  private readonly brands = new LRUCache<string, BrandForm>({
    max: VOCABULARY_MEMO,
    memoMethod: (brand) => brandForm(brand),
  });
  private readonly categoryWords = new LRUCache<string, ReadonlySet<string>>({
    max: VOCABULARY_MEMO,
    memoMethod: (category) => new Set([...words(category)].map(singular)),
  });

  /**
   * Names resolved together: one read of the vocabulary for all their terms and one of every
   * name's candidates; each outcome explained when `explain`.
   */
  async resolve(
    queries: readonly string[],
    source: CandidateSource,
    explain = true,
  ): Promise<Resolutions> {
    const plans = queries.map((query) => {
      const normalised = normaliseName(query);
      // Ordinary words may be misspelt; numbers and model codes must match exactly.
      const words = normalised
        .split(' ')
        .filter((word) => word.length >= MIN_FUZZY_LENGTH && !/\d/.test(word));
      const written = chunks(query);
      const codes = new Set(writtenCodes(written));
      const stems = stemTerms(codes);
      const terms = [...new Set([...queryTerms(normalised), ...stems.keys()])];
      return { normalised, terms, words, written, codes, stems };
    });
    // The empty term counts the catalog's search names (title-reading.ts); the variant words'
    // counts say whether a title's "Slim" names another model (name-matcher.ts).
    const terms = [...new Set(plans.flatMap((plan) => plan.terms))];
    if (terms.length > 0) terms.push('', ...VARIANT_WORDS);
    const fuzzy = [...new Set(plans.flatMap((plan) => plan.words))];
    const matches =
      terms.length === 0 ? [] : await source.findTerms(terms, fuzzy, CLOSE_TERMS_PER_WORD);
    const byQueryTerm = new Map<string, TermMatch[]>();
    for (const match of matches) {
      const same = byQueryTerm.get(match.queryTerm);
      if (same) same.push(match);
      else byQueryTerm.set(match.queryTerm, [match]);
    }
    // Each name's own vocabulary entries: its terms' and its misspelt words' stand-ins.
    const own = plans.map((plan) =>
      [...new Set([...plan.terms, ...plan.words])].flatMap((term) => byQueryTerm.get(term) ?? []),
    );
    const chosen = plans.map((plan, i) => candidateTerms(own[i]!, plan.codes, plan.stems));
    const { publication, candidates } = await source.findCandidates(chosen, CANDIDATE_LIMIT);
    const kinds = await source.kinds(publication);
    const asked = queries.map((query, i) => askedBy(query, plans[i]!.written, kinds));
    const explainAmong = (i: number, among: CandidateProduct[], heaviest: number) =>
      this.explainAmong(
        queries[i]!,
        among,
        termCounts(plans[i]!.terms, byQueryTerm),
        plans[i]!,
        heaviest,
        asked[i]!,
      );
    // Coverage is against the best candidate's weight: however many words a title adds, the
    // candidate that carries the most of its rare terms is suggested as a search engine would.
    const heaviest = candidates.map((among, i) =>
      Math.min(chosen[i]?.whole ?? 0, Math.max(0, ...among.map((p) => p.weight))),
    );
    const read = candidates.map((among, i) => explainAmong(i, among, heaviest[i]!));
    const outcomes = read.map(({ explained, contradicts }, i) =>
      decidedOutcome(queries[i]!, outread(explained), contradicts, explain),
    );
    // A refused name's product may carry none of the rare runs of its words that narrowed the
    // search ("sleeve in", "in white"): it is searched again, the runs narrowing beside its
    // words, and the new products' suggestions are offered with the first's. What is found
    // stays decided by the first search alone.
    const wider = plans.map((plan, i) => {
      if (outcomes[i]!.found || !chosen[i]) return undefined;
      const terms = chosen[i].narrow;
      const single = new Set(wordsOf(plan.normalised));
      const again = candidateTerms(own[i]!, plan.codes, plan.stems, single);
      return again?.narrow.some((term) => !terms.includes(term)) ? again : undefined;
    });
    if (wider.some((terms) => terms !== undefined)) {
      const again = await source.findCandidates(wider, WIDER_LIMIT);
      if (again.publication?.id === publication?.id)
        for (const [i, found] of again.candidates.entries()) {
          const seen = new Set(candidates[i]!.map((p) => p.id));
          const extra = found.filter((p) => !seen.has(p.id));
          if (extra.length === 0) continue;
          const weight = Math.max(heaviest[i]!, ...extra.map((p) => p.weight));
          const { explained } = explainAmong(i, extra, Math.min(chosen[i]!.whole, weight));
          const why = outcomes[i]!.explanation?.decision ?? 'refused';
          const { contradicts } = read[i]!;
          const more = decidedOutcome(queries[i]!, outread(explained), contradicts, explain, why);
          outcomes[i] = withSuggestionsOf(outcomes[i]!, more);
        }
    }
    return { ...(publication && { publication }), outcomes };
  }

  /** Each candidate scored with what its score rests on, and what contradicts a suggestion. */
  private explainAmong(
    query: string,
    candidates: CandidateProduct[],
    counts: TermCounts,
    { written, codes }: { written: Chunk[]; codes: ReadonlySet<string> },
    /** The weight coverage is against: the heaviest candidate's, at most the whole query's. */
    heaviest: number,
    asked: Asked,
  ): { explained: Explained[]; contradicts: Contradicts } {
    // A code the query writes with or without its maker's prefix is the same code; one that no
    // candidate carries as written may be another's with other market or ordering letters.
    // Read as the title reads them: "QX-4410/EU" is "QX4410" where names carry that.
    const named = codes.size === 0 ? [] : queryCodes(written, counts);
    const carries = (name: string, code: string) =>
      compactName(name).includes(code) && runs(wordsOf(name)).includes(code);
    const unmatched = new Set(
      named.filter((code) => !candidates.some((p) => p.names.some((n) => carries(n, code)))),
    );
    // Each candidate's brand and category read once (memos in an LRU cache, not free to ask).
    const forms = candidates.map((p) => ({
      brand: this.brands.memo(p.brand),
      categoryWords: this.categoryWords.memo(p.category),
    }));
    const products =
      codes.size === 0
        ? candidates
        : candidates.map((p, i) => {
            const brand = forms[i]!.brand.compact;
            const names = p.names.map((n) => writtenAsQuery(n, codes, brand, unmatched));
            return { ...p, names };
          });
    const read = products.map(({ names }, i) => ({ names, ...forms[i]! }));
    const reading = readTitle(query, read, counts, written, named);
    const { match, tell, saysFor } = asked;
    const explained = products.map((product, i) => {
      const { brand, categoryWords } = forms[i]!;
      const given = { brand, categoryWords, read: reading.against(i) };
      return scoreProduct(match, product, given, heaviest, tell, saysFor);
    });
    // A suggestion stating another value of a kind the query states is another product.
    const contradicts = (candidate: ScoredProduct) =>
      contradictions(tell(), candidate.name).length > 0;
    return { explained, contradicts };
  }
}
