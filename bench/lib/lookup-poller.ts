// Polls a running service at a steady rate while something else happens to it (an import):
// lookups and readiness probes, each timed. Open loop: a request is sent on schedule whether or
// not the previous one has answered, so a stalled service shows as slow answers, not as fewer
// requests. Shared by bench/publish.bench.ts and test/catalog-publish.e2e-spec.ts.

export interface PollSample {
  kind: 'lookup' | 'readyz';
  /** When the request was sent (performance.now()). */
  at: number;
  ms: number;
  /** The HTTP status, or 0 when no answer came (network error, client timeout). */
  status: number;
}

export interface PollerOptions {
  baseUrl: string;
  /** An API key (`pi_...`). */
  key: string;
  /** Names to look up, in turn (varied, so that no answer comes from the cache). */
  names: readonly string[];
  lookupsPerSecond?: number;
  readyzPerSecond?: number;
  timeoutMs?: number;
}

export interface Poller {
  readonly samples: PollSample[];
  /** Stops sending, waits for the requests in flight, and returns every sample. */
  stop(): Promise<PollSample[]>;
}

export function startPoller(options: PollerOptions): Poller {
  const { baseUrl, key, names, lookupsPerSecond = 20, readyzPerSecond = 10 } = options;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const samples: PollSample[] = [];
  const inFlight = new Set<Promise<void>>();
  const send = (kind: PollSample['kind'], url: string, headers: Record<string, string> = {}) => {
    const at = performance.now();
    const done = fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs) })
      .then(async (res) => {
        await res.arrayBuffer();
        return res.status;
      })
      .catch(() => 0)
      .then((status) => {
        samples.push({ kind, at, ms: performance.now() - at, status });
      });
    inFlight.add(done);
    void done.finally(() => inFlight.delete(done));
  };
  let next = 0;
  const lookups = setInterval(() => {
    const name = names[next++ % names.length]!;
    send(
      'lookup',
      `${baseUrl}/v1/product-intelligence?product_name=${encodeURIComponent(name)}&detail=compact`,
      { Authorization: `Bearer ${key}` },
    );
  }, 1000 / lookupsPerSecond);
  const probes = setInterval(() => send('readyz', `${baseUrl}/readyz`), 1000 / readyzPerSecond);
  return {
    samples,
    stop: async () => {
      clearInterval(lookups);
      clearInterval(probes);
      await Promise.all([...inFlight]);
      return samples;
    },
  };
}

export interface PollSummary {
  count: number;
  /** Answers other than 200. */
  failed: number;
  p50: number;
  p99: number;
  max: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;

/** The samples of one kind sent within [from, to), summarised. */
export function summarize(
  samples: readonly PollSample[],
  kind: PollSample['kind'],
  from = -Infinity,
  to = Infinity,
): PollSummary {
  const chosen = samples.filter((s) => s.kind === kind && s.at >= from && s.at < to);
  const ms = chosen.map((s) => s.ms).sort((a, b) => a - b);
  const round = (x: number) => Math.round(x * 10) / 10;
  return {
    count: chosen.length,
    failed: chosen.filter((s) => s.status !== 200).length,
    p50: round(percentile(ms, 0.5)),
    p99: round(percentile(ms, 0.99)),
    max: round(ms.at(-1) ?? 0),
  };
}
