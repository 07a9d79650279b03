import { CACHE_MS } from '../auth/verified-keys.js';
import type { AccountRecord } from './account.repository.js';
import { when } from './format.js';
import { html } from './html.js';
import type { DashboardKey } from './key-access.js';
import { alert, csrfField, page } from './layout.view.js';

/** The one response that ever contains the key. */
export function keyCreatedPage(options: {
  account: AccountRecord;
  csrf: string;
  key: string;
  record: DashboardKey;
  baseUrl: string;
}): string {
  const { record } = options;
  return page({
    title: 'Key created',
    account: options.account,
    csrf: options.csrf,
    section: 'keys',
    body: html`<h1>Key created</h1>
      <p class="lead">
        “${record.name}”${record.expiresAt ? html`, expires ${when(record.expiresAt)}` : ', never expires'}.
      </p>
      <section class="card" aria-labelledby="secret-title">
        <h2 id="secret-title">Your new key</h2>
        ${alert(
          'warn',
          html`<strong>Copy it now: it will not be shown again.</strong> We keep only a hash of it.
            If you lose it, revoke it and create another.`,
        )}
        <label for="new-key">API key</label>
        <div class="secret">
          <input
            id="new-key"
            type="text"
            readonly
            value="${options.key}"
            data-select-all
            spellcheck="false"
            autocomplete="off"
          />
          <button type="button" data-copy="new-key" data-status="copy-status">Copy</button>
        </div>
        <p class="sr-only" id="copy-status" role="status" aria-live="polite"></p>
        <p class="hint">
          Send it with every request:
          <code
            >curl -H "Authorization: Bearer $PI_API_KEY"
            '${options.baseUrl}/v1/product-intelligence?product_name=Sony%20WH-1000XM5'</code
          >
        </p>
      </section>
      <a class="button" href="/dashboard/keys">Done, back to my keys</a>`,
  });
}

export function revokePage(options: {
  account: AccountRecord;
  csrf: string;
  key: DashboardKey;
}): string {
  const { key } = options;
  return page({
    title: `Revoke ${key.name}`,
    account: options.account,
    csrf: options.csrf,
    section: 'keys',
    narrow: true,
    body: html`<div class="card">
      <h1>Revoke “${key.name}”?</h1>
      <p class="lead">
        Key <code>${key.displayPrefix}</code>${key.ownerEmail && html` of ${key.ownerEmail}`}. Every
        request with it is refused within ${CACHE_MS / 1000} seconds, on every instance of the
        service. This cannot be undone.
      </p>
      <form method="post" action="/dashboard/keys/${key.id}/revoke" class="actions">
        ${csrfField(options.csrf)}
        <a class="button secondary" href="/dashboard/keys">Cancel</a>
        <button type="submit" class="danger">Revoke key</button>
      </form>
    </div>`,
  });
}
