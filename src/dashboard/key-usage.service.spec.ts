import { describe, expect, it } from '@jest/globals';
import type { QuotaService } from '../quota/quota.service.js';
import { UsageCounters } from '../usage/usage-counters.js';
import type { UsageCell, UsageRepository } from '../usage/usage.repository.js';
import { KeyUsageService } from './key-usage.service.js';

// The usage page adds this instance's unflushed counts to the stored ones. A flush that lands
// while the page reads must not show its counts twice (stored and unflushed) or not at all.
// The store here is a list in memory: the real one is covered by the dashboard's e2e tests.

const NOW = Date.UTC(2026, 10, 27, 12, 0, 30);

function setUp() {
  const store: UsageCell[] = [];
  let duringRead: (() => Promise<void>) | undefined;
  const repository = {
    add: (cells: UsageCell[]) => {
      store.push(...cells.map((c) => ({ ...c })));
      return Promise.resolve();
    },
    deleteBefore: () => Promise.resolve(),
    firstMinute: async () => {
      // A flush lands between the unflushed counts and the stored ones.
      const flush = duringRead;
      duringRead = undefined;
      await flush?.();
      return store[0]?.minute;
    },
    buckets: () => Promise.resolve(store.map((c) => ({ ...c }))),
    clicks: () => Promise.resolve({ recent: 0, total: 0 }),
  };
  const counters = new UsageCounters(repository as unknown as UsageRepository);
  const quota = { status: () => Promise.reject(new Error('no quota store here')) };
  const service = new KeyUsageService(
    repository as unknown as UsageRepository,
    counters,
    quota as unknown as QuotaService,
  );
  const lookups = async () => {
    const { series } = await service.usage('k1', '1h', NOW);
    return series.http.reduce((a, b) => a + b, 0);
  };
  return { counters, lookups, flushDuringRead: (f: () => Promise<void>) => (duringRead = f) };
}

describe(KeyUsageService.name, () => {
  it('counts each lookup once when a flush lands while the page reads', async () => {
    const { counters, lookups, flushDuringRead } = setUp();
    counters.record('k1', 'http', 3, 0, NOW - 1_000);
    flushDuringRead(() => counters.flush());
    expect(await lookups()).toBe(3);
    counters.record('k1', 'http', 2, 0, NOW);
    expect(await lookups()).toBe(5);
    await counters.onModuleDestroy();
  });

  it('shows unflushed and stored counts together', async () => {
    const { counters, lookups } = setUp();
    counters.record('k1', 'http', 4, 0, NOW - 120_000);
    await counters.flush();
    counters.record('k1', 'http', 1, 0, NOW);
    expect(await lookups()).toBe(5);
    await counters.onModuleDestroy();
  });
});
