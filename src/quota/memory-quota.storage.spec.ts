import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { MemoryQuotaStorage } from './memory-quota.storage.js';
import { windowTimes } from './quota-storage.js';

describe(MemoryQuotaStorage.name, () => {
  const storage = new MemoryQuotaStorage();
  afterEach(() => {
    jest.useRealTimers();
  });

  it('charges a whole cost or nothing', async () => {
    expect(await storage.consume('k1', 4, 5, 60_000)).toMatchObject({ allowed: true, used: 4 });
    expect(await storage.consume('k1', 2, 5, 60_000)).toMatchObject({ allowed: false, used: 4 });
    expect(await storage.consume('k1', 1, 5, 60_000)).toMatchObject({ allowed: true, used: 5 });
  });

  it('reads without charging at cost 0', async () => {
    await storage.consume('k2', 3, 5, 60_000);
    expect(await storage.consume('k2', 0, 5, 60_000)).toMatchObject({ allowed: true, used: 3 });
    expect(await storage.consume('k2', 0, 5, 60_000)).toMatchObject({ used: 3 });
  });

  it('refunds a charge once, only while it is in the window, never below what is left', async () => {
    jest.useFakeTimers({ now: 2_000_000 });
    const first = await storage.consume('k4', 3, 5, 10_000);
    const second = await storage.consume('k4', 2, 5, 10_000);
    expect(await storage.refund('k4', first.charge!, 5, 10_000)).toMatchObject({ used: 2 });
    expect(await storage.refund('k4', first.charge!, 5, 10_000)).toMatchObject({ used: 2 });
    expect(await storage.refund('k4', 'no such charge', 5, 10_000)).toMatchObject({ used: 2 });
    jest.setSystemTime(2_010_000); // the second aged out: nothing left to give back
    expect(await storage.refund('k4', second.charge!, 5, 10_000)).toMatchObject({ used: 0 });
    expect(await storage.consume('k4', 5, 5, 10_000)).toMatchObject({ allowed: true, used: 5 });
  });

  it('slides: each charge ages out a window after it was made', async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    await storage.consume('k3', 3, 5, 10_000);
    jest.setSystemTime(1_004_000);
    expect(await storage.consume('k3', 2, 5, 10_000)).toMatchObject({ used: 5, resetMs: 6_000 });
    expect(await storage.consume('k3', 3, 5, 10_000)).toMatchObject({
      allowed: false,
      retryMs: 6_000,
    });
    jest.setSystemTime(1_010_000);
    expect(await storage.consume('k3', 3, 5, 10_000)).toMatchObject({ allowed: true, used: 5 });
  });
});

describe(windowTimes.name, () => {
  const charges = [
    { at: 0, cost: 2 },
    { at: 100, cost: 2 },
    { at: 200, cost: 1 },
  ];

  it('says when the oldest charge frees, and when a cost would fit', () => {
    expect(windowTimes(charges, 5, 1, 5, 1_000, 50, false)).toEqual({
      resetMs: 950,
      retryMs: 950,
    });
    expect(windowTimes(charges, 5, 4, 5, 1_000, 50, false)).toEqual({
      resetMs: 950,
      retryMs: 1_050,
    });
    expect(windowTimes(charges, 5, 0, 5, 1_000, 50, true)).toEqual({ resetMs: 950, retryMs: 0 });
    expect(windowTimes([], 0, 0, 5, 1_000, 50, true)).toEqual({ resetMs: 0, retryMs: 0 });
  });
});
