import type { AccountRecord } from './account.repository.js';
import { CSRF_FIELD } from './csrf.js';
import { html, type Html, type HtmlValue } from './html.js';

export interface PageOptions {
  title: string;
  body: HtmlValue;
  /** The signed-in account: shows the navigation and the sign-out button. */
  account?: AccountRecord;
  csrf?: string;
  /** Which navigation entry is the current page. */
  section?: 'keys' | 'accounts' | 'names';
  /** A narrow centred page (sign-in, set password, errors). */
  narrow?: boolean;
}

export const csrfField = (token: string | undefined) =>
  html`<input type="hidden" name="${CSRF_FIELD}" value="${token ?? ''}" />`;

const navLink = (href: string, label: string, current: boolean) =>
  html`<a href="${href}" ${current ? html` aria-current="page"` : ''}>${label}</a>`;

/** The page shell every dashboard page shares. */
export function page(options: PageOptions): string {
  const { account, section } = options;
  const nav: Html | string = account
    ? html`<nav class="main" aria-label="Dashboard">
          ${navLink('/dashboard/keys', 'API keys', section === 'keys')}
          ${account.isAdmin && navLink('/dashboard/accounts', 'Accounts', section === 'accounts')}
          ${account.isAdmin && navLink('/dashboard/names', 'Names asked', section === 'names')}
        </nav>
        <div class="who">
          <span
            >${account.email}${account.isAdmin && html` <span class="badge admin">admin</span>`}</span
          >
          <form method="post" action="/dashboard/sign-out">
            ${csrfField(options.csrf)}
            <button type="submit" class="secondary">Sign out</button>
          </form>
        </div>`
    : '';
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="referrer" content="no-referrer" />
        <title>${options.title} · Product Intelligence</title>
        <link rel="icon" href="/favicon.ico" sizes="32x32" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href="/dashboard/assets/app.css" />
        <script src="/dashboard/assets/app.js" defer></script>
      </head>
      <body>
        <a class="skip" href="#content">Skip to content</a>
        <header class="top">
          <div class="top-inner">
            <a class="brand" href="/dashboard"
              ><span class="brand-mark" aria-hidden="true">PI</span
              ><span class="brand-name">Product Intelligence</span></a
            >
            ${nav}
          </div>
        </header>
        <main id="content" class="${options.narrow ? 'narrow' : ''}" tabindex="-1">
          ${options.body}
        </main>
        <footer>Product Intelligence API · <a href="/v1/reference">API reference</a></footer>
      </body>
    </html> `.text;
}

/** An alert announced to screen readers. */
export const alert = (kind: 'error' | 'ok' | 'warn', message: HtmlValue) =>
  html`<div class="alert ${kind}" role="${kind === 'error' ? 'alert' : 'status'}">${message}</div>`;
