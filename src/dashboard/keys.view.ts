import type { AccountRecord } from './account.repository.js';
import { count, when } from './format.js';
import { html } from './html.js';
import { alert, csrfField, page } from './layout.view.js';
import type { DashboardKey } from './key-access.js';

export const EXPIRY_CHOICES = {
  never: { label: 'Never', ms: undefined },
  '7d': { label: 'In 7 days', ms: 7 * 86_400_000 },
  '30d': { label: 'In 30 days', ms: 30 * 86_400_000 },
  '90d': { label: 'In 90 days', ms: 90 * 86_400_000 },
  '365d': { label: 'In 1 year', ms: 365 * 86_400_000 },
} as const;

export type KeyStatus = 'active' | 'revoked' | 'expired';

export function keyStatus(key: DashboardKey, now: Date): KeyStatus {
  if (key.revokedAt) return 'revoked';
  if (key.expiresAt && key.expiresAt <= now) return 'expired';
  return 'active';
}

const LABELS: Record<KeyStatus, string> = {
  active: 'Active',
  revoked: 'Revoked',
  expired: 'Expired',
};

export const statusBadge = (status: KeyStatus) =>
  html`<span class="badge ${status}">${LABELS[status]}</span>`;

function createForm(csrf: string, values: { name?: string; expires?: string }, error?: string) {
  return html`<section class="card" aria-labelledby="create-title">
    <h2 id="create-title">Create a key</h2>
    ${error && alert('error', error)}
    <form method="post" action="/dashboard/keys">
      ${csrfField(csrf)}
      <div class="row">
        <div class="field">
          <label for="name">Name</label>
          <input
            id="name"
            name="name"
            type="text"
            maxlength="100"
            required
            placeholder="e.g. Checkout service"
            value="${values.name ?? ''}"
            aria-describedby="name-hint"
            ${error ? html` aria-invalid="true"` : ''}
          />
        </div>
        <div class="field">
          <label for="expires">Expires</label>
          <select id="expires" name="expires">
            ${Object.entries(EXPIRY_CHOICES).map(
              ([value, choice]) =>
                html`<option value="${value}" ${values.expires === value ? html` selected` : ''}>
                  ${choice.label}
                </option>`,
            )}
          </select>
        </div>
        <div><button type="submit">Create key</button></div>
      </div>
      <p class="hint" id="name-hint">
        A name you will recognise later, such as the service that uses the key.
      </p>
    </form>
  </section>`;
}

/** The table's columns: its headers, and the labels of a row's cells when rows stack. */
const columns = (admin: boolean) => [
  'Name',
  'Key',
  ...(admin ? ['Owner'] : []),
  'Created',
  'Expires',
  'Last used',
  'Status',
];

function keyRows(keys: DashboardKey[], admin: boolean, now: Date) {
  return keys.map((key) => {
    const status = keyStatus(key, now);
    const cells = [
      html`<a href="/dashboard/keys/${key.id}">${key.name}</a>`,
      html`<code>${key.displayPrefix}</code>`,
      ...(admin ? [key.ownerEmail ?? html`<span class="muted">command line</span>`] : []),
      when(key.createdAt, { now }),
      when(key.expiresAt, { now, empty: 'Never' }),
      when(key.lastUsedAt, { now, empty: 'Never' }),
      html`${statusBadge(status)}${key.revokedAt && html`<br /><small>${when(key.revokedAt, { now })}</small>`}`,
    ];
    const labels = columns(admin);
    return html`<tr>
      ${cells.map((cell, i) => html`<td data-label="${labels[i]}">${cell}</td>`)}
      <td class="actions-cell">
        <div class="actions">
          <a href="/dashboard/keys/${key.id}">Usage<span class="sr-only"> of ${key.name}</span></a>
          ${!key.revokedAt && html`<a class="danger-text" href="/dashboard/keys/${key.id}/revoke">Revoke<span class="sr-only"> ${key.name}</span></a>`}
        </div>
      </td>
    </tr>`;
  });
}

export function keysPage(options: {
  account: AccountRecord;
  csrf: string;
  keys: DashboardKey[];
  now: Date;
  notice?: string;
  error?: string;
  values?: { name?: string; expires?: string };
}): string {
  const { account, keys, now } = options;
  const admin = account.isAdmin;
  const active = keys.filter((k) => keyStatus(k, now) === 'active').length;
  return page({
    title: 'API keys',
    account,
    csrf: options.csrf,
    section: 'keys',
    body: html`<h1>API keys</h1>
      <p class="lead">
        ${
          admin
            ? 'Every key of every account. Keys authenticate calls to the API and to MCP.'
            : 'Your keys authenticate your calls to the API and to MCP. Keep them secret.'
        }
      </p>
      ${options.notice && alert('ok', options.notice)}
      ${createForm(options.csrf, options.values ?? {}, options.error)}
      <section class="card" aria-labelledby="keys-title">
        <h2 id="keys-title">
          ${admin ? 'All keys' : 'Your keys'}
          <small class="muted">(${count(active)} active of ${count(keys.length)})</small>
        </h2>
        ${
          keys.length === 0
            ? html`<div class="empty">
                <strong>No keys yet</strong>Create your first key above, then send it as
                <code>Authorization: Bearer &lt;key&gt;</code>.
              </div>`
            : html`<div class="table-wrap">
                <table class="stack">
                  <thead>
                    <tr>
                      ${columns(admin).map((label) => html`<th scope="col">${label}</th>`)}
                      <th scope="col"><span class="sr-only">Actions</span></th>
                    </tr>
                  </thead>
                  <tbody>
                    ${keyRows(keys, admin, now)}
                  </tbody>
                </table>
              </div>`
        }
      </section>`,
  });
}
