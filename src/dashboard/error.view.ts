import type { AccountRecord } from './account.repository.js';
import { html } from './html.js';
import { page } from './layout.view.js';

const TITLES: Partial<Record<number, string>> = {
  400: 'That request could not be read',
  403: 'Not allowed',
  404: 'Not found',
  413: 'That form is too large',
  429: 'Too many requests',
  500: 'Something went wrong',
  503: 'The dashboard is unavailable for a moment',
};

const DETAILS: Partial<Record<number, string>> = {
  404: 'There is nothing here, or it is not yours to see.',
  413: 'The form sent more data than the dashboard accepts.',
  500: 'The dashboard failed to answer. The error has been logged; please try again.',
  503: 'Its database cannot answer right now. Please try again in a few seconds.',
};

/** A friendly error page; the status code stays the real one. */
export function errorPage(
  status: number,
  detail?: string,
  account?: AccountRecord,
  csrf?: string,
): string {
  const title = TITLES[status] ?? 'Something went wrong';
  return page({
    title,
    narrow: true,
    ...(account && { account, csrf }),
    body: html`<div class="card">
      <h1>${title}</h1>
      <p class="lead">${DETAILS[status] ?? detail ?? ''}</p>
      <a class="button" href="/dashboard">Back to the dashboard</a>
    </div>`,
  });
}
