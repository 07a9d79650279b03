import type { AccountRecord } from './account.repository.js';
import { count, when } from './format.js';
import { html } from './html.js';
import { page } from './layout.view.js';

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
        <div class="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col" class="num">ID</th>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Password</th>
                <th scope="col" class="num">Keys</th>
                <th scope="col">Created</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              ${accounts.map(
                (a) =>
                  html`<tr>
                    <td class="num">${a.id}</td>
                    <td>${a.email}</td>
                    <td>${a.isAdmin ? html`<span class="badge admin">Admin</span>` : 'Member'}</td>
                    <td>${a.hasPassword ? 'Set' : html`<span class="muted">Link sent</span>`}</td>
                    <td class="num">${count(a.keyCount)}</td>
                    <td>${when(a.createdAt, { now })}</td>
                    <td>
                      ${a.disabledAt ? html`<span class="badge revoked">Disabled</span>` : html`<span class="badge active">Active</span>`}
                    </td>
                  </tr>`,
              )}
            </tbody>
          </table>
        </div>
      </section>`,
  });
}
