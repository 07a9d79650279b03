import { cpuSeconds } from '../lib/processes.js';
import { distinctName } from './names.js';
import { drive } from './load.js';
import { medianOf, median, type Measured } from './stats.js';
import type { DirectDriver, Service } from './targets.js';

// The runs of one catalog size, alternated in rounds: on a shared machine, runs that are
// compared with each other (cold HTTP with cold direct and the bare route, hot with bare,
// batch with single) sit next to each other in every round, and each ratio is the median of
// its per-round values.
//
// Three workloads. Cold: names of products spread over the whole catalog, each asked once,
// right after a restart of the service (and of the direct driver): no answer, assessment or
// priors cached, as for a name nobody has asked since the service started. Warm: the labelled
// queries asked again and again with marks appended (names.ts), so after the first pass every
// product they reach is cached and PostgreSQL's pages for them are hot. Hot: one name. And the
// names that need the resolver (issue 53): the labelled lookups that are no product's exact
// name (typos, a brand dropped, words around the name, titles), each asked once, then again
// with marks appended, to a service that has run a while: no answer to any of them cached,
// the resolver's code compiled. After a restart, a resolver's first thousand names cost
// about three times as much while the JIT compiles it: a run of them after a restart starts
// with a warm-up of them. The same cold and resolver workloads with ASKED_NAMES_RECORD=false
// say what recording refused names costs (issue 54); each pair runs side by side, in turn
// first and second from round to round.

export const VARIANTS = {
  cold: 'cold names, HTTP',
  coldUnrecorded: 'cold names, refused names not recorded',
  coldDirect: 'cold names, direct (no HTTP)',
  cold1: 'cold names, 1 connection',
  warm: 'warm names, HTTP',
  hot: 'hot name, HTTP',
  bare: 'bare route (key checked)',
  healthz: 'bare route (/healthz, public)',
  batch: 'batch of 5 warm names',
  single1: 'warm names, 1 connection',
  batch1: 'batch of 5, 1 connection',
  coldBatch1: 'batch of 5 cold names, 1 connection',
  resolver: 'names that need the resolver, HTTP',
  resolverUnrecorded: 'resolver names, refused not recorded',
  resolver1: 'names that need the resolver, 1 conn.',
} as const;
export type Variant = keyof typeof VARIANTS;

export interface RoundsOptions {
  readonly service: Service;
  /** The PostgreSQL postmaster the service reads from (its backends are its children). */
  readonly databasePid: number;
  readonly direct: DirectDriver;
  readonly key: string;
  readonly queries: readonly string[];
  /** Names for the cold workload (names.ts, coldNames). */
  readonly cold: readonly string[];
  /** The labelled lookups that are no product's exact name (names.ts, resolverNames). */
  readonly resolverNames: readonly string[];
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
  /** Cold runs that ended early: their process had asked every name of the sample. */
  readonly coldRunsCut: number;
}

export const RATIOS = {
  coldOverHealthz: 'cold / bare (/healthz) req/s (goal >= 0.40)',
  coldOverBound: 'cold / two-core bound 1/(1/B + 1/D)',
  warmOverHealthz: 'warm / bare (/healthz) req/s',
  hotOverBare: 'hot / bare (key checked) req/s',
  hotOverHealthz: 'hot / bare (/healthz) req/s (goal >= 0.8)',
  batchOverSingle: 'batch / single p50 latency, 16 connections',
  batchOverSingle1: 'batch / single p50 latency, 1 connection',
  coldBatchOverSingle1: 'batch of 5 cold / one cold p50 latency, 1 connection (goal <= 2)',
  resolverOverHealthz: 'names needing the resolver / bare (/healthz) req/s (goal >= 0.35)',
  resolverP99OverHealthz: 'names needing the resolver / bare (/healthz) p99 (goal <= 4)',
  coldRecording: 'cold, refused names recorded / not recorded req/s (goal >= 0.97)',
  resolverRecording: 'resolver names, recorded / not recorded req/s',
} as const;
type Ratio = keyof typeof RATIOS;

const LOOKUP = '/v1/product-intelligence';

export async function runRounds(options: RoundsOptions): Promise<RoundsResult> {
  const { service, direct, queries, cold, connections } = options;
  // The service caches by name: every warm name is new to it, but the products they reach
  // are cached after the first pass. Indices 0.. of the sequence went to the quality pass.
  let nextWarm = queries.length;
  const warmName = () => distinctName(queries, nextWarm++);
  // Cold names: each process lifetime starts where the last one stopped, so PostgreSQL has
  // not read these products lately either, unless the sample is smaller than all the runs.
  let nextCold = 0;
  let lifetimeStart = 0;
  let coldRunsCut = 0;
  /** A name this process has not asked, or undefined once it has asked them all. */
  const coldLookup = () =>
    nextCold - lifetimeStart < cold.length ? lookup(cold[nextCold++ % cold.length]!) : undefined;
  const lookup = (name: string) => ({ path: `${LOOKUP}?product_name=${encodeURIComponent(name)}` });
  const batchOf = (names: string[]) => ({
    method: 'POST',
    path: `${LOOKUP}/batch`,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ product_names: names }),
  });
  const batch = () => batchOf(Array.from({ length: 5 }, warmName));
  /** Five names this process has not asked, or undefined once it has asked them all. */
  const coldBatch = () =>
    nextCold + 5 - lifetimeStart <= cold.length
      ? batchOf(Array.from({ length: 5 }, () => cold[nextCold++ % cold.length]!))
      : undefined;
  const hot = lookup(options.hotName);
  // Each a name the service has not cached: once through the names, then with marks appended.
  let nextResolver = 0;
  const resolverLookup = () => lookup(distinctName(options.resolverNames, nextResolver++));

  let serviceRssMb = 0;
  // CPU of the service (or the direct driver) and of PostgreSQL over each run: what a lookup
  // costs each of them, which is what says how many cores (and replicas) a given load needs,
  // and, side by side, what HTTP adds to the same work.
  const cpuNow = async (pid: number) => ({
    process: await cpuSeconds(pid),
    database: await cpuSeconds(options.databasePid, true),
  });
  const withCpu = async (pid: () => number, run: () => Promise<Measured>): Promise<Measured> => {
    const before = await cpuNow(pid());
    const result = await run();
    const after = await cpuNow(pid());
    const perRequest = (s: number) => (1000 * s) / Math.max(1, result.requests);
    return {
      ...result,
      cpu: {
        serviceMs: perRequest(after.process - before.process),
        databaseMs: perRequest(after.database - before.database),
      },
    };
  };
  const http = async (next: () => object | undefined, seconds: number, conns = connections) => {
    const load = () =>
      drive({ origin: service.origin, key: options.key, seconds, connections: conns, next });
    const measured = await withCpu(
      () => service.pid,
      async () => {
        const { result, rssMb } = await service.withRss(load);
        serviceRssMb = Math.max(serviceRssMb, rssMb);
        return result;
      },
    );
    await service.idle();
    return measured;
  };
  const directCold = (seconds: number) =>
    withCpu(
      () => direct.pid,
      async () => {
        const until = lifetimeStart + cold.length;
        const { measured, next } = await direct.run({
          from: nextCold,
          until,
          seconds,
          concurrency: connections,
        });
        if (next >= until) coldRunsCut++;
        nextCold = next;
        return measured;
      },
    );
  /** Whether the service has run names that need the resolver since it started. */
  let resolverWarm = false;
  /** A restart, then a short run of other cold names: caches empty, the JIT warm. */
  const restart = async (target: Service | DirectDriver, env?: NodeJS.ProcessEnv) => {
    await target.restart(env);
    if (target === service) resolverWarm = false;
    lifetimeStart = nextCold;
    if (target === direct) await directCold(options.warmupSeconds);
    else await http(coldLookup, options.warmupSeconds);
  };
  const coldHttp = async (
    seconds: number,
    conns = connections,
    next = coldLookup,
    env?: NodeJS.ProcessEnv,
  ) => {
    await restart(service, env);
    const measured = await http(next, seconds, conns);
    if (nextCold - lifetimeStart >= cold.length) coldRunsCut++;
    return measured;
  };
  /** Names that need the resolver, after a warm-up of them if the service is new. */
  const resolverHttp = async (seconds: number, conns = connections) => {
    if (!resolverWarm) await http(resolverLookup, options.warmupSeconds);
    resolverWarm = true;
    return await http(resolverLookup, seconds, conns);
  };
  const unrecorded = { ASKED_NAMES_RECORD: 'false' };
  /** A run of `run` on a service that records no refused name, then the service as it was. */
  const withoutRecording = async (run: () => Promise<Measured>) => {
    const measured = await run();
    await restart(service);
    return measured;
  };
  const measure: Record<Variant, (seconds: number) => Promise<Measured>> = {
    cold: (s) => coldHttp(s),
    cold1: (s) => coldHttp(s, 1),
    coldDirect: async (s) => {
      await restart(direct);
      return await directCold(s);
    },
    warm: (s) => http(() => lookup(warmName()), s),
    hot: (s) => http(() => hot, s),
    bare: (s) => http(() => ({ path: '/bench/bare' }), s),
    healthz: (s) => http(() => ({ path: '/healthz' }), s),
    batch: (s) => http(batch, s),
    single1: (s) => http(() => lookup(warmName()), s, 1),
    batch1: (s) => http(batch, s, 1),
    coldBatch1: (s) => coldHttp(s, 1, coldBatch),
    resolver: (s) => resolverHttp(s),
    resolver1: (s) => resolverHttp(s, 1),
    coldUnrecorded: (s) => withoutRecording(() => coldHttp(s, connections, coldLookup, unrecorded)),
    resolverUnrecorded: (s) =>
      withoutRecording(async () => {
        await restart(service, unrecorded);
        return await resolverHttp(s);
      }),
  };
  const variants = (Object.keys(VARIANTS) as Variant[]).filter((v) => !options.skip?.includes(v));

  // Warm-up: the variants that restart the service warm up after each restart instead.
  for (const variant of variants)
    if (!variant.startsWith('cold') && !variant.endsWith('Unrecorded'))
      await measure[variant](options.warmupSeconds);
  const runs = Object.fromEntries(
    Object.keys(VARIANTS).map((v) => [v, [] as Measured[]]),
  ) as Record<Variant, Measured[]>;
  for (let round = 1; round <= options.rounds; round++) {
    for (const variant of inTurn(variants, round)) {
      const m = await measure[variant](options.seconds);
      runs[variant].push(m);
      console.error(
        `  round ${round}  ${VARIANTS[variant].padEnd(36)} ${m.rps.toFixed(0).padStart(6)}/s  ` +
          `p50 ${m.p50.toFixed(1)} ms  p99 ${m.p99.toFixed(1)} ms` +
          (m.non2xx || m.errors ? `  non-2xx ${m.non2xx}  errors ${m.errors}` : ''),
      );
      // The names one client waited longest for: its p99's (bench/RESULTS.md says why).
      if (m.slowest && variant !== 'healthz')
        console.error(
          `    slowest: ${m.slowest.map(({ ms, name }) => `${JSON.stringify(name)} ${ms.toFixed(1)} ms`).join(', ')}`,
        );
    }
  }

  const perRound = (f: (i: number) => number) => {
    const rounds = Array.from({ length: options.rounds }, (_, i) => f(i));
    return { rounds, median: median(rounds) };
  };
  // A skipped variant has no runs: its ratios are NaN.
  const none: Measured = { rps: NaN, p50: NaN, p99: NaN, requests: 0, non2xx: 0, errors: 0 };
  const r = (v: Variant, i: number) => runs[v][i] ?? none;
  const bound = (i: number) => 1 / (1 / r('healthz', i).rps + 1 / r('coldDirect', i).rps);
  return {
    runs,
    medians: Object.fromEntries(
      Object.keys(VARIANTS).map((v) => [v, medianOf(runs[v as Variant])]),
    ) as Record<Variant, Measured>,
    ratios: {
      coldOverHealthz: perRound((i) => r('cold', i).rps / r('healthz', i).rps),
      coldOverBound: perRound((i) => r('cold', i).rps / bound(i)),
      warmOverHealthz: perRound((i) => r('warm', i).rps / r('healthz', i).rps),
      hotOverBare: perRound((i) => r('hot', i).rps / r('bare', i).rps),
      hotOverHealthz: perRound((i) => r('hot', i).rps / r('healthz', i).rps),
      batchOverSingle: perRound((i) => r('batch', i).p50 / r('warm', i).p50),
      batchOverSingle1: perRound((i) => r('batch1', i).p50 / r('single1', i).p50),
      coldBatchOverSingle1: perRound((i) => r('coldBatch1', i).p50 / r('cold1', i).p50),
      resolverOverHealthz: perRound((i) => r('resolver', i).rps / r('healthz', i).rps),
      resolverP99OverHealthz: perRound((i) => r('resolver', i).p99 / r('healthz', i).p99),
      coldRecording: perRound((i) => r('cold', i).rps / r('coldUnrecorded', i).rps),
      resolverRecording: perRound((i) => r('resolver', i).rps / r('resolverUnrecorded', i).rps),
    },
    serviceRssMb,
    coldRunsCut,
  };
}

/** Variants measured against each other, side by side: the second of each runs first in even rounds. */
const PAIRS: [Variant, Variant][] = [
  ['cold', 'coldUnrecorded'],
  ['resolver', 'resolverUnrecorded'],
];

/** The round's order of `variants`: each pair's two swapped in even rounds. */
function inTurn(variants: Variant[], round: number): Variant[] {
  if (round % 2 === 1) return variants;
  const order = [...variants];
  for (const [a, b] of PAIRS) {
    const i = order.indexOf(a);
    const j = order.indexOf(b);
    if (i >= 0 && j >= 0) [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}
