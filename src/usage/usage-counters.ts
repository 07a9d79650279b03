import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { UsageRepository, type Channel, type UsageCell } from './usage.repository.js';

/** Gathered counts are added to PostgreSQL this often: never a write per request. */
export const USAGE_FLUSH_MS = 5_000;
/** Minutes older than this are deleted: the usage chart reaches back 7 days at most. */
export const USAGE_RETENTION_MS = 7 * 86_400_000;
const MINUTE_MS = 60_000;

/**
 * Lookups and 429 refusals per key, minute and channel, counted in memory and flushed
 * every USAGE_FLUSH_MS. Each instance adds its own counts, so totals are exact across
 * instances. A failed flush keeps its counts for the next one.
 */
@Injectable()
export class UsageCounters implements OnModuleDestroy {
  private readonly logger = new Logger('Usage');
  private pending = new Map<string, UsageCell>();
  private readonly timer: NodeJS.Timeout;
  private lastSweep = 0;
  private stopping = false;
  /** The flush running, if any: flushes run one at a time. */
  private flushing = Promise.resolve();
  /** Flushes that took counts (see settled). */
  private taken = 0;

  constructor(private readonly repository: UsageRepository) {
    this.timer = setInterval(() => void this.flush(), USAGE_FLUSH_MS).unref();
  }

  /** Counts `lookups` answered and `refused` requests refused (429) for a key. */
  record(keyId: string, channel: Channel, lookups: number, refused: number, at = Date.now()): void {
    if (lookups <= 0 && refused <= 0) return;
    const minute = at - (at % MINUTE_MS);
    const id = `${keyId}\t${minute}\t${channel}`;
    const cell = this.pending.get(id);
    if (cell) {
      cell.lookups += lookups;
      cell.refused += refused;
    } else {
      this.pending.set(id, { keyId, minute, channel, lookups, refused });
    }
  }

  /** This instance's counts of a key not yet flushed (so a page shows them at once). */
  unflushed(keyId: string): UsageCell[] {
    return [...this.pending.values()].filter((c) => c.keyId === keyId).map((c) => ({ ...c }));
  }

  /** How many flushes have taken counts to store: a reader of stored counts compares it. */
  get flushes(): number {
    return this.taken;
  }

  /**
   * A key's unflushed counts once no flush is under way, with `flushes` as it was then. A
   * reader that adds them to stored counts read after, and finds `flushes` the same, has
   * counted each once: a flush between the two would be in both.
   */
  async settled(keyId: string): Promise<{ cells: UsageCell[]; flushes: number }> {
    await this.flushing;
    return { cells: this.unflushed(keyId), flushes: this.taken };
  }

  /** After the one running, if any: the last, at shutdown, must not overtake a background one. */
  async flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.store());
    await this.flushing;
  }

  /** Never throws: a failure is logged, and the counts kept for the next flush. */
  private async store(): Promise<void> {
    const cells = [...this.pending.values()];
    this.pending = new Map();
    if (cells.length > 0) this.taken++;
    try {
      await this.repository.add(cells);
    } catch {
      // The database's message stays out of the logs; the counts wait for the next flush.
      if (this.stopping) {
        this.logger.error(`Could not store ${cells.length} usage counts before stopping`);
        return;
      }
      this.logger.warn(`Could not store ${cells.length} usage counts; will retry`);
      for (const c of cells) this.record(c.keyId, c.channel, c.lookups, c.refused, c.minute);
      return;
    }
    // Apart: the counts are stored, and a failed sweep must not count them again.
    if (Date.now() - this.lastSweep > 3_600_000) {
      this.lastSweep = Date.now();
      await this.repository
        .deleteBefore(new Date(Date.now() - USAGE_RETENTION_MS))
        .catch(() => this.logger.warn('Could not delete old usage minutes; will retry in an hour'));
    }
  }

  /** Before the database's pool closes (database/prisma.service.ts): nothing gathered is lost. */
  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    this.stopping = true;
    await this.flush();
  }
}
