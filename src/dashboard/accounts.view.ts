import type { AccountRecord } from './account.repository.js';
import { count, when } from './format.js';
import { html } from './html.js';
import { page } from './layout.view.js';
import { recordTable, type Column } from './record-table.view.js';

const COLUMNS: Column[] = [
  ['ID', 'num'],
  ['Email', ''],
  ['Role', ''],
  ['Password', ''],
  ['Keys', 'num'],
  ['Created', ''],
  ['Status', ''],
];

export function accountsPage(options: {
  account: AccountRecord;
  csrf: string;
  accounts: (AccountRecord & { keyCount: number; hasPassword: boolean })[];
  now: Date;
}): string {
  const { accounts, now } = options;
  return page({
    title: 'Accounts',
    account: options.account,
    csrf: options.csrf,
    section: 'accounts',
    body: html`<h1>Accounts</h1>
      <p class="lead">
        Everyone who can sign in to this dashboard. Create and disable accounts with
        <code>npm run users -- create --email EMAIL [--admin]</code> and
        <code>npm run users -- disable ID</code>.
      </p>
      <section class="card" aria-labelledby="accounts-title">
        <h2 id="accounts-title">
          ${count(accounts.length)} account${accounts.length === 1 ? '' : 's'}
        </h2>
        ${recordTable(
          COLUMNS,
          accounts.map((a) => ({
            cells: [
              a.id,
              a.email,
              a.isAdmin ? html`<span class="badge admin">Admin</span>` : 'Member',
              a.hasPassword ? 'Set' : html`<span class="muted">Link sent</span>`,
              count(a.keyCount),
              when(a.createdAt, { now }),
              a.disabledAt
                ? html`<span class="badge revoked">Disabled</span>`
                : html`<span class="badge active">Active</span>`,
            ],
          })),
        )}
      </section>`,
  });
}
