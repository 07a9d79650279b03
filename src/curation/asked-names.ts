import { Injectable, Logger, Optional, type OnModuleDestroy } from '@nestjs/common';
import { counted } from '../common/command-output.js';
import { AppConfig } from '../config/app-config.js';
import { Metrics } from '../metrics/metrics.service.js';
import { nameKey } from '../names/name-normaliser.js';
import {
  AskedNamesRepository,
  type AskedCount,
  type AskedVia,
  type Suggestion,
} from './asked-names.repository.js';

/** Gathered askings are added to PostgreSQL this often: never a write per lookup. */
export const ASKED_FLUSH_MS = 2_000;
/** Distinct names gathered between two flushes at most: beyond, a new name's count is lost. */
export const ASKED_PENDING_MAX = 10_000;
/** Old and surplus names are pruned at most this often. */
const PRUNE_MS = 600_000;
/** The metrics' counts of pending names and aliases are read again at most this often. */
const COUNT_MS = 60_000;
/** A name is kept as asked up to this many characters (a lookup's name is shorter). */
const NAME_CHARS = 500;

/**
 * Refused names, counted in memory as lookups refuse them and added in one statement every
 * ASKED_FLUSH_MS, off every request's path: a lookup only bumps a count. A flush that fails
 * loses its counts (an outage of the store loses counts, never answers).
 */
@Injectable()
export class AskedNames implements OnModuleDestroy {
  private readonly logger = new Logger('AskedNames');
  private pending = new Map<string, AskedCount>();
  private readonly timer?: NodeJS.Timeout;
  private flushing = Promise.resolve();
  private lastPrune = 0;
  private lastCount = 0;
  private failing = false;

  constructor(
    private readonly repository: AskedNamesRepository,
    private readonly config: AppConfig,
    @Optional() private readonly metrics?: Metrics,
  ) {
    if (config.askedNames.record)
      this.timer = setInterval(() => void this.flush(), ASKED_FLUSH_MS).unref();
  }

  /** Counts one refusal of `name` (or one feed item it titles), with its best suggestion. */
  record(name: string, via: AskedVia, suggestion?: Suggestion, publicationId?: number): void {
    if (via !== 'feed') this.metrics?.refusal(via);
    if (!this.config.askedNames.record) return;
    const key = nameKey(name);
    if (key === '') return;
    const now = Date.now();
    let count = this.pending.get(key);
    if (!count) {
      if (this.pending.size >= ASKED_PENDING_MAX) return;
      count = { key, name: '', firstMs: now, lastMs: now, http: 0, mcp: 0, feed: 0 };
      this.pending.set(key, count);
    }
    count.name = name.trim().slice(0, NAME_CHARS);
    count.lastMs = now;
    count[via] += 1;
    if (publicationId !== undefined && publicationId >= (count.publicationId ?? 0)) {
      count.publicationId = publicationId;
      count.suggestion = suggestion;
    }
  }

  /** Adds what is gathered, after the flush running if any. */
  async flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.store());
    await this.flushing;
  }

  /** Never throws: a failure is logged once per outage, and its counts are lost. */
  private async store(): Promise<void> {
    // In key order: instances writing the same names at once lock their rows in one order.
    const counts = [...this.pending.values()].sort((a, b) => (a.key < b.key ? -1 : 1));
    this.pending = new Map();
    try {
      await this.repository.add(counts);
      if (Date.now() - this.lastPrune > PRUNE_MS) {
        this.lastPrune = Date.now();
        const { retentionMs, max } = this.config.askedNames;
        await this.repository.prune(new Date(Date.now() - retentionMs), max);
      }
      if (this.metrics && Date.now() - this.lastCount > COUNT_MS) {
        this.lastCount = Date.now();
        const { pending, aliases } = await this.repository.counts();
        this.metrics.curation(pending, aliases);
      }
      if (this.failing) this.logger.log('Recording refused names works again');
      this.failing = false;
    } catch {
      // The database's message stays out of the logs.
      if (!this.failing)
        this.logger.warn(
          `Could not record ${counted(counts.length, 'refused name')}; their counts are lost`,
        );
      this.failing = true;
    }
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}
