import { describe, expect, it } from '@jest/globals';
import { USAGE_RETENTION_MS } from '../usage/usage-counters.js';
import {
  addCounts,
  chartWindow,
  emptySeries,
  MAX_BUCKETS,
  MAX_TICKS,
  parseRange,
  timeTicks,
  USAGE_RANGES,
  type UsageRange,
} from './usage-window.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
// 2026-05-12 14:37:20 UTC: not on any bucket boundary.
const NOW = Date.UTC(2026, 4, 12, 14, 37, 20);
const RANGES = Object.keys(USAGE_RANGES) as UsageRange[];

describe('usage ranges', () => {
  it('reads the range parameter: absent is the default, anything unknown is refused', () => {
    expect(parseRange(undefined)).toBe('24h');
    expect(parseRange('')).toBe('24h');
    expect(parseRange('1h')).toBe('1h');
    expect(parseRange('7d')).toBe('7d');
    for (const bad of ['2d', '1H', 'toString', '__proto__', ['1h', '7d'], 24]) {
      expect(parseRange(bad)).toBeNull();
    }
  });

  it('offers no range longer than usage is kept', () => {
    for (const range of RANGES)
      expect(USAGE_RANGES[range].ms).toBeLessThanOrEqual(USAGE_RETENTION_MS);
  });
});

describe(chartWindow.name, () => {
  it('spans the whole range when there are no calls, in at most MAX_BUCKETS + 1 buckets', () => {
    const sizes = RANGES.map((range) => {
      const w = chartWindow(range, NOW);
      expect(w.zoomed).toBe(false);
      expect(w.buckets).toBeLessThanOrEqual(MAX_BUCKETS + 1);
      expect(w.start % w.bucketMs).toBe(0);
      // It covers the range and ends with the bucket that holds now.
      expect(w.start).toBeLessThanOrEqual(NOW - USAGE_RANGES[range].ms);
      expect(w.start + w.buckets * w.bucketMs).toBeGreaterThan(NOW);
      expect(w.start + (w.buckets - 1) * w.bucketMs).toBeLessThanOrEqual(NOW);
      return w.bucketMs / MINUTE;
    });
    expect(sizes).toEqual([1, 15, 120]); // per minute, per 15 minutes, per 2 hours
  });

  it('zooms to a new key: three lookups a minute ago fill a 15-minute window by minute', () => {
    const w = chartWindow('24h', NOW, NOW - MINUTE);
    expect(w).toMatchObject({ zoomed: true, bucketMs: MINUTE });
    expect(w.buckets).toBeGreaterThanOrEqual(15);
    expect(w.buckets).toBeLessThanOrEqual(16);
    const series = emptySeries(w);
    addCounts(series, NOW - MINUTE, 'http', 3, 0);
    const i = series.http.indexOf(3);
    // Not the last sliver of the axis: a bar of a fifteenth of the width, before the end.
    expect(i).toBeGreaterThan(w.buckets - 4);
    expect(1 / w.buckets).toBeGreaterThan(1 / 20);
  });

  it('starts a little before the first call, with coarser buckets as activity grows', () => {
    const w = chartWindow('7d', NOW, NOW - 30 * HOUR);
    expect(w.zoomed).toBe(true);
    expect(w.start).toBeLessThan(NOW - 30 * HOUR);
    expect(w.start).toBeGreaterThan(NOW - 36 * HOUR);
    expect(w.bucketMs).toBe(30 * MINUTE);
    expect(w.buckets).toBeLessThanOrEqual(MAX_BUCKETS + 1);
  });

  it('does not zoom when the first call is older than the range or fills it', () => {
    expect(chartWindow('1h', NOW, NOW - 2 * HOUR).zoomed).toBe(false);
    expect(chartWindow('1h', NOW, NOW - 58 * MINUTE)).toMatchObject({ zoomed: false });
  });
});

describe(addCounts.name, () => {
  it('adds counts to their bucket by channel, refusals apart, and ignores times outside', () => {
    const w = chartWindow('24h', NOW);
    const series = emptySeries(w);
    addCounts(series, w.start, 'http', 2, 1);
    addCounts(series, w.start + w.bucketMs - 1, 'mcp', 4, 0);
    addCounts(series, w.start + w.bucketMs, 'http', 1, 0);
    addCounts(series, w.start - 1, 'http', 100, 0);
    addCounts(series, w.start + w.buckets * w.bucketMs, 'http', 100, 0);
    expect([series.http[0], series.mcp[0], series.refused[0], series.http[1]]).toEqual([
      2, 4, 1, 1,
    ]);
    expect(series.http.reduce((a, b) => a + b)).toBe(3);
  });
});

describe(timeTicks.name, () => {
  it('labels each range with at most MAX_TICKS round times inside the window', () => {
    const steps = RANGES.map((range) => {
      const w = chartWindow(range, NOW);
      const { step, times } = timeTicks(w);
      expect(times.length).toBeGreaterThanOrEqual(2);
      expect(times.length).toBeLessThanOrEqual(MAX_TICKS);
      for (const t of times) {
        expect(t % step).toBe(0);
        expect(t).toBeGreaterThanOrEqual(w.start);
        expect(t).toBeLessThanOrEqual(w.start + w.buckets * w.bucketMs);
      }
      return step / MINUTE;
    });
    expect(steps).toEqual([15, 360, 2880]);
  });
});
