import { Injectable } from '@nestjs/common';
import { QuotaService } from '../quota/quota.service.js';
import { UsageCounters } from '../usage/usage-counters.js';
import { UsageRepository, type UsageCell } from '../usage/usage.repository.js';
import type { KeyUsage } from './usage.view.js';
import {
  addCounts,
  chartWindow,
  emptySeries,
  USAGE_RANGES,
  type UsageRange,
} from './usage-window.js';

/** Reads of a key's usage before a page shows what it has (flushes are seconds apart). */
const MAX_READS = 3;

/** What the usage page shows of a key: stored minutes plus this instance's unflushed ones. */
@Injectable()
export class KeyUsageService {
  constructor(
    private readonly repository: UsageRepository,
    private readonly counters: UsageCounters,
    private readonly quota: QuotaService,
  ) {}

  async usage(keyId: string, range: UsageRange, now = Date.now()): Promise<KeyUsage> {
    // Counts move from this instance's memory to PostgreSQL every few seconds: read again
    // if they moved while being read, so that none is counted twice or missed.
    for (let attempt = 1; ; attempt++) {
      const { cells, flushes } = await this.counters.settled(keyId);
      const usage = await this.read(keyId, range, now, cells);
      if (this.counters.flushes === flushes || attempt === MAX_READS) return usage;
    }
  }

  private async read(
    keyId: string,
    range: UsageRange,
    now: number,
    cells: UsageCell[],
  ): Promise<KeyUsage> {
    const rangeStart = new Date(now - USAGE_RANGES[range].ms);
    const unflushed = cells.filter((c) => c.minute >= +rangeStart);
    // The window depends on the first call, so that is asked first.
    const firstStored = await this.repository.firstMinute(keyId, rangeStart);
    const firstCall = Math.min(firstStored ?? Infinity, ...unflushed.map((c) => c.minute));
    const window = chartWindow(range, now, Number.isFinite(firstCall) ? firstCall : undefined);
    const [stored, clicks, budget] = await Promise.all([
      // From the range's start, so the totals are the range's even when its first bucket
      // begins a little earlier.
      this.repository.buckets(
        keyId,
        new Date(Math.max(window.start, +rangeStart)),
        window.bucketMs,
      ),
      this.repository.clicks(keyId, rangeStart),
      // The page still answers when the quota's storage does not (it shows "unavailable").
      this.quota.status(keyId).catch(() => undefined),
    ]);
    const series = emptySeries(window);
    for (const c of [...stored, ...unflushed]) {
      addCounts(series, c.minute, c.channel, c.lookups, c.refused);
    }
    return { series, clicks, ...(budget && { budget }) };
  }
}
