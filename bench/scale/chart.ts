import type { SizeResult } from './report.js';

// Cold, warm and hot lookups against catalog size, as a small hand-written SVG. Each is drawn
// as its requests per second over the bare route's (/healthz) in the same round: absolute
// figures move by half between machines of one kind, ratios much less. Log x axis (catalog
// size), linear y axis from 0 to 1; generated catalogs as lines, the development set of real
// names as hollow markers at its size; the cold goals as dashed lines.

const W = 680;
const H = 420;
const M = { left: 60, right: 120, top: 40, bottom: 50 };
const SERIES = [
  { label: 'cold', colour: '#d62728', ratio: 'coldOverHealthz' },
  { label: 'warm', colour: '#ff7f0e', ratio: 'warmOverHealthz' },
  { label: 'hot', colour: '#1f77b4', ratio: 'hotOverHealthz' },
] as const;
const GOALS = [
  { at: 0.35, label: 'cold goal, real names 0.35' },
  { at: 0.25, label: 'cold goal at 1M 0.25' },
];

export function workloadChart(results: readonly SizeResult[], subtitle: string): string {
  const generated = results
    .filter((r) => (r.catalog ?? 'generated') === 'generated')
    .sort((a, b) => a.products - b.products);
  const real = results.filter((r) => r.catalog === 'realnames-dev');
  // Always at least 10k..1M, so charts of different runs line up.
  const all = results.map((r) => r.products);
  const lo = Math.floor(Math.log10(Math.min(1e4, ...all)));
  const hi = Math.ceil(Math.log10(Math.max(1e6, ...all)));
  const x = (n: number) => M.left + ((Math.log10(n) - lo) / (hi - lo)) * (W - M.left - M.right);
  const y = (ratio: number) => H - M.bottom - Math.min(1, ratio) * (H - M.top - M.bottom);
  const f = (n: number) => n.toFixed(1);
  const ratioOf = (r: SizeResult, key: (typeof SERIES)[number]['ratio']) =>
    r.ratios[key]?.median ?? NaN;

  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12">`,
    `<rect width="${W}" height="${H}" fill="white"/>`,
    `<text x="${M.left}" y="18" font-size="14" font-weight="bold">Lookups per second over the bare route's, against catalog size</text>`,
    `<text x="${M.left}" y="33" fill="#555">${escape(subtitle)}</text>`,
  ];
  for (let e = lo; e <= hi; e++) {
    const px = f(x(10 ** e));
    parts.push(
      `<line x1="${px}" y1="${M.top}" x2="${px}" y2="${H - M.bottom}" stroke="#eee"/>`,
      `<text x="${px}" y="${H - M.bottom + 16}" text-anchor="middle">${(10 ** e).toLocaleString('en-US')}</text>`,
    );
  }
  for (let tick = 0; tick <= 10; tick += 2) {
    const py = f(y(tick / 10));
    parts.push(
      `<line x1="${M.left}" y1="${py}" x2="${W - M.right}" y2="${py}" stroke="#eee"/>`,
      `<text x="${M.left - 6}" y="${f(y(tick / 10) + 4)}" text-anchor="end">${(tick / 10).toFixed(1)}</text>`,
    );
  }
  parts.push(
    `<text x="${(M.left + W - M.right) / 2}" y="${H - 12}" text-anchor="middle">products in the catalog (log scale)</text>`,
    `<text transform="translate(16 ${(M.top + H - M.bottom) / 2}) rotate(-90)" text-anchor="middle">req/s ÷ /healthz req/s</text>`,
  );
  for (const goal of GOALS) {
    parts.push(
      `<line x1="${M.left}" y1="${f(y(goal.at))}" x2="${W - M.right}" y2="${f(y(goal.at))}" stroke="#999" stroke-dasharray="4 4"/>`,
      `<text x="${M.left + 4}" y="${f(y(goal.at) - 4)}" fill="#777">${goal.label}</text>`,
    );
  }
  for (const { label, colour, ratio } of SERIES) {
    const points = generated.filter((r) => !Number.isNaN(ratioOf(r, ratio)));
    const xy = points.map((r) => `${f(x(r.products))},${f(y(ratioOf(r, ratio)))}`);
    if (xy.length > 1)
      parts.push(
        `<polyline points="${xy.join(' ')}" fill="none" stroke="${colour}" stroke-width="2"/>`,
      );
    for (const r of points) {
      const [px, py] = [x(r.products), y(ratioOf(r, ratio))];
      parts.push(
        `<circle cx="${f(px)}" cy="${f(py)}" r="4" fill="${colour}"/>`,
        `<text x="${f(px + 7)}" y="${f(py - 6)}" fill="${colour}">${ratioOf(r, ratio).toFixed(2)}</text>`,
      );
    }
    for (const r of real) {
      const [px, py] = [x(r.products), y(ratioOf(r, ratio))];
      if (Number.isNaN(py)) continue;
      parts.push(
        `<circle cx="${f(px)}" cy="${f(py)}" r="5" fill="white" stroke="${colour}" stroke-width="2"/>`,
        `<text x="${f(px - 8)}" y="${f(py + 4)}" text-anchor="end" fill="${colour}">${ratioOf(r, ratio).toFixed(2)}</text>`,
      );
    }
    const last = points.at(-1);
    if (last)
      parts.push(
        `<text x="${W - M.right + 6}" y="${f(y(ratioOf(last, ratio)) + 4)}" fill="${colour}" font-weight="bold">${label}</text>`,
      );
  }
  parts.push(
    `<text x="${W - M.right + 6}" y="${M.top + 10}" fill="#555">○ real names</text>`,
    `<text x="${W - M.right + 6}" y="${M.top + 26}" fill="#555">● generated</text>`,
    '</svg>',
  );
  return parts.join('\n') + '\n';
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
}
