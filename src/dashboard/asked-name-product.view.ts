import type { FoundProduct } from '../curation/product-search.repository.js';
import type { AccountRecord } from './account.repository.js';
import { confirmForm, placeUrl, type Place } from './asked-names.view.js';
import { html } from './html.js';
import { page } from './layout.view.js';
import { recordTable, type Column } from './record-table.view.js';

/** The longest search the page accepts: a product's name, not a document. */
export const MAX_QUERY_CHARS = 200;

const COLUMNS: Column[] = [
  ['Product', ''],
  ['Brand', ''],
  ['ID', ''],
  ['Similarity', 'num'],
];

/** Which product a name means: a search of the catalog, each product found one action away. */
export function askedNameProductPage(options: {
  account: AccountRecord;
  csrf: string;
  place: Place;
  name: string;
  query: string;
  products: FoundProduct[];
}): string {
  const { place, name, query, products, csrf } = options;
  return page({
    title: `Which product is “${name}”?`,
    account: options.account,
    csrf,
    section: 'names',
    body: html`<p><a href="${placeUrl(place)}">← Names people asked for</a></p>
      <h1>Which product is “${name}”?</h1>
      <p class="lead">
        Find it in the catalog and confirm it: lookups of “${name}”, in any case, spacing and
        punctuation, then find that product on every instance within seconds.
      </p>
      <section class="card" aria-labelledby="search-title">
        <h2 id="search-title">Search the catalog</h2>
        <form method="get" action="/dashboard/names/product" role="search">
          <input type="hidden" name="name" value="${name}" />
          <input type="hidden" name="list" value="${place.list}" />
          <input type="hidden" name="page" value="${place.page}" />
          <div class="row">
            <div class="field">
              <label for="q">Product name or id</label>
              <input
                id="q"
                name="q"
                type="text"
                maxlength="${MAX_QUERY_CHARS}"
                required
                value="${query}"
                aria-describedby="q-hint"
              />
            </div>
            <div><button type="submit">Search</button></div>
          </div>
          <p class="hint" id="q-hint">
            Products whose name holds every word typed, the closest first; or one product's exact
            id.
          </p>
        </form>
      </section>
      <section class="card" aria-labelledby="found-title">
        <h2 id="found-title">
          ${products.length === 0 ? 'No product found' : `Products for “${query}”`}
        </h2>
        ${
          products.length === 0
            ? html`<div class="empty">
                <strong>No product's name holds every word</strong>Try fewer words, or another
                spelling of the model.
              </div>`
            : recordTable(
                COLUMNS,
                products.map((p) => ({
                  cells: [p.name, p.brand, html`<code>${p.id}</code>`, p.similarity.toFixed(2)],
                  actions: confirmForm(csrf, place, name, p),
                })),
              )
        }
      </section>`,
  });
}
