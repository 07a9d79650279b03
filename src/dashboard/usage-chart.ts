import { html, type Html } from './html.js';

export const MINUTES = 24 * 60;
const WIDTH = 960;
const HEIGHT = 260;
const PAD = { left: 44, right: 12, top: 12, bottom: 28 };

export interface UsageSeries {
  /** Start of the first minute (ms since the epoch); MINUTES values follow per series. */
  start: number;
  http: number[];
  mcp: number[];
  refused: number[];
}

/** A rounded-up axis maximum: 1, 2, 5, 10, 20, 50… */
function niceMax(value: number): number {
  if (value <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (value <= step * power) return step * power;
  return 10 * power;
}

const hhmm = (ms: number) => new Date(ms).toISOString().slice(11, 16);

/**
 * Lookups per minute over 24 hours as an inline SVG (no script, nothing fetched): one line
 * per channel and one for 429 refusals, with hourly gridlines every 3 hours.
 */
export function usageChart(series: UsageSeries, labelledBy: string): Html {
  const max = niceMax(Math.max(...series.http, ...series.mcp, ...series.refused));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const x = (i: number) => (PAD.left + (i / (MINUTES - 1)) * plotW).toFixed(1);
  const y = (v: number) => (PAD.top + plotH - (v / max) * plotH).toFixed(1);
  const line = (values: number[], cls: string) =>
    html`<polyline
      class="series ${cls}"
      points="${values.map((v, i) => `${x(i)},${y(v)}`).join(' ')}"
    />`;
  const yTicks = [0, max / 2, max].map(
    (v) =>
      html`<line
          class="grid"
          x1="${PAD.left}"
          x2="${WIDTH - PAD.right}"
          y1="${y(v)}"
          y2="${y(v)}"
        />
        <text class="axis-label" x="${PAD.left - 6}" y="${Number(y(v)) + 4}" text-anchor="end"
          >${v % 1 ? v.toFixed(1) : v}</text
        >`,
  );
  const xTicks = [];
  const firstHour = Math.ceil(series.start / 3_600_000) * 3_600_000;
  for (let t = firstHour; t < series.start + MINUTES * 60_000; t += 3 * 3_600_000) {
    const i = (t - series.start) / 60_000;
    xTicks.push(
      html`<text class="axis-label" x="${x(i)}" y="${HEIGHT - 8}" text-anchor="middle"
        >${hhmm(t)}</text
      >`,
    );
  }
  return html`<svg
    class="chart"
    viewBox="0 0 ${WIDTH} ${HEIGHT}"
    role="img"
    aria-labelledby="${labelledBy}"
    focusable="false"
  >
    ${yTicks}${xTicks}
    ${line(series.http, 'series-http')}${line(series.mcp, 'series-mcp')}${line(series.refused, 'series-refused')}
  </svg>`;
}
