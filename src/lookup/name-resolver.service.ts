import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import os from 'node:os';
import { LookupRepository } from './lookup.repository.js';
import { gtinOfQuery, gtinsInName, withoutBarcodes } from '../names/gtin.js';
import {
  barcodeOutcome,
  writtenBarcodeOutcome,
  type ExplainedOutcome,
  type Resolutions,
} from './resolution-outcome.js';
import { coalesced } from '../common/coalesced.js';
import { CandidateIndexes } from './candidate-index/candidate-indexes.service.js';
import { CandidateResolver, kindsOf, type CandidateSource } from './candidate-resolver.js';
import { ResolverThreadUnavailable } from './candidate-index/resolver-thread.js';

/** A batch's names are resolved in at most this many groups at once (one per core). */
const PARALLEL_GROUPS = os.availableParallelism();

/** The kinds of product of no catalog (before the first publication). */
const NO_KINDS: ReadonlySet<string> = new Set();

/** Resolves a free-text name to a catalog product, or refuses (docs/decisions.md, Resolution). */
@Injectable()
export class NameResolver {
  /** Names resolved among the statements' candidates, on this thread. */
  private readonly resolver = new CandidateResolver();

  /** Each publication's kinds of product, read once (a catalog has few categories). */
  private readonly kinds = new LRUCache<number, ReadonlySet<string>>({
    max: 4,
    fetchMethod: async () => kindsOf(await this.repository.categories()),
  });

  /** Candidates from PostgreSQL's statements (lookup.repository.ts). */
  private readonly statements: CandidateSource = {
    findTerms: (terms, words, perWord) => this.repository.findTerms(terms, words, perWord),
    findCandidates: (queries, limit) => this.repository.findCandidates(queries, limit),
    kinds: async (publication) =>
      (publication && (await this.kinds.fetch(publication.id))) ?? NO_KINDS,
  };

  /** The names of concurrent lookups, resolved together (resolveMany), explained or not. */
  private readonly together = (explain: boolean) =>
    coalesced(async (queries: readonly string[]) => {
      const { publication, outcomes } = await this.resolveGrouped(queries, explain);
      return outcomes.map((outcome) => ({ ...(publication && { publication }), outcome }));
    });
  private readonly explained = this.together(true);
  private readonly unexplained = this.together(false);

  constructor(
    private readonly repository: LookupRepository,
    private readonly indexes: CandidateIndexes,
  ) {}

  /** One name, explained. */
  async resolve(query: string): Promise<ExplainedOutcome> {
    return (await this.resolveMany([query], true)).outcomes[0] as ExplainedOutcome;
  }

  /**
   * Several names (a batch). Each outcome is what resolve() gives for that name, explained
   * when `explain`; the publication is the one the candidates were read from. The names of
   * concurrent lookups are resolved together (coalesced): each shares its statements' round
   * trips.
   */
  async resolveMany(queries: readonly string[], explain = true): Promise<Resolutions> {
    if (queries.length === 0) return await this.resolveGrouped(queries, explain);
    const read = await (explain ? this.explained : this.unexplained)(queries);
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
  async resolveManyFromDatabase(queries: readonly string[], explain = true): Promise<Resolutions> {
    return await this.resolveGrouped(queries, explain, true);
  }

  /**
   * Names resolved together, in two statements, or, while the pool has idle connections, in
   * up to one group per core side by side: PostgreSQL runs a statement on one core, so a lone
   * batch would otherwise wait for its names one after another. Under load no connection is
   * idle and a batch costs no more statements than a lookup.
   */
  private async resolveGrouped(
    queries: readonly string[],
    explain: boolean,
    fromDatabase = false,
  ): Promise<Resolutions> {
    // From the candidate index, names take no statement to wait for side by side.
    const inMemory = !fromDatabase && this.indexes.current() !== undefined;
    const groups = inMemory
      ? 1
      : Math.min(queries.length, PARALLEL_GROUPS, this.repository.idleConnections());
    if (groups <= 1) return await this.resolveTogether(queries, explain, fromDatabase);
    const size = Math.ceil(queries.length / groups);
    const parts = await Promise.all(
      Array.from({ length: groups }, (_, g) =>
        this.resolveTogether(queries.slice(g * size, (g + 1) * size), explain, fromDatabase),
      ),
    );
    const publication = parts[0]!.publication;
    // A catalog published between the groups' statements: all of them from one instead.
    if (parts.some((part) => part.publication?.id !== publication?.id))
      return await this.resolveTogether(queries, explain, true);
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
    explain: boolean,
    fromDatabase: boolean,
    retry = true,
  ): Promise<Resolutions> {
    const resolveNames = (names: readonly string[]) =>
      this.resolveNames(names, explain, fromDatabase);
    const gtins = queries.map(gtinOfQuery);
    const written = queries.map((query, i) => (gtins[i] === undefined ? gtinsInName(query) : []));
    const wanted = [...new Set([...gtins, ...written.flat()].filter((g) => g !== undefined))];
    if (wanted.length === 0) return await resolveNames(queries);
    const names = queries.filter((_, i) => gtins[i] === undefined);
    const [byName, byBarcode] = await Promise.all([
      names.length > 0 ? resolveNames(names) : undefined,
      this.repository.findBarcodes(wanted),
    ]);
    const publication = byBarcode.publication;
    if (retry && byName && byName.publication?.id !== publication?.id)
      return await this.resolveTogether(queries, explain, true, false);
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
      unknown.length > 0 ? resolveNames(unknown) : undefined,
      rereads.length > 0 ? resolveNames(rereads) : undefined,
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
          const { explanation } = words;
          const byWords = {
            ...words,
            ...(explanation && { explanation: { ...explanation, query } }),
          };
          return writtenBarcodeOutcome(query, written[i]!, byBarcode.products, byWords);
        }
        const product = byBarcode.products.get(gtin);
        return product ? barcodeOutcome(query, gtin, product) : asNames!.outcomes[again++]!;
      }),
    };
  }

  /**
   * Names resolved together in two statements, one for the vocabulary of all their terms and
   * one for every name's candidates, or in the resolver thread from the candidate index when
   * it is held (a thread that stopped leaves them to the statements).
   */
  private async resolveNames(
    queries: readonly string[],
    explain: boolean,
    fromDatabase: boolean,
  ): Promise<Resolutions> {
    const held = fromDatabase ? undefined : this.indexes.current();
    if (held) {
      const { publication } = held;
      try {
        return { publication, outcomes: await held.resolve(queries, explain) };
      } catch (error) {
        if (!(error instanceof ResolverThreadUnavailable)) throw error;
      }
    }
    return await this.resolver.resolve(queries, this.statements, explain);
  }
}
