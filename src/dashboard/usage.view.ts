import type { AccountRecord } from './account.repository.js';
import { count, when } from './format.js';
import { html } from './html.js';
import type { DashboardKey } from './key-access.js';
import { keyStatus, statusBadge } from './keys.view.js';
import { page } from './layout.view.js';
import { bucketTime, usageChart } from './usage-chart.js';
import { USAGE_RANGES, type UsageRange, type UsageSeries } from './usage-window.js';

export interface Budget {
  limit: number;
  remaining: number;
  resetSeconds: number;
  windowSeconds: number;
}

export interface KeyUsage {
  series: UsageSeries;
  clicks: { recent: number; total: number };
  /** The rate budget now; undefined when the quota cannot say. */
  budget?: Budget;
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** "a minute", "an hour", "every 90 seconds": the quota's window, as the README says it. */
function perWindow(seconds: number): string {
  const named: Record<number, string> = { 60: 'a minute', 3600: 'an hour', 86_400: 'a day' };
  return named[seconds] ?? `every ${count(seconds)} seconds`;
}

const MINUTE_MS = 60_000;
/** "minute", "15 minutes", "hour", "2 hours": the chart's bucket size in words. */
function bucketSize(ms: number): string {
  const [n, unit] = ms < 3_600_000 ? [ms / MINUTE_MS, 'minute'] : [ms / 3_600_000, 'hour'];
  return n === 1 ? unit : `${n} ${unit}s`;
}

/** The chart's buckets with calls, as a table: its values for screen readers and keyboards. */
function bucketRows(series: UsageSeries) {
  return series.http.flatMap((http, i) => {
    const mcp = series.mcp[i]!;
    const refused = series.refused[i]!;
    if (http + mcp + refused === 0) return [];
    const from = series.window.start + i * series.window.bucketMs;
    return [
      html`<tr>
        <td>${bucketTime(series.window, from)}</td>
        <td class="num">${count(http)}</td>
        <td class="num">${count(mcp)}</td>
        <td class="num">${count(refused)}</td>
      </tr>`,
    ];
  });
}

/** Links, not a form: each range has its own address, and Tab reaches every one. */
function rangeSwitch(keyId: string, current: UsageRange) {
  return html`<nav class="ranges" aria-label="Time range">
    ${Object.entries(USAGE_RANGES).map(
      ([range, { label }]) =>
        html`<a
          href="/dashboard/keys/${keyId}?range=${range}"
          ${range === current ? html`aria-current="page"` : ''}
          >${label}</a
        >`,
    )}
  </nav>`;
}

export function usagePage(options: {
  account: AccountRecord;
  csrf: string;
  key: DashboardKey;
  usage: KeyUsage;
  now: Date;
}): string {
  const { key, usage, now } = options;
  const { series } = usage;
  const { window } = series;
  const range = USAGE_RANGES[window.range];
  const http = sum(series.http);
  const mcp = sum(series.mcp);
  const refused = sum(series.refused);
  const peak = Math.max(...series.http.map((v, i) => v + series.mcp[i]!));
  const per = bucketSize(window.bucketMs);
  const status = keyStatus(key, now);
  const budget = usage.budget;
  const rows = bucketRows(series);
  return page({
    title: `Usage of ${key.name}`,
    account: options.account,
    csrf: options.csrf,
    section: 'keys',
    body: html`<p><a href="/dashboard/keys">← All keys</a></p>
      <h1>${key.name} ${statusBadge(status)}</h1>
      <p class="lead">
        <code>${key.displayPrefix}</code>${key.ownerEmail && html` · ${key.ownerEmail}`} · created
        ${when(key.createdAt, { now })} · last used ${when(key.lastUsedAt, { now, empty: 'never' })}
      </p>
      <dl class="stats">
        <div class="stat">
          <dt>HTTP lookups, ${range.label}</dt>
          <dd>${count(http)}</dd>
        </div>
        <div class="stat">
          <dt>MCP lookups, ${range.label}</dt>
          <dd>${count(mcp)}</dd>
        </div>
        <div class="stat">
          <dt>Refused (429), ${range.label}</dt>
          <dd>${count(refused)}</dd>
        </div>
        <div class="stat">
          <dt>Budget remaining now</dt>
          <dd>
            ${
              budget
                ? html`${count(budget.remaining)}
                    <small
                      >of ${count(budget.limit)} lookups
                      ${perWindow(budget.windowSeconds)}${budget.remaining < budget.limit ? html`, more frees in ${budget.resetSeconds} s` : ''}</small
                    >`
                : html`<small>unavailable</small>`
            }
          </dd>
        </div>
        <div class="stat">
          <dt>Purchase-link clicks</dt>
          <dd>
            ${count(usage.clicks.recent)}
            <small>in ${range.label}, ${count(usage.clicks.total)} in all</small>
          </dd>
        </div>
      </dl>
      <section class="card" aria-labelledby="chart-title">
        <div class="chart-head">
          <h2 id="chart-title">Calls per ${per}, ${range.long} (UTC)</h2>
          ${rangeSwitch(key.id, window.range)}
        </div>
        ${
          window.zoomed &&
          html`<p class="hint">
            Zoomed to activity: from ${bucketTime(window, window.start)}, a little before the first
            call in the ${range.long}.
          </p>`
        }
        <p class="sr-only" id="chart-desc">
          ${count(http)} HTTP lookups, ${count(mcp)} MCP lookups and ${count(refused)} refusals in
          the ${range.long}; at most ${count(peak)} lookups in ${per}.
        </p>
        <figure>
          ${usageChart(series, 'chart-title chart-desc')}
          <figcaption>
            <ul class="legend">
              <li class="http">HTTP</li>
              <li class="mcp">MCP</li>
              <li class="refused">Refused (429)</li>
            </ul>
          </figcaption>
        </figure>
        ${
          rows.length === 0
            ? html`<div class="empty">
                <strong>No calls in the ${range.long}</strong>Calls with this key appear here within
                a few seconds.
              </div>`
            : html`<details>
                <summary>Values per ${per}</summary>
                <div class="table-wrap">
                  <table>
                    <thead>
                      <tr>
                        <th scope="col">From (UTC)</th>
                        <th scope="col" class="num">HTTP</th>
                        <th scope="col" class="num">MCP</th>
                        <th scope="col" class="num">Refused</th>
                      </tr>
                    </thead>
                    <tbody>
                      ${rows}
                    </tbody>
                  </table>
                </div>
              </details>`
        }
      </section>
      <section class="card" aria-labelledby="facts-title">
        <h2 id="facts-title">Key</h2>
        <dl class="facts">
          <dt>Created</dt>
          <dd>${when(key.createdAt)}</dd>
          <dt>Expires</dt>
          <dd>${when(key.expiresAt, { empty: 'Never' })}</dd>
          <dt>Last used</dt>
          <dd>${when(key.lastUsedAt, { empty: 'Never' })}</dd>
          <dt>Revoked</dt>
          <dd>${when(key.revokedAt, { empty: 'No' })}</dd>
        </dl>
        ${!key.revokedAt && html`<p><a class="danger-text" href="/dashboard/keys/${key.id}/revoke">Revoke this key…</a></p>`}
      </section>`,
  });
}
