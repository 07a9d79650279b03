import { Injectable } from '@nestjs/common';
import { QuotaService } from '../quota/quota.service.js';
import { UsageCounters } from '../usage/usage-counters.js';
import { UsageRepository } from '../usage/usage.repository.js';
import type { KeyUsage } from './usage.view.js';
import {
  addCounts,
  chartWindow,
  emptySeries,
  USAGE_RANGES,
  type UsageRange,
} from './usage-window.js';

/** What the usage page shows of a key: stored minutes plus this instance's unflushed ones. */
@Injectable()
export class KeyUsageService {
  constructor(
    private readonly repository: UsageRepository,
    private readonly counters: UsageCounters,
    private readonly quota: QuotaService,
  ) {}

  async usage(keyId: string, range: UsageRange, now = Date.now()): Promise<KeyUsage> {
    const rangeStart = new Date(now - USAGE_RANGES[range].ms);
    const unflushed = this.counters.unflushed(keyId).filter((c) => c.minute >= +rangeStart);
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
