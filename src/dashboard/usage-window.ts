import type { Channel } from '../usage/usage.repository.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** The ranges the usage page offers; none may exceed USAGE_RETENTION_MS (a test checks). */
export const USAGE_RANGES = {
  '1h': { ms: HOUR_MS, label: '1 h', long: 'last hour' },
  '24h': { ms: 24 * HOUR_MS, label: '24 h', long: 'last 24 hours' },
  '7d': { ms: 7 * 24 * HOUR_MS, label: '7 d', long: 'last 7 days' },
} as const;
export type UsageRange = keyof typeof USAGE_RANGES;
export const DEFAULT_RANGE: UsageRange = '24h';

/** The query value as a range: the default when absent, null when it names no range. */
export function parseRange(value: unknown): UsageRange | null {
  if (value === undefined || value === '') return DEFAULT_RANGE;
  return typeof value === 'string' && Object.hasOwn(USAGE_RANGES, value)
    ? (value as UsageRange)
    : null;
}

/**
 * At most this many bars: about 3 px each on a phone, and few enough that 7 days need
 * 2-hour buckets, not a bar per minute.
 */
export const MAX_BUCKETS = 96;
/** A zoomed chart spans at least this long, so a first call is a bar, not a sliver. */
export const MIN_SPAN_MS = 15 * MINUTE_MS;
const BUCKET_SIZES = [1, 2, 5, 10, 15, 30, 60, 120, 180, 360].map((m) => m * MINUTE_MS);

export interface ChartWindow {
  range: UsageRange;
  /** Start of the first bucket (ms since the epoch, a multiple of bucketMs). */
  start: number;
  bucketMs: number;
  buckets: number;
  /** True when the chart starts at the first call rather than at the range's start. */
  zoomed: boolean;
}

/**
 * Which buckets the chart shows: the whole range, or, when the first call in the range is
 * recent, from a little before that call to now (zoomed to activity). Buckets are aligned
 * to multiples of their size since the epoch, so the same minute always lands in the same
 * bucket; the last bucket holds now.
 */
export function chartWindow(range: UsageRange, now: number, firstCall?: number): ChartWindow {
  const rangeMs = USAGE_RANGES[range].ms;
  const rangeStart = now - rangeMs;
  let span = rangeMs;
  if (firstCall !== undefined && firstCall >= rangeStart) {
    // A tenth more than the activity, so the first bar does not sit on the axis.
    span = Math.min(rangeMs, Math.max(MIN_SPAN_MS, (now - firstCall) * 1.1));
  }
  const bucketMs = BUCKET_SIZES.find((size) => span / size <= MAX_BUCKETS) ?? BUCKET_SIZES.at(-1)!;
  const end = Math.floor(now / bucketMs) * bucketMs + bucketMs;
  const buckets = Math.ceil((end - (now - span)) / bucketMs);
  return { range, start: end - buckets * bucketMs, bucketMs, buckets, zoomed: span < rangeMs };
}

export interface UsageSeries {
  window: ChartWindow;
  http: number[];
  mcp: number[];
  refused: number[];
}

export function emptySeries(window: ChartWindow): UsageSeries {
  const zeros = () => new Array<number>(window.buckets).fill(0);
  return { window, http: zeros(), mcp: zeros(), refused: zeros() };
}

/** Adds counts of a time (ms) to its bucket; counts outside the window are ignored. */
export function addCounts(
  series: UsageSeries,
  at: number,
  channel: Channel,
  lookups: number,
  refused: number,
): void {
  const { start, bucketMs, buckets } = series.window;
  const i = Math.floor((at - start) / bucketMs);
  if (i < 0 || i >= buckets) return;
  series[channel][i]! += lookups;
  series.refused[i]! += refused;
}

const TICK_STEPS = [5, 10, 15, 30, 60, 120, 180, 360, 720, 1440, 2880].map((m) => m * MINUTE_MS);
/** At most this many time labels: each about 5 characters, they fit side by side at 390 px. */
export const MAX_TICKS = 5;

/** Times (ms) for the time axis: whole multiples of a step, at most MAX_TICKS of them. */
export function timeTicks(window: ChartWindow): { step: number; times: number[] } {
  const end = window.start + window.buckets * window.bucketMs;
  const span = end - window.start;
  const step = TICK_STEPS.find((s) => Math.floor(span / s) + 1 <= MAX_TICKS) ?? TICK_STEPS.at(-1)!;
  const times = [];
  for (let t = Math.ceil(window.start / step) * step; t <= end; t += step) times.push(t);
  return { step, times };
}
