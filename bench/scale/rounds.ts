import { cpuSeconds } from '../lib/processes.js';
import { distinctName } from './names.js';
import { drive } from './load.js';
import { medianOf, median, type Measured } from './stats.js';
import type { DirectDriver, Service } from './targets.js';

// The runs of one catalog size, alternated in rounds: on a shared machine, runs that are
// compared with each other (HTTP with direct, hot with bare, batch with single) sit next to
// each other in every round, and each ratio is the median of its per-round values.

export const VARIANTS = {
  distinct: 'distinct lookups, HTTP',
  direct: 'distinct lookups, direct (no HTTP)',
  hot: 'hot name, HTTP',
  bare: 'bare route (key checked)',
  barePublic: 'bare route (public)',
  batch: 'batch of 5 distinct names',
  single1: 'distinct lookups, 1 connection',
  batch1: 'batch of 5, 1 connection',
} as const;
export type Variant = keyof typeof VARIANTS;

export interface RoundsOptions {
  readonly service: Service;
  /** The PostgreSQL postmaster the service reads from (its backends are its children). */
  readonly databasePid: number;
  readonly direct: DirectDriver;
  readonly key: string;
  readonly queries: readonly string[];
  readonly hotName: string;
  readonly seconds: number;
  readonly warmupSeconds: number;
  readonly rounds: number;
  readonly connections: number;
  /** Variants not to run. */
  readonly skip?: readonly Variant[];
}

export interface RoundsResult {
  readonly runs: Record<Variant, Measured[]>;
  readonly medians: Record<Variant, Measured>;
  /** Each ratio per round, and its median. */
  readonly ratios: Record<Ratio, { rounds: number[]; median: number }>;
  /** Highest VmRSS of the service sampled during its load runs. */
  readonly serviceRssMb: number;
}

export const RATIOS = {
  httpOverDirect: 'HTTP / direct lookups per second (goal >= 0.8)',
  hotOverBare: 'hot / bare (key checked) req/s (goal >= 0.8)',
  hotOverBarePublic: 'hot / bare (public) req/s',
  batchOverSingle: 'batch / single p50 latency, 16 connections',
  batchOverSingle1: 'batch / single p50 latency, 1 connection (goal <= 2)',
} as const;
type Ratio = keyof typeof RATIOS;

const LOOKUP = '/v1/product-intelligence';

export async function runRounds(options: RoundsOptions): Promise<RoundsResult> {
  const { service, direct, queries, connections } = options;
  // The service and the direct driver each cache by name: every name either is asked is new
  // to it. Indices 0.. of the sequence (the queries as labelled) went to the quality pass.
  // Distinct HTTP runs come before direct ones in a round (VARIANTS' order).
  let nextHttp = queries.length;
  let nextDirect = queries.length;
  const name = () => distinctName(queries, nextHttp++);
  const single = () => ({ path: `${LOOKUP}?product_name=${encodeURIComponent(name())}` });
  const batch = () => ({
    method: 'POST',
    path: `${LOOKUP}/batch`,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ product_names: [name(), name(), name(), name(), name()] }),
  });
  const hot = { path: `${LOOKUP}?product_name=${encodeURIComponent(options.hotName)}` };

  let serviceRssMb = 0;
  // CPU of the service (or the direct driver) and of PostgreSQL over each run: what a lookup
  // costs each of them, which is what says how many cores (and replicas) a given load needs,
  // and, side by side, what HTTP adds to the same work.
  const cpuNow = async (pid: number) => ({
    process: await cpuSeconds(pid),
    database: await cpuSeconds(options.databasePid, true),
  });
  const withCpu = async (pid: number, run: () => Promise<Measured>): Promise<Measured> => {
    const before = await cpuNow(pid);
    const result = await run();
    const after = await cpuNow(pid);
    const perRequest = (s: number) => (1000 * s) / Math.max(1, result.requests);
    return {
      ...result,
      cpu: {
        serviceMs: perRequest(after.process - before.process),
        databaseMs: perRequest(after.database - before.database),
      },
    };
  };
  const http = async (next: () => object, seconds: number, conns = connections) => {
    const load = () =>
      drive({ origin: service.origin, key: options.key, seconds, connections: conns, next });
    const measured = await withCpu(service.pid, async () => {
      const { result, rssMb } = await service.withRss(load);
      serviceRssMb = Math.max(serviceRssMb, rssMb);
      return result;
    });
    await service.idle();
    return measured;
  };
  const measure: Record<Variant, (seconds: number) => Promise<Measured>> = {
    distinct: (s) => http(single, s),
    direct: (s) =>
      withCpu(direct.pid, async () => {
        const { measured, next } = await direct.run({
          from: nextDirect,
          seconds: s,
          concurrency: connections,
        });
        nextDirect = next;
        return measured;
      }),
    hot: (s) => http(() => hot, s),
    bare: (s) => http(() => ({ path: '/bench/bare' }), s),
    barePublic: (s) => http(() => ({ path: '/bench/bare-public' }), s),
    batch: (s) => http(batch, s),
    single1: (s) => http(single, s, 1),
    batch1: (s) => http(batch, s, 1),
  };
  const variants = (Object.keys(VARIANTS) as Variant[]).filter((v) => !options.skip?.includes(v));

  for (const variant of variants) await measure[variant](options.warmupSeconds);
  const runs = Object.fromEntries(
    Object.keys(VARIANTS).map((v) => [v, [] as Measured[]]),
  ) as Record<Variant, Measured[]>;
  for (let round = 1; round <= options.rounds; round++) {
    // HTTP and direct runs of a round start at the same name (each process has its own
    // cache), so the pair sees the same stretch of the mix, whose costs vary widely.
    nextHttp = nextDirect = Math.max(nextHttp, nextDirect);
    for (const variant of variants) {
      const m = await measure[variant](options.seconds);
      runs[variant].push(m);
      console.error(
        `  round ${round}  ${VARIANTS[variant].padEnd(36)} ${m.rps.toFixed(0).padStart(6)}/s  ` +
          `p50 ${m.p50.toFixed(1)} ms  p99 ${m.p99.toFixed(1)} ms` +
          (m.non2xx || m.errors ? `  non-2xx ${m.non2xx}  errors ${m.errors}` : ''),
      );
    }
  }

  const perRound = (f: (i: number) => number) => {
    const rounds = runs.distinct.map((_, i) => f(i));
    return { rounds, median: median(rounds) };
  };
  // A skipped variant has no runs: its ratios are NaN.
  const none: Measured = { rps: NaN, p50: NaN, p99: NaN, requests: 0, non2xx: 0, errors: 0 };
  const r = (v: Variant, i: number) => runs[v][i] ?? none;
  return {
    runs,
    medians: Object.fromEntries(
      Object.keys(VARIANTS).map((v) => [v, medianOf(runs[v as Variant])]),
    ) as Record<Variant, Measured>,
    ratios: {
      httpOverDirect: perRound((i) => r('distinct', i).rps / r('direct', i).rps),
      hotOverBare: perRound((i) => r('hot', i).rps / r('bare', i).rps),
      hotOverBarePublic: perRound((i) => r('hot', i).rps / r('barePublic', i).rps),
      batchOverSingle: perRound((i) => r('batch', i).p50 / r('distinct', i).p50),
      batchOverSingle1: perRound((i) => r('batch1', i).p50 / r('single1', i).p50),
    },
    serviceRssMb,
  };
}
