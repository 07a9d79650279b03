// The latency of distinct lookups against catalog size, as a small hand-written SVG: log x
// axis (catalog size), log y axis (ms: the goals are a few ms, slow runs take seconds, and
// growth reads as slope on both), p50 and p99 series, the goals as dashed lines.

export interface ChartPoint {
  readonly products: number;
  readonly p50: number;
  readonly p99: number;
}

const W = 640;
const H = 400;
const M = { left: 60, right: 110, top: 40, bottom: 50 };
const GOALS = [
  { ms: 5, label: 'p50 goal 5 ms' },
  { ms: 25, label: 'p99 goal 25 ms' },
];

export function latencyChart(points: readonly ChartPoint[], subtitle: string): string {
  const sorted = [...points].sort((a, b) => a.products - b.products);
  // Always at least 10k..1M, so charts of different runs line up.
  const lo = Math.floor(Math.log10(Math.min(1e4, ...sorted.map((p) => p.products))));
  const hi = Math.ceil(Math.log10(Math.max(1e6, ...sorted.map((p) => p.products))));
  // Decades of milliseconds from 1 ms to above the slowest p99 (at least 100 ms).
  const yTop = Math.max(2, Math.ceil(Math.log10(Math.max(1, ...sorted.map((p) => p.p99)))));
  const x = (n: number) => M.left + ((Math.log10(n) - lo) / (hi - lo)) * (W - M.left - M.right);
  const y = (ms: number) =>
    H - M.bottom - (Math.log10(Math.max(ms, 1)) / yTop) * (H - M.top - M.bottom);
  const f = (n: number) => n.toFixed(1);

  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12">`,
    `<rect width="${W}" height="${H}" fill="white"/>`,
    `<text x="${M.left}" y="18" font-size="14" font-weight="bold">Distinct uncached lookups: latency against catalog size</text>`,
    `<text x="${M.left}" y="33" fill="#555">${escape(subtitle)}</text>`,
  ];
  for (let e = lo; e <= hi; e++) {
    const px = f(x(10 ** e));
    parts.push(
      `<line x1="${px}" y1="${M.top}" x2="${px}" y2="${H - M.bottom}" stroke="#eee"/>`,
      `<text x="${px}" y="${H - M.bottom + 16}" text-anchor="middle">${(10 ** e).toLocaleString('en-US')}</text>`,
    );
  }
  for (let e = 0; e <= yTop; e++) {
    const ms = 10 ** e;
    parts.push(
      `<line x1="${M.left}" y1="${f(y(ms))}" x2="${W - M.right}" y2="${f(y(ms))}" stroke="#eee"/>`,
      `<text x="${M.left - 6}" y="${f(y(ms) + 4)}" text-anchor="end">${ms.toLocaleString('en-US')}</text>`,
    );
  }
  parts.push(
    `<text x="${(M.left + W - M.right) / 2}" y="${H - 12}" text-anchor="middle">products in the catalog (log scale)</text>`,
    `<text transform="translate(16 ${(M.top + H - M.bottom) / 2}) rotate(-90)" text-anchor="middle">latency (ms, log scale)</text>`,
  );
  for (const goal of GOALS) {
    parts.push(
      `<line x1="${M.left}" y1="${f(y(goal.ms))}" x2="${W - M.right}" y2="${f(y(goal.ms))}" stroke="#999" stroke-dasharray="4 4"/>`,
      `<text x="${M.left + 4}" y="${f(y(goal.ms) - 4)}" fill="#777">${goal.label}</text>`,
    );
  }
  for (const [key, colour] of [
    ['p50', '#1f77b4'],
    ['p99', '#d62728'],
  ] as const) {
    const xy = sorted.map((p) => `${f(x(p.products))},${f(y(p[key]))}`);
    parts.push(
      `<polyline points="${xy.join(' ')}" fill="none" stroke="${colour}" stroke-width="2"/>`,
    );
    for (const p of sorted) {
      parts.push(
        `<circle cx="${f(x(p.products))}" cy="${f(y(p[key]))}" r="4" fill="${colour}"/>`,
        `<text x="${f(x(p.products) + 7)}" y="${f(y(p[key]) - 6)}" fill="${colour}">${p[key].toFixed(1)}</text>`,
      );
    }
    const last = sorted.at(-1);
    if (last)
      parts.push(
        `<text x="${W - M.right + 4}" y="${f(y(last[key]) + 4)}" fill="${colour}" font-weight="bold">${key}</text>`,
      );
  }
  parts.push('</svg>');
  return parts.join('\n') + '\n';
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
}
