import type { EvalReport } from '../resolution/evaluate.js';
import { RATIOS, VARIANTS, type RoundsResult, type Variant } from './rounds.js';

// What the scale bench reports of one catalog size: the console table, the goals met, and the
// row of bench/RESULTS.md's table.

export const GOALS = { recall: 0.97, refusals: 0.98, rssMb: 300, p50: 5, p99: 25, rps: 1000 };

export interface SizeResult extends RoundsResult {
  readonly products: number;
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
    `\n== ${r.products.toLocaleString('en-US')} products: medians of ${r.runs.distinct.length} rounds of ${r.seconds} s, ` +
      `${r.connections} connections unless noted (load average at start ${r.loadAverage.join(' ')}) ==`,
    `${'run'.padEnd(36)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}` +
      `${'non-2xx'.padStart(9)}${'errors'.padStart(8)}`,
  ];
  for (const [variant, title] of Object.entries(VARIANTS)) {
    const m = r.medians[variant as Variant];
    lines.push(
      `${title.padEnd(36)}${n(m.rps, 0).padStart(9)}${n(m.p50).padStart(9)}${n(m.p99).padStart(9)}` +
        `${n(m.non2xx, 0).padStart(9)}${n(m.errors, 0).padStart(8)}`,
    );
  }
  lines.push('');
  for (const [ratio, title] of Object.entries(RATIOS)) {
    const { rounds: each, median } = r.ratios[ratio as keyof typeof RATIOS];
    lines.push(
      `${title.padEnd(56)}${n(median, 2).padStart(6)}   rounds ${each.map((x) => n(x, 2)).join(' ')}`,
    );
  }
  const q = r.quality;
  const pct = (x: number) => `${(100 * x).toFixed(2)}%`;
  const cpu = (variant: Variant, process = 'service') => {
    const c = r.medians[variant].cpu;
    return c ? `${process} ${n(c.serviceMs, 2)} ms, PostgreSQL ${n(c.databaseMs, 2)} ms` : 'n/a';
  };
  lines.push(
    `CPU per request: distinct ${cpu('distinct')}; direct ${cpu('direct', 'driver')}; ` +
      `hot ${cpu('hot')}; batch of 5 ${cpu('batch')}`,
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

/** Each goal of issue 8 as "name yes|NO". */
function goalsMet(r: SizeResult): string[] {
  const { medians: m, ratios, quality: q } = r;
  const goals: [string, boolean][] = [
    [`p50 <= ${GOALS.p50} ms`, m.distinct.p50 <= GOALS.p50],
    [`p99 <= ${GOALS.p99} ms`, m.distinct.p99 <= GOALS.p99],
    [`>= ${GOALS.rps} lookups/s`, m.distinct.rps >= GOALS.rps],
    ['hot >= 0.8 bare', ratios.hotOverBare.median >= 0.8 && r.cacheCorrect],
    ['batch <= 2x single', ratios.batchOverSingle1.median <= 2],
    ['HTTP >= 0.8 direct', ratios.httpOverDirect.median >= 0.8],
    [`RSS <= ${GOALS.rssMb} MB`, r.servicePeakMb <= GOALS.rssMb],
    [
      'quality',
      q.wrongProducts === 0 && q.recall >= GOALS.recall && q.correctRefusalRate >= GOALS.refusals,
    ],
  ];
  return goals.map(([name, met]) => `${name} ${met ? 'yes' : 'NO'}`);
}

/** A row of the table in bench/RESULTS.md, in its format. */
export function markdownRow(r: SizeResult): string {
  const { medians: m, ratios } = r;
  const int = (v: number) => (Number.isNaN(v) ? 'n/a' : Math.round(v).toLocaleString('en-US'));
  const x = (v: number) => (Number.isNaN(v) ? 'n/a' : v.toFixed(2));
  const pct = (v: number) => `${(100 * v).toFixed(2)}%`;
  const cells = [
    r.products.toLocaleString('en-US'),
    `${int(m.distinct.p50)} / ${int(m.distinct.p99)} ms`,
    int(m.distinct.rps),
    int(m.direct.rps),
    x(ratios.httpOverDirect.median),
    `${int(m.hot.rps)} / ${int(m.bare.rps)} / ${int(m.barePublic.rps)}`,
    `${x(ratios.hotOverBare.median)}, ${x(ratios.hotOverBarePublic.median)}`,
    `${x(ratios.batchOverSingle1.median)} (${x(ratios.batchOverSingle.median)})`,
    `${int(r.serviceRssMb)} / ${int(r.servicePeakMb)} MB`,
    m.distinct.cpu
      ? `${m.distinct.cpu.serviceMs.toFixed(2)} / ${m.distinct.cpu.databaseMs.toFixed(2)} ms`
      : 'n/a',
    `${pct(r.quality.wrongProductRate)} / ${pct(r.quality.recall)} / ${pct(r.quality.correctRefusalRate)}`,
  ];
  return `| ${cells.join(' | ')} |`;
}
