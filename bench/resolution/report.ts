import {
  describeFailure,
  evaluate,
  QUERY_KINDS,
  type EvalReport,
  type ResolvedQuery,
} from './evaluate.js';

// An evaluation report (evaluate.ts) as text, for the bench scripts' output.

/** The report as text: headline metrics, the per-kind table, then (optionally) the failures. */
export function formatReport(
  title: string,
  report: EvalReport,
  options: { failures?: boolean } = {},
): string {
  const pct = (x: number) => `${(100 * x).toFixed(2)}%`;
  const ms = (x: number | null) => (x === null ? 'n/a' : `${x.toFixed(1)} ms`);
  const lines = [
    `== ${title} ==`,
    `queries ${report.queries} (answerable ${report.answerable}, labelled null ${report.unanswerable})`,
    `wrong-product rate ${pct(report.wrongProductRate)} (${report.wrongProducts})` +
      `   recall ${pct(report.recall)}   correct refusals ${pct(report.correctRefusalRate)}` +
      (report.errors ? `   errors ${report.errors}` : ''),
    `resolve time median ${ms(report.medianMs)}   p99 ${ms(report.p99Ms)}`,
    ...(report.suggested.refused > 0
      ? [
          `refused with their product in the catalog ${report.suggested.refused}: ` +
            `suggested first ${pct(report.suggested.first / report.suggested.refused)}, ` +
            `among the suggestions ${pct(report.suggested.listed / report.suggested.refused)}`,
        ]
      : []),
    '',
    `${'kind'.padEnd(14)}${'queries'.padStart(8)}${'answerable'.padStart(11)}` +
      `${'correct'.padStart(9)}${'wrong'.padStart(7)}${'missed'.padStart(8)}${'accuracy'.padStart(10)}`,
  ];
  for (const kind of QUERY_KINDS) {
    const s = report.perKind[kind];
    if (s === undefined) continue;
    lines.push(
      `${kind.padEnd(14)}${String(s.queries).padStart(8)}${String(s.answerable).padStart(11)}` +
        `${String(s.correct).padStart(9)}${String(s.wrongProducts).padStart(7)}` +
        `${String(s.missed).padStart(8)}${pct(s.correct / s.queries).padStart(10)}`,
    );
  }
  if (options.failures && report.failures.length) lines.push('', formatFailures(report));
  return lines.join('\n');
}

/**
 * Every failure of a report, one per line, wrong products first; those of lookups never to be
 * read line by line (`unread`) only counted.
 */
export function formatFailures(
  report: EvalReport,
  unread: (query: string) => boolean = () => false,
): string {
  const shown = report.failures.filter((f) => !unread(f.query));
  const hidden = report.failures.length - shown.length;
  return [
    `failures (${report.failures.length}):`,
    ...shown.map((f) => '  ' + describeFailure(f)),
    ...(hidden > 0 ? [`  (and ${hidden} of the half never read, not shown)`] : []),
  ].join('\n');
}

/** The report of each half of a set: the lookups read line by line, and the others. */
export function formatHalves(
  title: string,
  results: readonly ResolvedQuery[],
  unread: (query: string) => boolean,
): string {
  return [false, true]
    .map((never) =>
      formatReport(
        `${title}, the half ${never ? 'never read' : 'read'}`,
        evaluate(results.filter((r) => unread(r.labelled.query) === never)),
      ),
    )
    .join('\n\n');
}

/** Resolve times of short names against long titles of the same set: p50 and p99. */
export function formatLengths(results: readonly ResolvedQuery[]): string {
  const times = (keep: (length: number) => boolean) =>
    results
      .filter((r) => r.ms !== undefined && keep(r.labelled.query.length))
      .map((r) => r.ms!)
      .sort((a, b) => a - b);
  const at = (xs: number[], q: number) => xs[Math.min(xs.length - 1, Math.ceil(q * xs.length) - 1)];
  const line = (label: string, xs: number[]) =>
    xs.length === 0
      ? `${label}: none`
      : `${label} (${xs.length}): p50 ${at(xs, 0.5)!.toFixed(1)} ms, p99 ${at(xs, 0.99)!.toFixed(1)} ms`;
  return `${line(
    'names of 40 characters or fewer',
    times((n) => n <= 40),
  )}; ${line(
    'titles of 100 characters or more',
    times((n) => n >= 100),
  )}`;
}

/** How many of the most expensive lookups formatSlowest names. */
const SLOWEST = 5;

/**
 * The lookups' least resolve times over the CPU passes (`least`, in query order): mean, p99,
 * and the most expensive, those never to be read (`unread`) counted, not named (issue 53).
 */
export function formatSlowest(
  results: readonly ResolvedQuery[],
  least: readonly number[],
  unread: (query: string) => boolean = () => false,
): string {
  const timed = results
    .map((r, i) => ({ query: r.labelled.query, ms: least[i]! }))
    .filter((t) => Number.isFinite(t.ms))
    .sort((a, b) => b.ms - a.ms);
  if (timed.length === 0) return 'least resolve times: none (no CPU pass)';
  const mean = timed.reduce((sum, t) => sum + t.ms, 0) / timed.length;
  const p99 = timed[Math.floor(0.01 * timed.length)]!.ms;
  const named = timed
    .slice(0, SLOWEST)
    .map((t) =>
      unread(t.query)
        ? `  ${t.ms.toFixed(1)} ms  (of the half never read)`
        : `  ${t.ms.toFixed(1)} ms  ${t.query}`,
    );
  return [
    `least resolve time over the passes: mean ${mean.toFixed(2)} ms, p99 ${p99.toFixed(1)} ms; the most expensive:`,
    ...named,
  ].join('\n');
}

/** What resolving a set cost: CPU milliseconds per lookup, this process and PostgreSQL. */
export interface Cost {
  readonly serviceMs: number;
  readonly databaseMs?: number;
}

/** What resolving a set cost, as text: the median of `passes` passes. */
export const formatCost = (title: string, { serviceMs, databaseMs }: Cost, passes: number) =>
  `${title}: CPU per lookup (median of ${passes} passes) ${serviceMs.toFixed(3)} ms resolver` +
  (databaseMs === undefined ? '' : ` + ${databaseMs.toFixed(3)} ms PostgreSQL`);
