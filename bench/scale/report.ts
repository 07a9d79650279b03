import type { EvalReport } from '../resolution/evaluate.js';
import { RATIOS, VARIANTS, type RoundsResult, type Variant } from './rounds.js';
import type { NameStatistics } from '../../tools/generator/statistics.js';
import type { Measured } from './stats.js';

// What the scale bench reports of one catalog: the console table, the goals met, and the
// row of bench/RESULTS.md's table.

export const GOALS = {
  recall: 0.97,
  refusals: 0.98,
  rssMb: 300,
  /** Issue 34, cold names: on the real names, and at 1,000,000 generated products. */
  coldOverHealthz: 0.4,
  coldOverHealthzAt1M: 0.3,
  coldCpuMs: 0.9,
  coldP99: 30,
  cold1P50: 1.0,
  cold1P99: 3,
  /** The hot name against /healthz (issue 34; issue 23 measured it against the keyed route). */
  hotOverHealthz: 0.8,
  coldBatchOverSingle1: 2,
  /** Issue 53, names that need the resolver: real names, and listing titles. */
  resolverOverHealthz: 0.35,
  titlesOverHealthz: 0.25,
  resolverCpuMs: 1.5,
  resolverP99OverHealthz: 4,
  resolver1P99: 8,
  /** Issue 54: recording refused names costs at most 3% of cold names' throughput. */
  coldRecording: 0.97,
};

const NONE: Measured = { rps: NaN, p50: NaN, p99: NaN, requests: 0, non2xx: 0, errors: 0 };

export interface SizeResult extends RoundsResult {
  /** 'realnames-dev', 'listings-dev' or 'generated' (results of earlier runs have none). */
  readonly catalog?: string;
  readonly products: number;
  /** How its names look (generator/statistics.ts). */
  readonly names?: NameStatistics;
  readonly measuredAt: string;
  readonly commit: string;
  readonly loadAverage: number[];
  readonly importSeconds: number;
  readonly quality: Omit<EvalReport, 'failures' | 'perKind'>;
  /** The hot name's answer after the rounds equals a fresh (uncached) answer to it. */
  readonly cacheCorrect: boolean;
  /** VmRSS of the service once it listens, before any request. */
  readonly serviceIdleMb: number;
  readonly servicePeakMb: number;
  readonly seconds: number;
  readonly connections: number;
}

export function table(r: SizeResult): string {
  const n = (x: number, digits = 1) => (Number.isNaN(x) ? 'n/a' : x.toFixed(digits));
  const lines = [
    `\n== ${r.catalog ?? 'generated'}, ${r.products.toLocaleString('en-US')} products: medians of ${r.runs.cold.length} rounds of ${r.seconds} s, ` +
      `${r.connections} connections unless noted (load average at start ${r.loadAverage.join(' ')}) ==`,
    `${'run'.padEnd(36)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}` +
      `${'non-2xx'.padStart(9)}${'errors'.padStart(8)}`,
  ];
  for (const [variant, title] of Object.entries(VARIANTS)) {
    // Results of earlier runs lack the variants added since.
    const m = r.medians[variant as Variant] ?? NONE;
    lines.push(
      `${title.padEnd(36)}${n(m.rps, 0).padStart(9)}${n(m.p50).padStart(9)}${n(m.p99).padStart(9)}` +
        `${n(m.non2xx, 0).padStart(9)}${n(m.errors, 0).padStart(8)}`,
    );
  }
  lines.push('');
  for (const [ratio, title] of Object.entries(RATIOS)) {
    const { rounds: each, median } = r.ratios[ratio as keyof typeof RATIOS] ?? {
      rounds: [],
      median: NaN,
    };
    lines.push(
      `${title.padEnd(56)}${n(median, 2).padStart(6)}   rounds ${each.map((x) => n(x, 2)).join(' ')}`,
    );
  }
  const q = r.quality;
  const pct = (x: number) => `${(100 * x).toFixed(2)}%`;
  const cpu = (variant: Variant, process = 'service') => {
    const c = r.medians[variant]?.cpu;
    return c ? `${process} ${n(c.serviceMs, 2)} ms, PostgreSQL ${n(c.databaseMs, 2)} ms` : 'n/a';
  };
  lines.push(
    `CPU per request: cold ${cpu('cold')}; cold direct ${cpu('coldDirect', 'driver')}; ` +
      `warm ${cpu('warm')}; hot ${cpu('hot')}; batch of 5 ${cpu('batch')}; ` +
      `names that need the resolver ${cpu('resolver')}`,
    `cold runs cut short (their process had asked every name of the sample): ${r.coldRunsCut ?? 0}`,
    `service RSS: idle ${n(r.serviceIdleMb, 0)} MB, under load (max VmRSS) ${n(r.serviceRssMb, 0)} MB, peak (VmHWM) ${n(r.servicePeakMb, 0)} MB (goal <= ${GOALS.rssMb} MB)`,
    `resolution over HTTP: ${q.queries} queries, wrong-product rate ${pct(q.wrongProductRate)} (goal 0), ` +
      `recall ${pct(q.recall)} (goal >= ${pct(GOALS.recall)}), refusals ${pct(q.correctRefusalRate)} ` +
      `(goal >= ${pct(GOALS.refusals)})${q.errors ? `, errors ${q.errors}` : ''}`,
    `hot name's answer after the rounds equals a fresh answer: ${r.cacheCorrect ? 'yes' : 'NO'}`,
    `import ${r.importSeconds} s`,
    `goals met: ${goalsMet(r).join(', ')}`,
  );
  return lines.join('\n');
}

/** Each goal of issue 23 that applies to the catalog, as "name yes|NO". */
function goalsMet(r: SizeResult): string[] {
  const { medians: m, ratios, quality: q } = r;
  const goals: [string, boolean][] = [];
  if (r.catalog === 'realnames-dev') {
    const cpu = m.cold.cpu ? m.cold.cpu.serviceMs + m.cold.cpu.databaseMs : NaN;
    goals.push(
      [
        `cold >= ${GOALS.coldOverHealthz} bare`,
        ratios.coldOverHealthz.median >= GOALS.coldOverHealthz,
      ],
      [`cold CPU <= ${GOALS.coldCpuMs} ms`, cpu <= GOALS.coldCpuMs],
      [`cold p99 <= ${GOALS.coldP99} ms`, m.cold.p99 <= GOALS.coldP99],
    );
  }
  const resolver = m.resolver;
  if (resolver && (r.catalog === 'realnames-dev' || r.catalog === 'listings-dev')) {
    const titles = r.catalog === 'listings-dev';
    const floor = titles ? GOALS.titlesOverHealthz : GOALS.resolverOverHealthz;
    goals.push([
      `${titles ? 'titles' : 'names needing the resolver'} >= ${floor} bare`,
      ratios.resolverOverHealthz.median >= floor,
    ]);
  }
  if (resolver && r.catalog === 'realnames-dev') {
    const cpu = resolver.cpu ? resolver.cpu.serviceMs + resolver.cpu.databaseMs : NaN;
    goals.push(
      [`resolver CPU <= ${GOALS.resolverCpuMs} ms`, cpu <= GOALS.resolverCpuMs],
      [
        `resolver p99 <= ${GOALS.resolverP99OverHealthz}x bare's`,
        ratios.resolverP99OverHealthz.median <= GOALS.resolverP99OverHealthz,
      ],
      [`resolver, 1 client p99 <= ${GOALS.resolver1P99} ms`, m.resolver1.p99 <= GOALS.resolver1P99],
    );
  }
  const recording = ratios.coldRecording?.median;
  if (recording !== undefined && !Number.isNaN(recording))
    goals.push([`recording <= 3% of cold`, recording >= GOALS.coldRecording]);
  if (r.products >= 1_000_000) {
    const met = ratios.coldOverHealthz.median >= GOALS.coldOverHealthzAt1M;
    goals.push([`cold >= ${GOALS.coldOverHealthzAt1M} bare`, met]);
  }
  goals.push(
    [`cold, 1 client p50 <= ${GOALS.cold1P50} ms`, m.cold1.p50 <= GOALS.cold1P50],
    [`cold, 1 client p99 <= ${GOALS.cold1P99} ms`, m.cold1.p99 <= GOALS.cold1P99],
    [
      `hot >= ${GOALS.hotOverHealthz} bare`,
      ratios.hotOverHealthz.median >= GOALS.hotOverHealthz && r.cacheCorrect,
    ],
    [
      `batch of 5 cold <= ${GOALS.coldBatchOverSingle1}x one`,
      ratios.coldBatchOverSingle1.median <= GOALS.coldBatchOverSingle1,
    ],
    [`RSS <= ${GOALS.rssMb} MB`, r.servicePeakMb <= GOALS.rssMb],
  );
  // The listing set's quality is bench:resolution's, against its own goals.
  if (r.catalog !== 'listings-dev')
    goals.push([
      'quality',
      q.wrongProducts === 0 && q.recall >= GOALS.recall && q.correctRefusalRate >= GOALS.refusals,
    ]);
  return goals.map(([name, met]) => `${name} ${met ? 'yes' : 'NO'}`);
}

/** How a row names its catalog before its size (a generated catalog: by its size alone). */
const CATALOG_LABELS: Record<string, string> = {
  'realnames-dev': 'real names, ',
  'listings-dev': 'listings, ',
};

/** A row of the table in bench/RESULTS.md, in its format. */
export function markdownRow(r: SizeResult): string {
  const { medians: m, ratios } = r;
  const int = (v: number) => (Number.isNaN(v) ? 'n/a' : Math.round(v).toLocaleString('en-US'));
  const x = (v: number) => (Number.isNaN(v) ? 'n/a' : v.toFixed(2));
  const ms = (v: number) => (Number.isNaN(v) ? 'n/a' : v.toFixed(1));
  const pct = (v: number) => `${(100 * v).toFixed(2)}%`;
  const cpu = (c: Measured['cpu']) => (c ? `${x(c.serviceMs)} + ${x(c.databaseMs)} ms` : 'n/a');
  const cells = [
    `${CATALOG_LABELS[r.catalog ?? ''] ?? ''}${r.products.toLocaleString('en-US')}`,
    `${int(m.cold.rps)} / ${int(m.warm.rps)} / ${int(m.hot.rps)} / ${int(m.healthz.rps)}`,
    `${x(ratios.coldOverHealthz.median)} / ${x(ratios.warmOverHealthz.median)} / ${x(ratios.hotOverHealthz.median)}`,
    x(ratios.coldOverBound.median),
    `${ms(m.cold.p50)} / ${ms(m.cold.p99)} ms`,
    `${ms(m.cold1.p50)} / ${ms(m.cold1.p99)} ms`,
    cpu(m.cold.cpu),
    cpu(m.warm.cpu),
    x(ratios.hotOverBare.median),
    `${int(r.serviceRssMb)} / ${int(r.servicePeakMb)} MB`,
    `${pct(r.quality.wrongProductRate)} / ${pct(r.quality.recall)} / ${pct(r.quality.correctRefusalRate)}`,
  ];
  return `| ${cells.join(' | ')} |`;
}

/** The header of that table. */
export const MARKDOWN_HEADER = [
  '| catalog | cold / warm / hot / bare req/s | cold / warm / hot ÷ bare | cold ÷ bound | cold p50 / p99 | cold, 1 client p50 / p99 | CPU per cold name: service + PostgreSQL | CPU per warm name | hot ÷ bare (key) | RSS load / peak | wrong / recall / refusals |',
  '|---|---|---|---|---|---|---|---|---|---|---|',
].join('\n');

/** A row of bench/RESULTS.md's table of names that need the resolver (issue 53). */
export function resolverRow(r: SizeResult): string {
  const { medians: m, ratios } = r;
  const x = (v: number) => (Number.isNaN(v) ? 'n/a' : v.toFixed(2));
  const ms = (v: number) => (Number.isNaN(v) ? 'n/a' : v.toFixed(1));
  const each = (v: keyof typeof RATIOS) =>
    `${x(ratios[v].median)} (${ratios[v].rounds.map(x).join(', ')})`;
  const c = m.resolver.cpu;
  const cells = [
    `${CATALOG_LABELS[r.catalog ?? ''] ?? ''}${r.products.toLocaleString('en-US')}`,
    each('resolverOverHealthz'),
    c ? `${x(c.serviceMs)} + ${x(c.databaseMs)} ms` : 'n/a',
    `${ms(m.resolver.p50)} / ${ms(m.resolver.p99)} ms`,
    `${ms(m.healthz.p99)} ms (${x(ratios.resolverP99OverHealthz.median)} times)`,
    `${ms(m.resolver1.p50)} / ${ms(m.resolver1.p99)} ms`,
    each('coldOverHealthz'),
    each('hotOverHealthz'),
  ];
  return `| ${cells.join(' | ')} |`;
}

/** The header of that table. */
export const RESOLVER_HEADER = [
  '| catalog | names needing the resolver ÷ `/healthz` (rounds) | CPU a name: service + PostgreSQL | p50 / p99, 16 conn. | `/healthz` p99 (resolver p99 ÷ it) | one client p50 / p99 | cold ÷ `/healthz` | hot ÷ `/healthz` |',
  '|---|---|---|---|---|---|---|---|',
].join('\n');
