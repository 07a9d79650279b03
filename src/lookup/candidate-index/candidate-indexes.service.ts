import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import v8 from 'node:v8';
import { AppConfig } from '../../config/app-config.js';
import { errorName } from '../../common/error-name.js';
import { NEVER_PUBLISHED, POLL_MS, PublishedCatalog } from '../published-catalog.js';
import type { Publication } from '../../publication/publication.sql.js';
import type { ResolutionOutcome } from '../resolution-outcome.js';
import { CandidateIndexRepository, type IndexSize } from './candidate-index.repository.js';
import { ExactKeys } from './exact-keys.js';
import { ResolverThread } from './resolver-thread.js';

const MIB = 2 ** 20;

/**
 * What an index of `size` takes, its arrays included, in bytes: its products' text (a byte a
 * character, as V8 holds Latin-1 strings) and objects; each term's characters, counts, offset,
 * trigrams and hash slots; four bytes for each search name's term in each direction, and for
 * each exact name key's hash (bench/RESULTS.md).
 */
export const indexBytes = (size: IndexSize): number =>
  size.text +
  120 * size.products +
  60 * size.terms +
  8 * size.searchNames +
  8 * size.nameTerms +
  4 * size.keys;

/** The longest wait between tries to read an index that could not be read. */
const MAX_RETRY_MS = 60_000;

/** Reading an index takes about as much again of the heap while its rows are read. */
const READING_FACTOR = 2;

/**
 * The resolver thread's old-generation heap: its index's rows while it builds it from them,
 * the index, and a batch of names' work.
 */
const threadHeapMb = (indexMb: number) => 64 + READING_FACTOR * indexMb;

/** A publication's candidate index, held by the resolver thread. */
export class HeldIndex {
  constructor(
    /**
     * The publication it answers for: a later one that changed none of its tables (an offers
     * feed's) takes it over.
     */
    public publication: Publication,
    /** What its rows were read from (candidate-index.repository.ts). */
    readonly fingerprint: string,
    private readonly keys: ExactKeys,
    private readonly thread: ResolverThread,
    /** Its number in the thread (ResolverThread.hold). */
    private readonly held: number,
  ) {}

  /** Whether a name of this key may be exactly a product's or an alias's (ExactKeys). */
  mayBeExact(key: string): boolean {
    return this.keys.mayBeExact(key);
  }

  /** The names' outcomes among the index's candidates, resolved in the thread. */
  resolve(queries: readonly string[], explain: boolean): Promise<ResolutionOutcome[]> {
    return this.thread.resolve(queries, this.held, explain);
  }
}

/**
 * The candidate index of the publication lookups answer from, held while it fits
 * CANDIDATE_INDEX_MB, and read again as each publication is noticed. Until it is read, and for
 * a catalog too large for it, names are resolved by PostgreSQL's statements, to the same
 * candidates (candidate-index.ts).
 */
@Injectable()
export class CandidateIndexes implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Catalog');
  private index?: HeldIndex;
  private thread?: ResolverThread;
  private running?: Promise<void>;
  private again = false;
  private retry?: NodeJS.Timeout;
  /** The publication last said to be too large, or not read, so that it is said once. */
  private said?: number;
  /** The tables last found too large to hold (their fingerprint). */
  private tooLarge?: string;
  private closed = false;
  /** How long before the next try, after one that did not settle. */
  private delay = POLL_MS;

  constructor(
    private readonly repository: CandidateIndexRepository,
    private readonly catalog: PublishedCatalog,
    private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.catalog.onPublished(() => void this.refresh());
    // Read in the background: until it is held, the statements resolve names.
    void this.refresh();
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    await this.thread?.stop();
  }

  /** The index of the publication this instance answers from, when it holds it. */
  current(): HeldIndex | undefined {
    if (this.thread?.stopped && this.index) {
      // Its thread failed: a new one reads the index again.
      this.index = undefined;
      this.logger.warn('The resolver thread stopped; reading the candidate index again');
      void this.refresh();
    }
    const index = this.index;
    return index?.publication.id === this.catalog.current.id ? index : undefined;
  }

  /** Reads the current publication's index, once at a time; resolves when it is read. */
  refresh(): Promise<void> {
    if (this.config.candidateIndexMb === 0 || this.closed) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        const settled = await this.load().catch((error: unknown) => {
          // Closing: the pool it read from has ended.
          if (!this.closed)
            this.sayOnce(`Could not read the candidate index (${errorName(error)})`);
          return false;
        });
        if (settled) this.delay = POLL_MS;
        else this.later();
      } while (this.again);
      this.running = undefined;
    })();
    return this.running;
  }

  private sayOnce(message: string, level: 'log' | 'warn' = 'warn'): void {
    if (this.said === this.catalog.current.id) return;
    this.said = this.catalog.current.id;
    this.logger[level](message);
  }

  /** Tries again after a delay that doubles, up to a minute, while nothing settles. */
  private later(): void {
    if (this.closed) return;
    clearTimeout(this.retry);
    this.retry = setTimeout(() => void this.refresh(), this.delay).unref();
    this.delay = Math.min(2 * this.delay, MAX_RETRY_MS);
  }

  /**
   * Reads the index of the publication this instance answers from, or says why not; false when
   * it should try again (the database a publication behind, as a replica may be; no heap room).
   */
  private async load(): Promise<boolean> {
    if (this.thread?.stopped) {
      this.index = undefined;
      this.thread = undefined;
    }
    const wanted = this.catalog.current.id;
    if (wanted === NEVER_PUBLISHED.id || this.index?.publication.id === wanted) return true;
    const state = await this.repository.state();
    if (!state) return true;
    if (state.publicationId !== wanted) return false;
    // A publication that changed no table the index reads (an offers feed) keeps it, and
    // tables found too large stay so.
    if (this.index?.fingerprint === state.fingerprint) {
      const publishedAt = new Date(state.publishedAtMs);
      this.index.publication = { id: state.publicationId, publishedAt };
      return true;
    }
    if (this.tooLarge === state.fingerprint) return true;
    const size = await this.repository.size();
    const bytes = indexBytes(size);
    const megabytes = Math.ceil(bytes / MIB);
    // The index of an older publication is no use once another is published: let it go first.
    this.index = undefined;
    if (megabytes > this.config.candidateIndexMb) {
      this.tooLarge = state.fingerprint;
      await this.thread?.stop();
      this.thread = undefined;
      this.sayOnce(
        `Resolving names in PostgreSQL: the candidate index of ${size.products.toLocaleString('en-US')} products ` +
          `would take about ${megabytes} MiB (CANDIDATE_INDEX_MB=${this.config.candidateIndexMb})`,
        'log',
      );
      return true;
    }
    // A busy heap reads it a little later rather than running out of memory.
    const { heap_size_limit: limit, used_heap_size: used } = v8.getHeapStatistics();
    if (limit - used < READING_FACTOR * bytes) {
      this.sayOnce(
        `Resolving names in PostgreSQL until the heap has room for the candidate index ` +
          `(about ${megabytes} MiB)`,
      );
      return false;
    }
    const started = performance.now();
    const rows = await this.repository.read();
    // Another publication came while reading: read that one.
    if (!rows) return false;
    const { id, publishedAt } = rows.publication;
    if (this.closed) return true;
    this.thread ??= new ResolverThread(threadHeapMb(this.config.candidateIndexMb));
    const held = await this.thread.hold(rows);
    const keys = new ExactKeys(rows.keys);
    this.index = new HeldIndex({ id, publishedAt }, rows.fingerprint, keys, this.thread, held);
    this.logger.log(
      `Candidate index of publication ${id}: ${rows.products.length.toLocaleString('en-US')} products, about ` +
        `${megabytes} MiB, read in ${Math.round(performance.now() - started)} ms`,
    );
    return id === this.catalog.current.id;
  }
}
