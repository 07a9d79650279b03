import { Injectable, Logger, Optional, type OnModuleDestroy } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { errorName } from '../common/error-name.js';
import { Metrics } from '../metrics/metrics.service.js';
import { ApiKeyRepository } from './api-key.repository.js';
import { ApiKeysService, type KeyCheck } from './api-keys.service.js';

/** How long a key's check is remembered: a revoked key stops working within this bound. */
export const CACHE_MS = 2_000;
/** How often the last use of keys, gathered in memory, is written. */
const FLUSH_MS = 5_000;
const MAX_CACHED = 100_000;

/**
 * Checks keys on the hot path. A check is remembered for CACHE_MS, so a revoked or expired
 * key stops working on every instance within that bound; last use is gathered in memory and
 * written every FLUSH_MS, never once per request.
 */
@Injectable()
export class VerifiedKeys implements OnModuleDestroy {
  private readonly logger = new Logger('ApiKeys');
  private readonly cache = new Map<string, { check: KeyCheck; until: number }>();
  private readonly used = new Set<string>();
  private readonly timer: NodeJS.Timeout;
  /** The flush running, if any: flushes run one at a time. */
  private flushing = Promise.resolve();

  constructor(
    private readonly keys: ApiKeysService,
    private readonly repository: ApiKeyRepository,
    /** Absent in the admin commands, which have no metrics. */
    @Optional() private readonly metrics?: Metrics,
  ) {
    this.timer = setInterval(() => void this.flushOrWarn(), FLUSH_MS);
    this.timer.unref();
  }

  async check(key: string): Promise<KeyCheck> {
    // Cached by a hash of the key: the key itself is never kept.
    const id = createHash('sha256').update(key).digest('base64url');
    const now = Date.now();
    let entry = this.cache.get(id);
    const hit = entry !== undefined && entry.until > now;
    this.metrics?.cacheLookup('verified_keys', hit);
    if (!entry || !hit) {
      if (this.cache.size >= MAX_CACHED) this.cache.clear();
      entry = { check: await this.keys.check(key), until: now + CACHE_MS };
      this.cache.set(id, entry);
    }
    if (entry.check.valid) this.used.add(entry.check.keyId);
    return entry.check;
  }

  /** A background flush: a failure is logged and the uses are kept for the next one. */
  private async flushOrWarn(): Promise<void> {
    await this.flush().catch((error: unknown) =>
      this.logger.warn(`Could not record when keys were last used (${errorName(error)})`),
    );
  }

  /** After the one running, if any: the last, at shutdown, must not overtake a background one. */
  async flush(): Promise<void> {
    const flush = this.flushing.then(() => this.touchUsed());
    this.flushing = flush.catch(() => undefined);
    await flush;
  }

  private async touchUsed(): Promise<void> {
    if (this.used.size === 0) return;
    const ids = [...this.used];
    this.used.clear();
    try {
      await this.repository.touch(ids, new Date());
    } catch (error) {
      for (const id of ids) this.used.add(id);
      throw error;
    }
  }

  /** Before the database's pool closes (database/prisma.service.ts): nothing gathered is lost. */
  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.flush().catch((error: unknown) =>
      this.logger.error(
        `Could not record when keys were last used before stopping (${errorName(error)})`,
      ),
    );
  }
}

/** The class of an error, never its message: database text stays out of the logs. */
