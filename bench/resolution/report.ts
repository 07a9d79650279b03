import { describeFailure, QUERY_KINDS, type EvalReport } from './evaluate.js';

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

/** Every failure of a report, one per line, wrong products first. */
export function formatFailures(report: EvalReport): string {
  return [
    `failures (${report.failures.length}):`,
    ...report.failures.map((f) => '  ' + describeFailure(f)),
  ].join('\n');
}
