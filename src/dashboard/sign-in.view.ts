import { html } from './html.js';
import { alert, csrfField, page } from './layout.view.js';
import { MIN_PASSWORD_LENGTH } from './passwords.js';

export function signInPage(options: {
  csrf: string;
  email?: string;
  error?: string;
  notice?: string;
}): string {
  return page({
    title: 'Sign in',
    narrow: true,
    body: html`<div class="card">
      <h1>Sign in</h1>
      <p class="lead">Manage your API keys and see how they are used.</p>
      ${options.notice && alert('ok', options.notice)}
      ${options.error && alert('error', options.error)}
      <form method="post" action="/dashboard/sign-in" novalidate>
        ${csrfField(options.csrf)}
        <div class="field">
          <label for="email">Email</label>
          <input
            id="email"
            name="email"
            type="email"
            autocomplete="username"
            required
            value="${options.email ?? ''}"
            ${options.email ? '' : html` autofocus`}
          />
        </div>
        <div class="field">
          <label for="password">Password</label>
          <input
            id="password"
            name="password"
            type="password"
            autocomplete="current-password"
            required
            ${options.email ? html`autofocus` : ''}
          />
        </div>
        <button type="submit" class="block">Sign in</button>
      </form>
      <p class="hint">
        No account yet? Accounts are created by your admin, who sends you a link to set your
        password.
      </p>
    </div>`,
  });
}

export function setPasswordPage(options: {
  csrf: string;
  email: string;
  token: string;
  error?: string;
}): string {
  return page({
    title: 'Set your password',
    narrow: true,
    body: html`<div class="card">
      <h1>Set your password</h1>
      <p class="lead">For <strong>${options.email}</strong>. This link works once.</p>
      ${options.error && alert('error', options.error)}
      <form method="post" action="/dashboard/set-password/${options.token}" novalidate>
        ${csrfField(options.csrf)}
        <input
          type="text"
          name="username"
          value="${options.email}"
          autocomplete="username"
          hidden
        />
        <div class="field">
          <label for="password">New password</label>
          <input
            id="password"
            name="password"
            type="password"
            autocomplete="new-password"
            required
            minlength="${MIN_PASSWORD_LENGTH}"
            aria-describedby="password-hint"
            autofocus
          />
          <p class="hint" id="password-hint">
            At least ${MIN_PASSWORD_LENGTH} characters. A passphrase of a few words is easy to
            remember and hard to guess.
          </p>
        </div>
        <div class="field">
          <label for="confirmation">Repeat the password</label>
          <input
            id="confirmation"
            name="confirmation"
            type="password"
            autocomplete="new-password"
            required
          />
        </div>
        <button type="submit" class="block">Set password</button>
      </form>
    </div>`,
  });
}

export function deadLinkPage(): string {
  return page({
    title: 'Link expired',
    narrow: true,
    body: html`<div class="card">
      <h1>This link no longer works</h1>
      <p class="lead">
        Password links work once and expire after 24 hours. Ask your admin for a new one.
      </p>
      <a class="button secondary" href="/dashboard/sign-in">Go to sign-in</a>
    </div>`,
  });
}
