import { describe, expect, it } from '@jest/globals';
import { UsageCounters } from './usage-counters.js';
import type { UsageCell, UsageRepository } from './usage.repository.js';

function counters(
  add: (cells: UsageCell[]) => Promise<void>,
  deleteBefore: () => Promise<void> = () => Promise.resolve(),
) {
  const repository = { add, deleteBefore };
  return new UsageCounters(repository as unknown as UsageRepository);
}

describe(UsageCounters.name, () => {
  const at = Date.UTC(2026, 10, 23, 8, 0, 30);

  it('adds up counts per key, minute and channel, and stores them in one write per flush', async () => {
    const writes: UsageCell[][] = [];
    const usage = counters((cells) => {
      writes.push(cells);
      return Promise.resolve();
    });
    usage.record('k1', 'http', 1, 0, at);
    usage.record('k1', 'http', 5, 0, at + 20_000);
    usage.record('k1', 'http', 0, 1, at + 29_000);
    usage.record('k1', 'mcp', 2, 0, at);
    usage.record('k1', 'http', 1, 0, at + 40_000); // the next minute
    usage.record('k2', 'http', 0, 0, at); // nothing to count
    expect(usage.unflushed('k1')).toHaveLength(3);
    await usage.flush();
    expect(writes).toHaveLength(1);
    const minute = Date.UTC(2026, 10, 23, 8, 0);
    expect(writes[0]).toEqual([
      { keyId: 'k1', minute, channel: 'http', lookups: 6, refused: 1 },
      { keyId: 'k1', minute, channel: 'mcp', lookups: 2, refused: 0 },
      { keyId: 'k1', minute: minute + 60_000, channel: 'http', lookups: 1, refused: 0 },
    ]);
    expect(usage.unflushed('k1')).toEqual([]);
    await usage.onModuleDestroy();
  });

  it('never counts stored counts again when deleting old minutes fails', async () => {
    const stored: UsageCell[] = [];
    const usage = counters(
      (cells) => {
        stored.push(...cells);
        return Promise.resolve();
      },
      () => Promise.reject(new Error('pool timed out')),
    );
    usage.record('k1', 'http', 3, 0, at);
    await usage.flush();
    expect(usage.unflushed('k1')).toEqual([]);
    await usage.flush();
    expect(stored.map((c) => c.lookups)).toEqual([3]);
    await usage.onModuleDestroy();
  });

  it('keeps the counts of a failed flush for the next one', async () => {
    let fail = true;
    const stored: UsageCell[] = [];
    const usage = counters((cells) => {
      if (fail) return Promise.reject(new Error('database away'));
      stored.push(...cells);
      return Promise.resolve();
    });
    usage.record('k1', 'http', 3, 0, at);
    await usage.flush();
    usage.record('k1', 'http', 1, 0, at);
    fail = false;
    await usage.flush();
    expect(stored).toEqual([
      {
        keyId: 'k1',
        minute: Date.UTC(2026, 10, 23, 8, 0),
        channel: 'http',
        lookups: 4,
        refused: 0,
      },
    ]);
    await usage.onModuleDestroy();
  });
});
