import { count } from './format.js';
import { html, type Html } from './html.js';
import { timeTicks, type ChartWindow, type UsageSeries } from './usage-window.js';

// The chart has no viewBox: x positions are percentages and text has a fixed size in CSS
// pixels, so the bars stretch with the page while labels stay readable on a phone (a
// scaled viewBox shrank them to about 4 px). Values show on hover and on keyboard focus
// with CSS alone: the dashboard's CSP allows no inline script or style.

/** Percent of the plot's height kept above the highest gridline for the shown value. */
const TOP = 16;
const DAY_MS = 86_400_000;

const utc = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' });
const TIME = utc({ hour: '2-digit', minute: '2-digit' });
const DAY = utc({ day: 'numeric', month: 'short' });
const COMPACT = new Intl.NumberFormat('en-US', { notation: 'compact' });

/** A rounded-up axis maximum: 1, 2, 5, 10, 20, 50… */
export function niceMax(value: number): number {
  if (value <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (value <= step * power) return step * power;
  return 10 * power;
}

/** When a bucket starts: the time of day, with the day when the window spans days. */
export function bucketTime(window: ChartWindow, at: number): string {
  const span = window.buckets * window.bucketMs;
  return span > DAY_MS ? `${DAY.format(at)} ${TIME.format(at)}` : TIME.format(at);
}

const pct = (n: number) => `${n.toFixed(3)}%`;

function bucket(series: UsageSeries, i: number, max: number): Html {
  const { window } = series;
  const n = window.buckets;
  const http = series.http[i]!;
  const mcp = series.mcp[i]!;
  const refused = series.refused[i]!;
  const from = window.start + i * window.bucketMs;
  const label = `${bucketTime(window, from)} to ${TIME.format(from + window.bucketMs)} UTC`;
  const y = (v: number) => TOP + (1 - v / max) * (100 - TOP);
  // Stacked from the axis up: HTTP, then MCP, then refusals.
  let below = 0;
  const bars = (
    [
      ['http', http],
      ['mcp', mcp],
      ['refused', refused],
    ] as const
  ).map(([cls, v]) => {
    if (v === 0) return '';
    const bar = html`<rect
      class="bar ${cls}"
      x="${pct(((i + 0.15) / n) * 100)}"
      width="${pct((0.7 / n) * 100)}"
      y="${pct(y(below + v))}"
      height="${pct(y(below) - y(below + v))}"
    />`;
    below += v;
    return bar;
  });
  const total = http + mcp + refused;
  const tip = [
    bucketTime(window, from),
    total === 0 ? 'no calls' : `${count(http)} HTTP · ${count(mcp)} MCP`,
    refused > 0 && `${count(refused)} refused`,
  ]
    .filter(Boolean)
    .join(' · ');
  const at = (i + 0.5) / n;
  // Long values on a phone: anchored to the side they would run off.
  const anchor = at < 1 / 3 ? 'start' : at > 2 / 3 ? 'end' : 'middle';
  const tipX = anchor === 'start' ? i / n : anchor === 'end' ? (i + 1) / n : at;
  // Only buckets with calls take focus: a tab stop per empty bucket would be tedious.
  return html`<g class="bucket" ${total > 0 ? html`tabindex="0"` : ''}>
    <title>${label}: ${count(http)} HTTP, ${count(mcp)} MCP, ${count(refused)} refused</title>
    <rect class="hit" x="${pct((i / n) * 100)}" width="${pct(100 / n)}" y="0" height="100%" />
    ${bars}
    <text class="tip" x="${pct(tipX * 100)}" y="13" text-anchor="${anchor}" aria-hidden="true"
      >${tip}</text
    >
  </g>`;
}

function timeAxis(window: ChartWindow): Html {
  const { step, times } = timeTicks(window);
  const span = window.buckets * window.bucketMs;
  const labels = times.map((t) => {
    const at = (t - window.start) / span;
    const anchor = at < 0.06 ? 'start' : at > 0.94 ? 'end' : 'middle';
    const text = step >= DAY_MS ? DAY.format(t) : TIME.format(t);
    return html`<text x="${pct(at * 100)}" y="14" text-anchor="${anchor}">${text}</text>`;
  });
  return html`<svg class="chart-x" aria-hidden="true" focusable="false">${labels}</svg>`;
}

/** Calls per bucket as stacked bars in an inline SVG (no script, nothing fetched). */
export function usageChart(series: UsageSeries, labelledBy: string): Html {
  const peak = Math.max(...series.http.map((v, i) => v + series.mcp[i]! + series.refused[i]!));
  const max = niceMax(peak);
  const gridAt = (v: number) => pct(TOP + (1 - v / max) * (100 - TOP));
  const gridValues = max > 1 ? [max, max / 2] : [max];
  const grid = gridValues.map(
    (v) =>
      html`<line class="grid" x1="0" x2="100%" y1="${gridAt(v)}" y2="${gridAt(v)}" />
        <text class="axis-label" x="2" y="${gridAt(v)}" dy="-4">${COMPACT.format(v)}</text>`,
  );
  const buckets = series.http.map((_, i) => bucket(series, i, max));
  return html`<div class="chart">
    <svg class="chart-plot" role="group" aria-labelledby="${labelledBy}">
      ${grid}
      <line class="grid baseline" x1="0" x2="100%" y1="100%" y2="100%" />
      ${buckets}
    </svg>
    ${timeAxis(series.window)}
  </div>`;
}
