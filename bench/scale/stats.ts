// What every measured run reports, however it was driven (autocannon or the direct driver).

export interface Measured {
  /** Completed requests (or direct lookups) per second over the run. */
  readonly rps: number;
  /** Latency percentiles in milliseconds, of all completed requests. */
  readonly p50: number;
  readonly p99: number;
  readonly requests: number;
  /** Responses that were not 2xx, and requests that failed outright (errors, timeouts). */
  readonly non2xx: number;
  readonly errors: number;
  /** CPU milliseconds per completed request: the service (the driver, in direct runs), PostgreSQL. */
  readonly cpu?: { readonly serviceMs: number; readonly databaseMs: number };
  /** A run on one connection: its slowest requests, slowest first, with the name each asked. */
  readonly slowest?: readonly { readonly ms: number; readonly name: string }[];
}

/** Nearest-rank quantile of sorted values (NaN when empty: a run with no completed request). */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

export function summarise(
  latencies: number[],
  seconds: number,
  failures: { non2xx: number; errors: number },
): Measured {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    rps: latencies.length / seconds,
    p50: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    requests: latencies.length,
    ...failures,
  };
}

/** The median of the numbers (NaN ignored); the mean of the middle two of an even count. */
export function median(xs: readonly number[]): number {
  const sorted = xs.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  const mid = sorted.length / 2;
  if (sorted.length === 0) return NaN;
  return Number.isInteger(mid) ? (sorted[mid - 1]! + sorted[mid]!) / 2 : sorted[Math.floor(mid)]!;
}

/** The median of each field over several runs. */
export function medianOf(runs: readonly Measured[]): Measured {
  const of = (field: Exclude<keyof Measured, 'cpu' | 'slowest'>) =>
    median(runs.map((r) => r[field]));
  const cpu = runs.flatMap((r) => (r.cpu ? [r.cpu] : []));
  return {
    ...(cpu.length > 0 && {
      cpu: {
        serviceMs: median(cpu.map((c) => c.serviceMs)),
        databaseMs: median(cpu.map((c) => c.databaseMs)),
      },
    }),
    rps: of('rps'),
    p50: of('p50'),
    p99: of('p99'),
    requests: of('requests'),
    non2xx: of('non2xx'),
    errors: of('errors'),
  };
}
