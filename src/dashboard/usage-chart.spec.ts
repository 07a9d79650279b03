import { describe, expect, it } from '@jest/globals';
import { niceMax, usageChart } from './usage-chart.js';
import { addCounts, chartWindow, emptySeries } from './usage-window.js';

const NOW = Date.UTC(2026, 4, 12, 14, 37, 20);

describe(usageChart.name, () => {
  it('rounds the axis up to 1, 2 or 5 times a power of ten', () => {
    expect([0, 1, 3, 7, 10, 11, 180, 501].map(niceMax)).toEqual([1, 1, 5, 10, 10, 20, 200, 1000]);
  });

  it('draws stacked bars with values on hover and focus, focusable only where there are calls', () => {
    const series = emptySeries(chartWindow('24h', NOW, NOW - 5 * 60_000));
    addCounts(series, NOW - 60_000, 'http', 3, 0);
    addCounts(series, NOW - 60_000, 'mcp', 1, 2);
    const svg = usageChart(series, 'title').text;
    expect(svg.match(/class="bucket"/g)).toHaveLength(series.window.buckets);
    expect(svg.match(/tabindex="0"/g)).toHaveLength(1);
    expect(svg.match(/class="bar /g)).toHaveLength(3);
    expect(svg).toContain('<title>14:36 to 14:37 UTC: 3 HTTP, 1 MCP, 2 refused</title>');
    expect(svg).toMatch(/class="tip"[^>]*>14:36 · 3 HTTP · 1 MCP · 2 refused</);
    // No viewBox: nothing scales the labels down on a narrow screen.
    expect(svg).not.toContain('viewBox');
    // The tallest stack reaches the highest gridline: 6 calls on an axis to 10.
    expect(svg).toMatch(/<text class="axis-label"[^>]*>10</);
  });
});
