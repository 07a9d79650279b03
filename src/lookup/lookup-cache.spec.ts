import { describe, expect, it } from '@jest/globals';
import { cacheBudgetMb, HEAP_RESERVE_MB } from './lookup-cache.js';

describe(cacheBudgetMb.name, () => {
  it('gives LOOKUP_CACHE_MB when the heap has room for it and the reserve', () => {
    expect(cacheBudgetMb(32, 4144)).toBe(32);
    expect(cacheBudgetMb(32, HEAP_RESERVE_MB + 32)).toBe(32);
  });

  it('gives what the heap leaves when LOOKUP_CACHE_MB would not fit', () => {
    // node --max-old-space-size=160 has a heap limit of 208 MiB
    expect(cacheBudgetMb(512, 208)).toBe(32);
    expect(cacheBudgetMb(64, HEAP_RESERVE_MB + 10.5)).toBe(10);
  });

  it('never goes below nothing, and keeps 0 (the cache off) as it is', () => {
    expect(cacheBudgetMb(32, 100)).toBe(0);
    expect(cacheBudgetMb(0, 4144)).toBe(0);
  });
});
