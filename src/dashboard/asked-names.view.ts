import type { AskedName } from '../curation/asked-names.repository.js';
import type { AccountRecord } from './account.repository.js';
import { count, when } from './format.js';
import { html } from './html.js';
import { alert, csrfField, page } from './layout.view.js';
import { recordTable, type Column, type RecordRow } from './record-table.view.js';

/** The lists an admin works through: names to review, and names not in the catalog. */
export const REVIEW_LISTS = {
  pending: { label: 'To review', path: '/dashboard/names' },
  demand: { label: 'Demand', path: '/dashboard/names/demand' },
} as const;
export type ReviewList = keyof typeof REVIEW_LISTS;

/** Names on one page of a list. */
export const NAMES_PER_PAGE = 50;

/** Where an admin is: a page of a list, to come back to after an action. */
export interface Place {
  list: ReviewList;
  page: number;
}

/** A place's address, with a notice's fields when given. */
export function placeUrl(place: Place, notice: Record<string, string> = {}): string {
  const query = new URLSearchParams({
    ...(place.page > 1 && { page: String(place.page) }),
    ...notice,
  }).toString();
  return REVIEW_LISTS[place.list].path + (query ? `?${query}` : '');
}

const placeFields = (csrf: string, place: Place) =>
  html`${csrfField(csrf)}
    <input type="hidden" name="list" value="${place.list}" />
    <input type="hidden" name="page" value="${place.page}" />`;

/** "Is this product": confirms `name` as the product's alias. */
export const confirmForm = (
  csrf: string,
  place: Place,
  name: string,
  product: { id: string; name: string },
) =>
  html`<form method="post" action="/dashboard/names/alias">
    ${placeFields(csrf, place)}
    <input type="hidden" name="name" value="${name}" />
    <input type="hidden" name="product" value="${product.id}" />
    <button type="submit" class="secondary">
      Is this product<span class="sr-only">: “${name}” is ${product.name}</span>
    </button>
  </form>`;

/** Moves a name to another list: "Not in the catalog", "Ignore", "Back to review". */
const reviewForm = (csrf: string, place: Place, n: AskedName, to: string, label: string) =>
  html`<form method="post" action="/dashboard/names/review">
    ${placeFields(csrf, place)}
    <input type="hidden" name="key" value="${n.key}" />
    <input type="hidden" name="name" value="${n.name}" />
    <input type="hidden" name="to" value="${to}" />
    <button type="submit" class="link">${label}<span class="sr-only">: ${n.name}</span></button>
  </form>`;

/** The page where an admin finds the product a name means. */
function productSearchUrl(place: Place, name: string): string {
  const fields = { name, list: place.list, page: String(place.page) };
  return `/dashboard/names/product?${new URLSearchParams(fields).toString()}`;
}

const COLUMNS: Column[] = [
  ['Name', ''],
  ['Asked', 'num'],
  ['Suggestion', ''],
  ['Score', 'num'],
  ['First asked', ''],
  ['Last asked', ''],
];

const score = (value: number) => value.toFixed(2);

/** "3 HTTP · 1 MCP · 2 feed items": how the name was asked, its non-zero parts. */
function askedBy(n: AskedName): string {
  const parts: [number, string][] = [
    [n.http, 'HTTP'],
    [n.mcp, 'MCP'],
    [n.feedItems, n.feedItems === 1 ? 'feed item' : 'feed items'],
  ];
  return parts
    .filter(([value]) => value > 0)
    .map(([value, label]) => `${count(value)} ${label}`)
    .join(' · ');
}

function nameRow(n: AskedName, csrf: string, place: Place, now: Date): RecordRow {
  const { suggestion } = n;
  const feed = n.feedItems > 0 && html` <span class="badge feed">Feed</span>`;
  const find = suggestion ? 'Another product…' : 'Find the product…';
  return {
    cells: [
      html`<div><strong>${n.name}</strong>${feed}</div>`,
      html`<div>${count(n.asked)}<small class="muted">${askedBy(n)}</small></div>`,
      suggestion
        ? html`<div>
            ${suggestion.name}<small><code>${suggestion.productId}</code></small>
          </div>`
        : html`<span class="muted">None</span>`,
      suggestion ? score(suggestion.score) : html`<span class="muted">—</span>`,
      when(n.firstAskedAt, { now }),
      when(n.lastAskedAt, { now }),
    ],
    actions: html`${
        suggestion &&
        confirmForm(csrf, place, n.name, { id: suggestion.productId, name: suggestion.name })
      }
      <a href="${productSearchUrl(place, n.name)}">
        ${find}<span class="sr-only"> for ${n.name}</span>
      </a>
      ${
        place.list === 'pending'
          ? reviewForm(csrf, place, n, 'demand', 'Not in the catalog')
          : reviewForm(csrf, place, n, 'pending', 'Back to review')
      }
      ${reviewForm(csrf, place, n, 'ignored', 'Ignore')}`,
  };
}

/** Links, not a form: each list has its own address. */
function listSwitch(current: ReviewList, counts: Record<ReviewList, number>) {
  return html`<nav class="ranges" aria-label="Lists">
    ${Object.entries(REVIEW_LISTS).map(
      ([list, { label, path }]) =>
        html`<a href="${path}" ${list === current ? html`aria-current="page"` : ''}
          >${label} (${count(counts[list as ReviewList])})</a
        >`,
    )}
  </nav>`;
}

function pager(place: Place, pages: number) {
  if (pages <= 1) return '';
  const link = (to: number, label: string) =>
    to >= 1 && to <= pages
      ? html`<a href="${placeUrl({ ...place, page: to })}">${label}</a>`
      : html`<span class="muted">${label}</span>`;
  return html`<nav class="pages" aria-label="Pages">
    ${link(place.page - 1, '← Previous')}
    <span>Page ${place.page} of ${pages}</span>
    ${link(place.page + 1, 'Next →')}
  </nav>`;
}

const LEADS: Record<ReviewList, string> = {
  pending:
    'Names that lookups refused (over HTTP or MCP) and offers feed items that matched no product, the most asked first. Confirm the product a name means and every later lookup of it finds that product; or mark it as not in the catalog, or ignore it.',
  demand:
    'Names people asked for that the catalog does not have, the most asked first: what to add to it. A name asked again stays here and goes on counting.',
};

export function askedNamesPage(options: {
  account: AccountRecord;
  csrf: string;
  place: Place;
  names: AskedName[];
  counts: Record<ReviewList | 'ignored' | 'aliases', number>;
  now: Date;
  notice?: string;
  error?: string;
}): string {
  const { place, names, counts, csrf } = options;
  const total = counts[place.list];
  const pages = Math.max(1, Math.ceil(total / NAMES_PER_PAGE));
  const { label } = REVIEW_LISTS[place.list];
  return page({
    title: 'Names people asked for',
    account: options.account,
    csrf,
    section: 'names',
    body: html`<h1>Names people asked for</h1>
      <p class="lead">
        ${LEADS[place.list]} ${count(counts.aliases)} confirmed so far (<code
          >npm run admin -- alias list</code
        >); ${count(counts.ignored)} ignored.
      </p>
      ${options.notice && alert('ok', options.notice)}
      ${options.error && alert('error', options.error)}
      <div class="toolbar">
        ${listSwitch(place.list, counts)}
        <a class="button secondary" href="/dashboard/names/${place.list}.csv" download
          >Export CSV<span class="sr-only"> of ${label}</span></a
        >
      </div>
      <section class="card" aria-labelledby="names-title">
        <h2 id="names-title">
          ${label} <small class="muted">(${count(total)} name${total === 1 ? '' : 's'})</small>
        </h2>
        ${
          names.length === 0
            ? html`<div class="empty">
                <strong>No names here</strong>${
                  place.list === 'pending'
                    ? 'Refused lookups appear here within a few seconds.'
                    : 'Names you mark as not in the catalog appear here.'
                }
              </div>`
            : recordTable(
                COLUMNS,
                names.map((n) => nameRow(n, csrf, place, options.now)),
                'names',
              )
        }
        ${pager(place, pages)}
      </section>`,
  });
}
