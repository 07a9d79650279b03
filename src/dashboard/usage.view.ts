import type { AccountRecord } from './account.repository.js';
import { count, when } from './format.js';
import { html } from './html.js';
import type { DashboardKey } from './key-access.js';
import { keyStatus, statusBadge } from './keys.view.js';
import { page } from './layout.view.js';
import { usageChart, type UsageSeries } from './usage-chart.js';

export interface Budget {
  limit: number;
  remaining: number;
  resetSeconds: number;
}

export interface KeyUsage {
  series: UsageSeries;
  clicks: { recent: number; total: number };
  /** The rate budget now; undefined when the quota cannot say. */
  budget?: Budget;
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

function hourly(series: UsageSeries) {
  const rows = [];
  for (let h = 0; h < 24; h++) {
    const slice = (values: number[]) => sum(values.slice(h * 60, h * 60 + 60));
    const http = slice(series.http);
    const mcp = slice(series.mcp);
    const refused = slice(series.refused);
    if (http + mcp + refused === 0) continue;
    rows.push(
      html`<tr>
        <td>${when(new Date(series.start + h * 3_600_000))}</td>
        <td class="num">${count(http)}</td>
        <td class="num">${count(mcp)}</td>
        <td class="num">${count(refused)}</td>
      </tr>`,
    );
  }
  return rows;
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
  const http = sum(series.http);
  const mcp = sum(series.mcp);
  const refused = sum(series.refused);
  const peak = Math.max(...series.http.map((v, i) => v + series.mcp[i]!));
  const status = keyStatus(key, now);
  const budget = usage.budget;
  const rows = hourly(series);
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
          <dt>HTTP lookups, 24 h</dt>
          <dd>${count(http)}</dd>
        </div>
        <div class="stat">
          <dt>MCP lookups, 24 h</dt>
          <dd>${count(mcp)}</dd>
        </div>
        <div class="stat">
          <dt>Refused (429), 24 h</dt>
          <dd>${count(refused)}</dd>
        </div>
        <div class="stat">
          <dt>Budget remaining now</dt>
          <dd>
            ${
              budget
                ? html`${count(budget.remaining)}
                    <small
                      >of
                      ${count(budget.limit)}${budget.remaining < budget.limit ? html`, more frees in ${budget.resetSeconds} s` : ''}</small
                    >`
                : html`<small>unavailable</small>`
            }
          </dd>
        </div>
        <div class="stat">
          <dt>Purchase-link clicks</dt>
          <dd>
            ${count(usage.clicks.recent)}
            <small>in 24 h, ${count(usage.clicks.total)} in all</small>
          </dd>
        </div>
      </dl>
      <section class="card" aria-labelledby="chart-title">
        <h2 id="chart-title">Lookups per minute, last 24 hours (UTC)</h2>
        <p class="sr-only" id="chart-desc">
          ${count(http)} HTTP lookups, ${count(mcp)} MCP lookups and ${count(refused)} refusals in
          the last 24 hours; at most ${count(peak)} lookups in one minute.
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
                <strong>No calls in the last 24 hours</strong>Calls with this key appear here within
                a few seconds.
              </div>`
            : html`<details>
                <summary>Hourly totals</summary>
                <div class="table-wrap">
                  <table>
                    <thead>
                      <tr>
                        <th scope="col">Hour from</th>
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
