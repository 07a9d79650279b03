import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { CACHE_MS } from '../src/auth/verified-keys.js';
import {
  expectFitsPhone,
  expectOnScreen,
  openDashboardBrowser,
  PHONE,
  DESKTOP,
  type DashboardBrowser,
} from './support/dashboard-browser.js';
import { runBuiltCommand } from './support/run-command.js';

// The dashboard in a real browser (Debian's Chromium driven by playwright-core) against the
// built server: one person's whole path from the one-time link to a revoked key, an admin's
// pages and review of the names people asked for, each page also at a phone's 390 px.
// Screenshots go to test-artifacts/dashboard/ (git-ignored).

const EMAIL = 'dana@example.com';
const PASSWORD = 'a long and memorable passphrase';
/** Names the demo catalog refuses: one it suggests a product for, one it lacks. */
const REFUSED = 'Sony WH 1000';
const MISSING = 'Acme Rocket Skates 3000';

describe('dashboard in a browser', () => {
  let b: DashboardBrowser;
  let page: Page;
  let base: string;
  let cspViolations: string[];

  const shot = async (name: string) => await b.shot(name);
  const phone = async (name: string) => await expectFitsPhone(b, name);

  const lookup = async (key: string) =>
    await fetch(`${base}/v1/product-intelligence?product_name=PS5`, {
      headers: { Authorization: `Bearer ${key}` },
    });

  /** Every visible form control has a label (the accessible name comes from it). */
  const expectLabelled = async () => {
    // Runs in the page (a string: this project compiles without the DOM's types).
    const unlabelled = await page.evaluate<string[]>(
      `[...document.querySelectorAll('input:not([type=hidden]):not([hidden]), select')]
        .filter((c) => c.labels.length === 0).map((c) => c.outerHTML)`,
    );
    expect(unlabelled).toEqual([]);
  };

  beforeAll(async () => {
    b = await openDashboardBrowser();
    ({ page, base, cspViolations } = b);
  }, 600_000);

  afterAll(async () => {
    await b?.close();
  });

  it('sets a password, signs in, creates a key shown once, uses it, sees its usage, revokes it', async () => {
    const created = await runBuiltCommand('users', ['create', '--email', EMAIL], {
      DATABASE_URL: b.db.url,
      PUBLIC_BASE_URL: base,
    });
    expect(created.code).toBe(0);
    const link = new RegExp(`${base}/dashboard/set-password/\\S+`).exec(created.stdout)?.[0];
    expect(link).toBeDefined();

    // The one-time link: set a password.
    await page.goto(link!);
    await expect(
      page.getByRole('heading', { name: 'Set your password' }).isVisible(),
    ).resolves.toBe(true);
    await expectLabelled();
    await shot('01-set-password');
    await phone('01-set-password');
    await page.getByLabel('New password').fill(PASSWORD);
    await page.getByLabel('Repeat the password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Set password' }).click();

    // Sign in.
    await page.waitForURL(/\/dashboard\/sign-in/);
    expect(await page.getByRole('status').textContent()).toContain('Your password is set');
    await expectLabelled();
    await shot('02-sign-in');
    await phone('02-sign-in');
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dashboard\/keys$/);
    expect(await page.textContent('main')).toContain('No keys yet');
    await expectLabelled();
    await shot('03-keys-empty');
    await phone('03-keys-empty');

    // Create a key: shown once, with a copy button.
    await page.getByLabel('Name').fill('Checkout service');
    await page.getByLabel('Expires').selectOption('30d');
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByRole('heading', { name: 'Key created' }).waitFor();
    const key = await page.getByLabel('API key').inputValue();
    expect(key).toMatch(/^pi_[0-9A-Za-z]{12}_[0-9A-Za-z]{28}$/);
    expect(await page.textContent('main')).toContain('it will not be shown again');
    await page.getByRole('button', { name: 'Copy' }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(key);
    await shot('04-key-created');
    await phone('04-key-created');

    // Call the API with it, over HTTP and MCP.
    for (let i = 0; i < 4; i++) expect((await lookup(key)).status).toBe(200);
    for (let id = 1; id <= 2; id++) {
      const called = await fetch(`${base}/mcp`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${key}`,
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id,
          method: 'tools/call',
          params: { name: 'get_product_intelligence', arguments: { product_name: 'PS5' } },
        }),
      });
      expect(called.status).toBe(200);
    }

    // The list shows the key's prefix, never the key.
    await page.getByRole('link', { name: 'Done, back to my keys' }).click();
    await page.waitForURL(/\/dashboard\/keys$/);
    const list = await page.content();
    expect(list).not.toContain(key.slice(16));
    expect(list).toContain(`${key.slice(0, 16)}…`);
    await shot('05-keys');
    // On a phone every column of the row is labelled, and Usage and Revoke are on screen.
    await phone('05-keys');
    await page.setViewportSize(PHONE);
    const row = page.locator('tbody tr', { hasText: 'Checkout service' });
    for (const label of ['Name', 'Key', 'Created', 'Expires', 'Last used', 'Status']) {
      await expectOnScreen(page, row.locator(`td[data-label="${label}"]`));
    }
    await expectOnScreen(page, row.getByRole('link', { name: 'Usage of Checkout service' }));
    await expectOnScreen(page, row.getByRole('link', { name: 'Revoke Checkout service' }));
    await page.setViewportSize(DESKTOP);

    // Its usage, after the calls.
    await page.getByRole('link', { name: 'Checkout service' }).first().click();
    await page.getByRole('heading', { name: /Checkout service/ }).waitFor();
    // A new key's few calls fill the chart (zoomed to them), not a sliver at its edge.
    expect(await page.textContent('main')).toContain('Zoomed to activity');
    const plot = (await page.locator('svg.chart-plot').boundingBox())!;
    const bars = page.locator('svg.chart-plot rect.bar');
    expect(await bars.count()).toBeGreaterThanOrEqual(2);
    expect((await bars.first().boundingBox())!.width).toBeGreaterThan(plot.width / 40);
    const httpLookups = page.locator('.stat', { hasText: 'HTTP lookups' }).locator('dd');
    expect(await httpLookups.textContent()).toBe('4');
    const mcpLookups = page.locator('.stat', { hasText: 'MCP lookups' }).locator('dd');
    expect(await mcpLookups.textContent()).toBe('2');
    expect(await page.content()).not.toContain(key.slice(16));
    await shot('06-usage');
    await phone('06-usage');

    // Revoke, with a confirmation.
    await page.getByRole('link', { name: 'Revoke this key…' }).click();
    await page.getByRole('heading', { name: /Revoke/ }).waitFor();
    await shot('07-revoke-confirm');
    await phone('07-revoke-confirm');
    await page.getByRole('button', { name: 'Revoke key' }).click();
    await page.waitForURL(/\/dashboard\/keys\?revoked=/);
    expect(await page.getByRole('status').textContent()).toContain('is revoked');
    await shot('08-revoked');
    await new Promise((resolve) => setTimeout(resolve, CACHE_MS + 200));
    expect((await lookup(key)).status).toBe(401);

    await phone('08-revoked');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/dashboard\/sign-in$/);
    await page.goto(`${base}/dashboard/keys`);
    await page.waitForURL(/\/dashboard\/sign-in$/);
    expect(cspViolations).toEqual([]);
  }, 300_000);

  it('shows an admin every account and every key, and friendly error pages', async () => {
    const created = await runBuiltCommand(
      'users',
      ['create', '--email', 'admin@example.com', '--admin'],
      { DATABASE_URL: b.db.url, PUBLIC_BASE_URL: base },
    );
    const link = new RegExp(`${base}/dashboard/set-password/\\S+`).exec(created.stdout)![0];
    await page.goto(link);
    await page.getByLabel('New password').fill(PASSWORD);
    await page.getByLabel('Repeat the password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.waitForURL(/\/dashboard\/sign-in/);
    await page.getByLabel('Email').fill('admin@example.com');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dashboard\/keys$/);
    expect(await page.textContent('main')).toContain(EMAIL); // Dana's key, with its owner
    await shot('10-admin-keys');
    await phone('10-admin-keys');
    await page.getByRole('link', { name: 'Accounts' }).click();
    await page.waitForURL(/\/dashboard\/accounts$/);
    expect(await page.textContent('main')).toContain(EMAIL);
    await expectLabelled();
    await shot('11-admin-accounts');
    await phone('11-admin-accounts');

    const missing = await page.goto(`${base}/dashboard/keys/AAAAAAAAAAAA`);
    expect(missing?.status()).toBe(404);
    await shot('12-not-found');
    await phone('12-not-found');
    const used = await page.goto(link); // the link worked once
    expect(used?.status()).toBe(404);
    await shot('13-link-used');
    expect(cspViolations).toEqual([]);
  }, 300_000);

  it('lets an admin review the names people asked for, and refuses a member', async () => {
    // Still the admin of the test before. A key of its own, for lookups the catalog refuses.
    await page.goto(`${base}/dashboard/keys`);
    await page.getByLabel('Name').fill('Names review');
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = await page.getByLabel('API key').inputValue();
    const ask = async (name: string) => {
      const url = `${base}/v1/product-intelligence?product_name=${encodeURIComponent(name)}`;
      const res = await fetch(url, { headers: { Authorization: `Bearer ${key}` } });
      return (await res.json()) as { found: boolean; id?: string };
    };
    for (const name of [REFUSED, MISSING]) expect((await ask(name)).found).toBe(false);

    // The server adds refused names to the list every 2 seconds.
    await page.getByRole('link', { name: 'Names asked' }).click();
    await page.waitForURL(/\/dashboard\/names$/);
    for (let i = 0; i < 50 && !(await page.textContent('main'))!.includes(MISSING); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      await page.reload();
    }
    const refused = page.locator('tbody tr', { hasText: REFUSED });
    expect(await refused.locator('td[data-label="Suggestion"]').textContent()).toMatch(
      /Sony WH-1000XM[45]/,
    );
    await shot('15-names');
    await phone('15-names');

    // "Is this product": the suggestion is confirmed, and the lookup finds it within seconds.
    const product = await refused.locator('input[name="product"]').getAttribute('value');
    await refused.getByRole('button', { name: /Is this product/ }).click();
    await page.waitForURL(/\/dashboard\/names\?done=alias/);
    expect(await page.getByRole('status').textContent()).toContain(`“${REFUSED}” now finds`);
    let answer = await ask(REFUSED);
    for (let i = 0; i < 30 && !answer.found; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      answer = await ask(REFUSED);
    }
    expect(answer).toMatchObject({ found: true, id: product });

    // Another product, found by typing its name: the page to find it.
    await page
      .locator('tbody tr', { hasText: MISSING })
      .getByRole('link', { name: /Find the product/ })
      .click();
    await page.getByRole('heading', { name: `Which product is “${MISSING}”?` }).waitFor();
    await page.getByLabel('Product name or id').fill('bose quietcomfort');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.locator('tbody tr', { hasText: 'bose-quietcomfort-45' }).waitFor();
    await expectLabelled();
    await shot('16-names-product');
    await phone('16-names-product');
    await page.getByRole('link', { name: '← Names people asked for' }).click();

    // "Not in the catalog": on the demand list, exported as CSV.
    await page
      .locator('tbody tr', { hasText: MISSING })
      .getByRole('button', { name: /Not in the catalog/ })
      .click();
    await page.waitForURL(/\/dashboard\/names\?done=demand/);
    expect(await page.getByRole('status').textContent()).toContain('is on the demand list');
    await page
      .getByRole('navigation', { name: 'Lists' })
      .getByRole('link', { name: /Demand/ })
      .click();
    await page.waitForURL(/\/dashboard\/names\/demand$/);
    expect(await page.textContent('tbody')).toContain(MISSING);
    await shot('17-names-demand');
    await phone('17-names-demand');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: /Export CSV/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^names-demand-\d{4}-\d\d-\d\d\.csv$/);
    const lines = (await readFile(await download.path(), 'utf8')).split('\r\n');
    expect(lines[0]).toBe(
      'name,asked,asked_http,asked_mcp,feed_items,first_asked_at,last_asked_at,suggestion_id,suggestion_name,suggestion_score',
    );
    expect(lines.slice(1).filter(Boolean)).toEqual([
      expect.stringMatching(new RegExp(`^${MISSING},1,1,0,0,\\d{4}-`)),
    ]);
    expect(cspViolations).toEqual([]);

    // A member has no such page.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/dashboard\/sign-in$/);
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dashboard\/keys$/);
    expect(await page.getByRole('link', { name: 'Names asked' }).count()).toBe(0);
    const denied = await page.goto(`${base}/dashboard/names`);
    expect(denied?.status()).toBe(403);
    expect(await page.textContent('main')).toContain('Only admins can see this page.');
  }, 300_000);

  it('greets at / with links to the dashboard and the reference, and shows its icon', async () => {
    const landing = await page.goto(base);
    expect(landing?.status()).toBe(200);
    expect(await page.getByRole('heading', { name: 'Product Intelligence' }).isVisible()).toBe(
      true,
    );
    await shot('14-landing');
    await phone('14-landing');
    // The icons every page names load and decode (in <img>s, under the page's CSP).
    const icons = await page.evaluate<{ href: string; width: number }[]>(
      `Promise.all([...document.querySelectorAll('link[rel=icon]')].map((link) => {
        const img = new Image();
        img.src = link.href;
        return img.decode().then(() => ({ href: link.href, width: img.naturalWidth }),
          () => ({ href: link.href, width: 0 }));
      }))`,
    );
    expect(icons).toEqual([
      { href: `${base}/favicon.ico`, width: expect.any(Number) },
      { href: `${base}/favicon.svg`, width: expect.any(Number) },
    ]);
    for (const { width } of icons) expect(width).toBeGreaterThan(0);
    await page.goto(base);
    await page.locator('main').getByRole('link', { name: 'API reference' }).click();
    await page.waitForURL(/\/v1\/reference$/);
    await page.goto(base);
    await page.locator('main').getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL(/\/dashboard\/(keys|sign-in)$/);
    expect(cspViolations).toEqual([]);
  });
});
