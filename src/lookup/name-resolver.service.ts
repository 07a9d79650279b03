import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import os from 'node:os';
import { LookupRepository, type CandidateProduct } from './lookup.repository.js';
import { brandForm, type BrandForm } from '../names/candidate-name.js';
import { nameMatcher } from '../names/name-matcher.js';
import { normaliseName } from '../names/name-normaliser.js';
import { candidateTerms, termCounts, type TermMatch } from './candidate-terms.js';
import { scoreProduct } from './candidate-evidence.js';
import { queryTerms } from '../names/search-terms.js';
import { chunks, FITS, withMakerPrefixes, writtenCodes, type Chunk } from '../names/model-codes.js';
import { gtinOfQuery, gtinsInName, withoutBarcodes } from '../names/gtin.js';
import {
  barcodeOutcome,
  decidedOutcome,
  writtenBarcodeOutcome,
  type ResolutionOutcome,
  type Resolutions,
} from './resolution-outcome.js';
import { readTitle, type TermCounts } from '../names/title-reading.js';
import { coalesced } from '../common/coalesced.js';
import { singular } from '../names/words-that-say-nothing.js';
import { VARIANT_WORDS } from '../names/name-tokens.js';
import { outread } from '../names/closer-readings.js';
import type { ScoredProduct } from '../names/resolution-decision.js';
import { contradictions, toldBy, type Told } from '../names/attributes.js';
import { CandidateIndexes } from './candidate-index/candidate-indexes.service.js';

/**
 * How many products candidate generation proposes for scoring, best ranked first. Scoring is
 * most of a resolved name's CPU and grows with the candidates; at 20 instead of 40 every set
 * of bench:resolution finds the same products, and only suggestions that share a word or two
 * with the name change (bench/RESULTS.md).
 */
const CANDIDATE_LIMIT = 20;
/** Words this long or longer may be misspelt: look up the closest vocabulary terms. */
const MIN_FUZZY_LENGTH = 4;
const CLOSE_TERMS_PER_WORD = 3;
/** A batch's names are resolved in at most this many groups at once (one per core). */
const PARALLEL_GROUPS = os.availableParallelism();
const words = (text: string) => new Set(normaliseName(text).split(' ').filter(Boolean));
/**
 * The words of brands and categories, which candidates share: a catalog has far fewer of
 * them than products, and each candidate would otherwise normalise both again.
 */
const VOCABULARY_MEMO = 10_000;

/** The kinds of product of no catalog (before the first publication). */
const NO_KINDS: ReadonlySet<string> = new Set();

/** Resolves a free-text name to a catalog product, or refuses (docs/decisions.md, Resolution). */
@Injectable()
export class NameResolver {
  private readonly brands = new LRUCache<string, BrandForm>({
    max: VOCABULARY_MEMO,
    memoMethod: (brand) => brandForm(brand),
  });
  private readonly categoryWords = new LRUCache<string, ReadonlySet<string>>({
    max: VOCABULARY_MEMO,
    memoMethod: (category) => new Set([...words(category)].map(singular)),
  });

  /**
   * Each publication's kinds of product, read once (a catalog has few categories): the word a
   * category ends with, singular ("camera" of "digital cameras", "ink" of "inkjet printer ink").
   */
  private readonly kinds = new LRUCache<number, ReadonlySet<string>>({
    max: 4,
    fetchMethod: async () =>
      new Set(
        (await this.repository.categories()).flatMap((c) => {
          const last = normaliseName(c).split(' ').at(-1);
          return last ? [singular(last)] : [];
        }),
      ),
  });

  /** The names of concurrent lookups, resolved together (resolveMany). */
  private readonly together = coalesced(async (queries: readonly string[]) => {
    const { publication, outcomes } = await this.resolveGrouped(queries);
    return outcomes.map((outcome) => ({ ...(publication && { publication }), outcome }));
  });

  constructor(
    private readonly repository: LookupRepository,
    private readonly indexes: CandidateIndexes,
  ) {}

  async resolve(query: string): Promise<ResolutionOutcome> {
    return (await this.resolveMany([query])).outcomes[0]!;
  }

  /**
   * Several names (a batch). Each outcome is what resolve() gives for that name; the
   * publication is the one the candidates were read from. The names of concurrent lookups are
   * resolved together (coalesced): each shares its statements' round trips.
   */
  async resolveMany(queries: readonly string[]): Promise<Resolutions> {
    if (queries.length === 0) return await this.resolveGrouped(queries);
    const read = await this.together(queries);
    const publication = read[0]!.publication;
    return { ...(publication && { publication }), outcomes: read.map((r) => r.outcome) };
  }

  /**
   * Whether a name of this key (nameKey) may be exactly a product's or an alias's, as its probe
   * would find: only a name the candidate index has no key for is known not to be.
   */
  mayBeExact(key: string): boolean {
    return this.indexes.current()?.mayBeExact(key) ?? true;
  }

  /** The publication mayBeExact answers from: the candidate index's, when it is held. */
  indexedPublication(): number | undefined {
    return this.indexes.current()?.publication.id;
  }

  /**
   * Names resolved from the database's latest publication, not the candidate index: for a
   * lookup that found the database a publication ahead of the index.
   */
  async resolveManyFromDatabase(queries: readonly string[]): Promise<Resolutions> {
    return await this.resolveGrouped(queries, true);
  }

  /**
   * Names resolved together, in two statements, or, while the pool has idle connections, in
   * up to one group per core side by side: PostgreSQL runs a statement on one core, so a lone
   * batch would otherwise wait for its names one after another. Under load no connection is
   * idle and a batch costs no more statements than a lookup.
   */
  private async resolveGrouped(
    queries: readonly string[],
    fromDatabase = false,
  ): Promise<Resolutions> {
    // From the candidate index, names take no statement to wait for side by side.
    const inMemory = !fromDatabase && this.indexes.current() !== undefined;
    const groups = inMemory
      ? 1
      : Math.min(queries.length, PARALLEL_GROUPS, this.repository.idleConnections());
    if (groups <= 1) return await this.resolveTogether(queries, fromDatabase);
    const size = Math.ceil(queries.length / groups);
    const parts = await Promise.all(
      Array.from({ length: groups }, (_, g) =>
        this.resolveTogether(queries.slice(g * size, (g + 1) * size), fromDatabase),
      ),
    );
    const publication = parts[0]!.publication;
    // A catalog published between the groups' statements: all of them from one instead.
    if (parts.some((part) => part.publication?.id !== publication?.id))
      return await this.resolveTogether(queries, true);
    return {
      ...(publication && { publication }),
      outcomes: parts.flatMap((part) => part.outcomes),
    };
  }

  /**
   * Names resolved together: barcodes by the products carrying them (one statement), the
   * other names by their candidates (two), side by side. A name that writes a barcode among
   * its words is read both ways (writtenBarcodeOutcome). A catalog published between the two
   * reads: all of them again, once.
   */
  private async resolveTogether(
    queries: readonly string[],
    fromDatabase: boolean,
    retry = true,
  ): Promise<Resolutions> {
    const gtins = queries.map(gtinOfQuery);
    const written = queries.map((query, i) => (gtins[i] === undefined ? gtinsInName(query) : []));
    const wanted = [...new Set([...gtins, ...written.flat()].filter((g) => g !== undefined))];
    if (wanted.length === 0) return await this.resolveNames(queries, fromDatabase);
    const names = queries.filter((_, i) => gtins[i] === undefined);
    const [byName, byBarcode] = await Promise.all([
      names.length > 0 ? this.resolveNames(names, fromDatabase) : undefined,
      this.repository.findBarcodes(wanted),
    ]);
    const publication = byBarcode.publication;
    if (retry && byName && byName.publication?.id !== publication?.id)
      return await this.resolveTogether(queries, true, false);
    // A number no product carries as a barcode may still be a name: an alias of digits.
    const unknown = queries.filter(
      (_, i) => gtins[i] !== undefined && !byBarcode.products.has(gtins[i]),
    );
    // A barcode a product carries is an identifier, not a number the name must state: those
    // names' words are read again without it (writtenBarcodeOutcome weighs the two).
    const identified = queries.map((query, i) => {
      const carried = written[i]!.filter((g) => byBarcode.products.has(g));
      return carried.length > 0 ? withoutBarcodes(query, carried) : undefined;
    });
    const rereads = identified.filter((name) => name !== undefined);
    const [asNames, reread] = await Promise.all([
      unknown.length > 0 ? this.resolveNames(unknown, fromDatabase) : undefined,
      rereads.length > 0 ? this.resolveNames(rereads, fromDatabase) : undefined,
    ]);
    let next = 0;
    let again = 0;
    let read = 0;
    return {
      ...(publication && { publication }),
      outcomes: queries.map((query, i) => {
        const gtin = gtins[i];
        if (gtin === undefined) {
          const asWritten = byName!.outcomes[next++]!;
          if (identified[i] === undefined) return asWritten;
          const words = reread!.outcomes[read++]!;
          const byWords = { ...words, explanation: { ...words.explanation, query } };
          return writtenBarcodeOutcome(query, written[i]!, byBarcode.products, byWords);
        }
        const product = byBarcode.products.get(gtin);
        return product ? barcodeOutcome(query, gtin, product) : asNames!.outcomes[again++]!;
      }),
    };
  }

  /**
   * Names resolved together in two statements, one for the vocabulary of all their terms and
   * one for every name's candidates, or in none from the candidate index when it is held.
   */
  private async resolveNames(
    queries: readonly string[],
    fromDatabase: boolean,
  ): Promise<Resolutions> {
    const index = fromDatabase ? undefined : this.indexes.current();
    const plans = queries.map((query) => {
      const normalised = normaliseName(query);
      // Ordinary words may be misspelt; numbers and model codes must match exactly.
      const words = normalised
        .split(' ')
        .filter((word) => word.length >= MIN_FUZZY_LENGTH && !/\d/.test(word));
      const written = chunks(query);
      return {
        terms: queryTerms(normalised),
        words,
        written,
        codes: new Set(writtenCodes(written)),
      };
    });
    // The empty term counts the catalog's search names (title-reading.ts); the variant words'
    // counts say whether a title's "Slim" names another model (name-matcher.ts).
    const terms = [...new Set(plans.flatMap((plan) => plan.terms))];
    if (terms.length > 0) terms.push('', ...VARIANT_WORDS);
    const fuzzy = [...new Set(plans.flatMap((plan) => plan.words))];
    const matches =
      terms.length === 0
        ? []
        : index
          ? index.findTerms(terms, fuzzy, CLOSE_TERMS_PER_WORD)
          : await this.repository.findTerms(terms, fuzzy, CLOSE_TERMS_PER_WORD);
    const byQueryTerm = new Map<string, TermMatch[]>();
    for (const match of matches) {
      const same = byQueryTerm.get(match.queryTerm);
      if (same) same.push(match);
      else byQueryTerm.set(match.queryTerm, [match]);
    }
    const chosen = plans.map((plan) => {
      const own = new Set([...plan.terms, ...plan.words]);
      return candidateTerms(
        [...own].flatMap((term) => byQueryTerm.get(term) ?? []),
        plan.codes,
      );
    });
    const { publication, candidates } = index
      ? {
          publication: index.publication,
          candidates: index.findCandidates(chosen, CANDIDATE_LIMIT),
        }
      : await this.repository.findCandidates(chosen, CANDIDATE_LIMIT);
    const kinds = (publication && (await this.kinds.fetch(publication.id))) ?? NO_KINDS;
    return {
      ...(publication && { publication }),
      outcomes: queries.map((query, i) =>
        this.decideAmong(
          query,
          candidates[i]!,
          termCounts(plans[i]!.terms, byQueryTerm),
          plans[i]!,
          chosen[i]?.whole ?? 0,
          kinds,
        ),
      ),
    };
  }

  private decideAmong(
    query: string,
    candidates: CandidateProduct[],
    counts: TermCounts,
    { written, codes }: { written: Chunk[]; codes: ReadonlySet<string> },
    /** What a name carrying every term of the query weighs (candidate-terms.ts). */
    whole: number,
    /** The words of the catalog's categories, singular: the kinds of product it holds. */
    kinds: ReadonlySet<string>,
  ): ResolutionOutcome {
    // A code the query writes with or without its maker's prefix is the same code.
    const products =
      codes.size === 0
        ? candidates
        : candidates.map((p) => {
            const brand = this.brands.memo(p.brand).compact;
            return { ...p, names: p.names.map((n) => withMakerPrefixes(n, codes, brand)) };
          });
    const reading = readTitle(
      query,
      products.map((p) => ({
        names: p.names,
        brand: this.brands.memo(p.brand),
        categoryWords: this.categoryWords.memo(p.category),
      })),
      counts,
      written,
    );
    const match = nameMatcher(query);
    // Coverage is against the best candidate's weight: however many words a title adds, the
    // candidate that carries the most of its rare terms is suggested as a search engine would.
    const heaviest = Math.min(whole, Math.max(0, ...candidates.map((p) => p.weight)));
    // Read only for a candidate a code identifies: most lookups have none. A query word that
    // says another kind of product the catalog holds ("Case" of a phone's code) is no description.
    let told: Told | undefined;
    const tell = () => (told ??= toldBy(query, kinds));
    // Most queries say nothing is for anything: only those read what they say they are (toldBy).
    const saysFor = written.some(({ words }) => words.some((w) => FITS.has(w)));
    const explained = products.map((product, i) => {
      const brand = this.brands.memo(product.brand);
      const categoryWords = this.categoryWords.memo(product.category);
      const given = { brand, categoryWords, read: reading.against(i) };
      return scoreProduct(match, product, given, heaviest, tell, saysFor);
    });
    // A suggestion stating another value of a kind the query states is another product.
    const contradicts = (candidate: ScoredProduct) =>
      contradictions(tell(), candidate.name).length > 0;
    return decidedOutcome(query, outread(explained), contradicts);
  }
}
