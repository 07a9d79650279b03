import { beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { AskedNames } from '../src/curation/asked-names.js';
import { EXPORT_BATCH } from '../src/dashboard/asked-names-csv.js';
import { AskedNamesController } from '../src/dashboard/asked-names.controller.js';
import { nameKey } from '../src/names/name-normaliser.js';
import { csrfOf, type DashboardClient } from './support/dashboard-client.js';
import { dashboardApp } from './support/dashboard-app.js';
import { bearer } from './support/test-app.js';

// The admins' review of the names people asked for (issue 54): refused lookups listed with
// their suggestion, confirmed as a product, moved to the demand list or ignored, and exported.

/** The demo catalog refuses it: two headphones share the name, so it suggests one. */
const REFUSED = 'Sony WH 1000';
/** Nothing in the demo catalog: "not in the catalog". */
const MISSING = 'Acme Rocket Skates 3000';
/** A name a spreadsheet would run as a formula. */
const FORMULA = '=2+5 Rocket Boots';

/** A CSV export's records, by its header's columns. */
const records = (text: string) => parse<Record<string, string>>(text, { columns: true });

describe(AskedNamesController.name, () => {
  const t = dashboardApp();
  let http: App;
  let key: string;
  let admin: DashboardClient;

  const lookup = async (name: string) => {
    const res = await request(http)
      .get('/v1/product-intelligence')
      .query({ product_name: name })
      .set('Authorization', key);
    expect(res.status).toBe(200);
    return res.body as { found: boolean; id?: string };
  };

  /** Posts a form of the names page with the page's own CSRF token. */
  const act = async (path: string, fields: Record<string, string>) =>
    await admin.post(path, { list: 'pending', page: '1', ...fields }, '/dashboard/names');

  beforeAll(async () => {
    http = t.http;
    key = await bearer(t.app);
    admin = await t.member('names-admin@example.com', true);
    for (const name of [REFUSED, REFUSED, MISSING, FORMULA])
      expect((await lookup(name)).found).toBe(false);
    // An offers feed's item that matched no product joins the same list.
    t.app.get(AskedNames).record('Unknown Feed Gadget', 'feed');
    await t.app.get(AskedNames).flush();
  });

  it('is for admins: a member is refused the page, its actions and its exports', async () => {
    const member = await t.member('names-member@example.com');
    const keys = await member.get('/dashboard/keys');
    expect(keys.text).not.toContain('/dashboard/names');
    for (const path of [
      '/dashboard/names',
      '/dashboard/names/demand',
      '/dashboard/names/product?name=x',
      '/dashboard/names/pending.csv',
      '/dashboard/names/demand.csv',
    ]) {
      const res = await member.get(path);
      expect({ path, status: res.status }).toEqual({ path, status: 403 });
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).toContain('Only admins can see this page.');
    }
    const moved = await member.post(
      '/dashboard/names/review',
      { key: nameKey(MISSING), to: 'ignored' },
      '/dashboard/keys',
    );
    expect(moved.status).toBe(403);
    const confirmed = await member.post(
      '/dashboard/names/alias',
      { name: REFUSED, product: 'sony-wh-1000xm4' },
      '/dashboard/keys',
    );
    expect(confirmed.status).toBe(403);
    expect((await admin.get('/dashboard/names')).text).toContain(MISSING);
  });

  it('lists the refused names, the most asked first, with their suggestion and feed items', async () => {
    const page = await admin.get('/dashboard/names');
    expect(page.status).toBe(200);
    expect(page.text).toContain('href="/dashboard/names" aria-current="page"');
    const text = page.text.replace(/\s+/g, ' ');
    expect(text.indexOf(REFUSED)).toBeLessThan(text.indexOf(MISSING));
    expect(text).toMatch(/Sony WH-1000XM[45]<small><code>sony-wh-1000xm[45]<\/code>/);
    expect(text).toMatch(/data-label="Score">0\.\d\d</);
    expect(text).toContain('2<small class="muted">2 HTTP</small>');
    expect(text).toMatch(/Unknown Feed Gadget<\/strong> <span class="badge feed">Feed</);
    expect(text).toContain('1 feed item');
    // One suggestion to confirm, the others to find.
    expect(page.text.match(/>\s*Is this product</g)).toHaveLength(1);
    expect(page.text).toContain('Find the product…');
  });

  it('confirms a suggestion: the lookup then finds the product, and the name leaves the list', async () => {
    const page = await admin.get('/dashboard/names');
    const product = /name="product" value="(sony-wh-1000xm[45])"/.exec(page.text)![1]!;
    const res = await act('/dashboard/names/alias', { name: REFUSED, product });
    expect(res.status).toBe(303);
    const back = await admin.get(res.headers.location!);
    expect(back.text).toContain(`“${REFUSED}” now finds ${product}`);
    expect(back.text).not.toContain(`<strong>${REFUSED}</strong>`);
    let answer = await lookup(REFUSED);
    for (let i = 0; i < 60 && !answer.found; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      answer = await lookup(REFUSED);
    }
    expect(answer).toMatchObject({ found: true, id: product });
    expect((await lookup('sony  wh-1000!')).id).toBe(product);
  });

  it('finds any product by its name to confirm, and shows a refused alias as the error', async () => {
    const search = await admin.get(
      `/dashboard/names/product?${new URLSearchParams({ name: MISSING, q: 'bose quietcomfort' }).toString()}`,
    );
    expect(search.status).toBe(200);
    expect(search.text).toContain(`Which product is “${MISSING}”?`);
    expect(search.text).toContain('value="bose-quietcomfort-45"');
    // The name itself is the first search; LIKE's characters are only characters.
    const first = await admin.get(`/dashboard/names/product?name=${encodeURIComponent(REFUSED)}`);
    expect(first.text).toContain('value="sony-wh-1000xm5"');
    for (const q of ['100%', '_', '\\']) {
      const odd = await admin.get(`/dashboard/names/product?name=x&q=${encodeURIComponent(q)}`);
      expect(odd.status).toBe(200);
      expect(odd.text).toContain('No product found');
    }

    // Another product's exact name, a product that does not exist: the page says why.
    for (const [name, product, why] of [
      ['Sony WH-1000XM5', 'sony-wh-1000xm4', 'is exactly the name of product sony-wh-1000xm5'],
      [MISSING, 'no-such-product', 'no product has the id &quot;no-such-product&quot;'],
    ] as const) {
      const refused = await act('/dashboard/names/alias', { name, product });
      expect(refused.status).toBe(409);
      expect(refused.headers['content-type']).toMatch(/^text\/html/);
      expect(refused.text).toMatch(/class="alert error" role="alert">Not confirmed: /);
      expect(refused.text).toContain(why);
    }
    expect((await admin.get('/dashboard/names')).text).toContain(MISSING);
  });

  it('moves a name not in the catalog to the demand list, and exports it as CSV', async () => {
    for (const name of [MISSING, FORMULA]) {
      const res = await act('/dashboard/names/review', { key: nameKey(name), name, to: 'demand' });
      expect(res.status).toBe(303);
      expect(res.headers.location).toMatch(/^\/dashboard\/names\?done=demand&name=/);
      expect((await admin.get(res.headers.location!)).text).toContain(
        `“${name}” is on the demand list.`,
      );
    }
    expect((await admin.get('/dashboard/names')).text).not.toContain(MISSING);
    const demand = await admin.get('/dashboard/names/demand');
    expect(demand.text).toContain(`<strong>${MISSING}</strong>`);
    expect(demand.text).toContain('Back to review');

    const csv = await admin.get('/dashboard/names/demand.csv');
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="?names-demand-\d{4}-\d\d-\d\d\.csv"?$/,
    );
    const rows = records(csv.text);
    const header =
      'name,asked,asked_http,asked_mcp,feed_items,first_asked_at,last_asked_at,suggestion_id,suggestion_name,suggestion_score';
    expect(csv.text.slice(0, csv.text.indexOf('\r\n'))).toBe(header);
    expect(rows.map((r) => r.name).sort()).toEqual([`'${FORMULA}`, MISSING].sort());
    expect(rows.find((r) => r.name === MISSING)).toMatchObject({
      asked: '1',
      asked_http: '1',
      asked_mcp: '0',
      feed_items: '0',
      first_asked_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const pending = records((await admin.get('/dashboard/names/pending.csv')).text);
    expect(pending.map((r) => r.name)).toEqual(['Unknown Feed Gadget']);
    expect(pending[0]).toMatchObject({ asked: '1', feed_items: '1', suggestion_id: '' });

    // Ignored, it leaves both lists.
    const ignored = await admin.post(
      '/dashboard/names/review',
      { key: nameKey(FORMULA), name: FORMULA, to: 'ignored', list: 'demand', page: '1' },
      '/dashboard/names/demand',
    );
    expect(ignored.headers.location).toMatch(/^\/dashboard\/names\/demand\?done=ignored/);
    expect((await admin.get('/dashboard/names/demand.csv')).text).not.toContain('Rocket Boots');
  });

  it('refuses a form with a bad CSRF token, and answers bad input with a 4xx page', async () => {
    const csrf = csrfOf((await admin.get('/dashboard/names')).text);
    const gadget = { key: nameKey('Unknown Feed Gadget'), name: 'x', to: 'ignored' };
    for (const token of ['wrong', '', csrf.slice(1)]) {
      const res = await admin.post('/dashboard/names/review', { ...gadget, _csrf: token });
      expect(res.status).toBe(403);
    }
    expect((await admin.get('/dashboard/names')).text).toContain('Unknown Feed Gadget');

    const cases: [string, Record<string, string>, number, string][] = [
      ['/dashboard/names/review', { key: 'nosuchname', to: 'demand' }, 404, 'no longer on'],
      ['/dashboard/names/review', { to: 'demand' }, 400, 'did not say which name'],
      ['/dashboard/names/review', { ...gadget, to: 'nowhere' }, 400, 'Move a name to'],
      ['/dashboard/names/review', { ...gadget, page: 'two' }, 400, 'not a page of the list'],
      ['/dashboard/names/review', { ...gadget, list: 'other' }, 400, 'not a list of names'],
      ['/dashboard/names/alias', { name: 'Unknown Feed Gadget', product: ' ' }, 400, 'Choose'],
      ['/dashboard/names/alias', { product: 'sony-wh-1000xm4' }, 400, 'which name'],
    ];
    for (const [path, fields, status, text] of cases) {
      const res = await act(path, fields);
      expect({ fields, status: res.status }).toEqual({ fields, status });
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).toContain(text);
    }
    for (const [path, status] of [
      ['/dashboard/names?page=0', 400],
      ['/dashboard/names?page=1&page=2', 400],
      ['/dashboard/names/product', 400],
      [`/dashboard/names/product?name=x&q=${'a'.repeat(201)}`, 400],
      ['/dashboard/names/ignored.csv', 404],
    ] as const) {
      const res = await admin.get(path);
      expect({ path, status: res.status }).toEqual({ path, status });
      expect(res.headers['content-type']).toMatch(/^text\/html/);
    }
    expect((await admin.get('/dashboard/names')).text).toContain('Unknown Feed Gadget');
  });

  it('pages the list 50 names at a time, and exports all of it in batches', async () => {
    const asked = t.app.get(AskedNames);
    // More than one batch of the export (EXPORT_BATCH): 1 + 2,100 names to review.
    for (let i = 0; i < 2_100; i++) asked.record(`Paged Feed Item ${i}`, 'feed');
    await asked.flush();
    const first = await admin.get('/dashboard/names');
    expect(first.text.match(/<tr>/g)).toHaveLength(51); // the header's row and 50 names
    expect(first.text).toContain('Page 1 of 43');
    const last = await admin.get('/dashboard/names?page=43');
    expect(last.text.match(/<tr>/g)).toHaveLength(2); // 2,101 = 42 × 50 + 1
    expect(last.text).toContain('name="page" value="43"');
    // Past the end (its last names just moved): the last page.
    expect((await admin.get('/dashboard/names?page=99')).text).toContain('Page 43 of 43');

    const csv = await admin.get('/dashboard/names/pending.csv');
    const names = records(csv.text).map((r) => r.name);
    expect(names).toHaveLength(2_101);
    expect(new Set(names).size).toBe(2_101);
    expect(EXPORT_BATCH).toBeLessThan(2_101);
  });
});
