import { Injectable } from '@nestjs/common';
import { QuotaService } from '../quota/quota.service.js';
import { MINUTES, type UsageSeries } from './usage-chart.js';
import { UsageCounters } from './usage-counters.js';
import { UsageRepository } from './usage.repository.js';
import type { KeyUsage } from './usage.view.js';

const MINUTE_MS = 60_000;

/** What the usage page shows of a key: stored minutes plus this instance's unflushed ones. */
@Injectable()
export class KeyUsageService {
  constructor(
    private readonly repository: UsageRepository,
    private readonly counters: UsageCounters,
    private readonly quota: QuotaService,
  ) {}

  async usage(keyId: string, now = Date.now()): Promise<KeyUsage> {
    const currentMinute = now - (now % MINUTE_MS);
    const start = currentMinute - (MINUTES - 1) * MINUTE_MS;
    const series: UsageSeries = {
      start,
      http: new Array<number>(MINUTES).fill(0),
      mcp: new Array<number>(MINUTES).fill(0),
      refused: new Array<number>(MINUTES).fill(0),
    };
    const since = new Date(start);
    const [stored, clicks, budget] = await Promise.all([
      this.repository.minutes(keyId, since),
      this.repository.clicks(keyId, new Date(now - MINUTES * MINUTE_MS)),
      // The page still answers when the quota's storage does not (it shows "unavailable").
      this.quota.status(keyId).catch(() => undefined),
    ]);
    for (const cell of [...stored, ...this.counters.unflushed(keyId)]) {
      const i = (cell.minute - start) / MINUTE_MS;
      if (i < 0 || i >= MINUTES) continue;
      series[cell.channel][i]! += cell.lookups;
      series.refused[i]! += cell.refused;
    }
    return { series, clicks, ...(budget && { budget }) };
  }
}
