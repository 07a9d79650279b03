import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import type { Page } from 'playwright-core';
import {
  activate,
  expectFitsPhone,
  openDashboardBrowser,
  PHONE,
  DESKTOP,
  type DashboardBrowser,
} from './support/dashboard-browser.js';
import { runBuiltCommand } from './support/run-command.js';

// The usage chart in Chromium: a new key's first calls, then each range over stored history,
// with the value of a bar on keyboard focus and on hover, on a desktop and on a phone.

const EMAIL = 'chart@example.com';
const PASSWORD = 'a long and memorable passphrase';

describe('usage chart in a browser', () => {
  let b: DashboardBrowser;
  let page: Page;
  let usageUrl: string;

  const stat = async (label: string) =>
    await page.locator('.stat', { hasText: label }).locator('dd').textContent();

  /** Opens a range with the keyboard: focus its link, press Enter. */
  const openRange = async (label: string) => {
    await page
      .getByRole('navigation', { name: 'Time range' })
      .getByRole('link', { name: label })
      .focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`range=${label.replace(' ', '')}$`));
    const current = page.locator('nav.ranges [aria-current="page"]');
    expect(await current.textContent()).toBe(label);
  };

  beforeAll(async () => {
    b = await openDashboardBrowser();
    page = b.page;
  }, 600_000);

  afterAll(async () => {
    await b?.close();
  });

  it('zooms a new key to its first calls, then shows 1 h, 24 h and 7 d of history', async () => {
    const created = await runBuiltCommand('users', ['create', '--email', EMAIL], {
      DATABASE_URL: b.db.url,
      PUBLIC_BASE_URL: b.base,
    });
    const link = new RegExp(`${b.base}/dashboard/set-password/\\S+`).exec(created.stdout)![0];
    await activate(page, link, EMAIL, PASSWORD);
    await page.getByLabel('Name').fill('Chart key');
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = await page.getByLabel('API key').inputValue();
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${b.base}/v1/product-intelligence?product_name=PS5`, {
        headers: { Authorization: `Bearer ${key}` },
      });
      expect(res.status).toBe(200);
    }

    // Three lookups just now: a bar a fifteenth of the chart wide, not a 1-pixel spike (two
    // bars where the three straddle the turn of a minute).
    usageUrl = `${b.base}/dashboard/keys/${key.slice(3, 15)}`;
    await page.goto(usageUrl);
    expect(await page.textContent('main')).toContain('Zoomed to activity');
    const plot = (await page.locator('svg.chart-plot').boundingBox())!;
    const bar = (await page.locator('rect.bar.http').first().boundingBox())!;
    expect(bar.width).toBeGreaterThan(plot.width / 25);
    await b.shot('20-chart-new-key');
    await expectFitsPhone(b, '20-chart-new-key');

    // History: stored minutes 40 minutes, 5 hours and 3 days ago.
    const client = new pg.Client({ connectionString: b.db.url });
    await client.connect();
    await client.query(
      `INSERT INTO key_usage_minutes (api_key_id, minute, channel, lookups, refused)
       SELECT $1, date_trunc('minute', now() - ago), channel::usage_channel, lookups, refused
       FROM (VALUES (interval '40 minutes', 'http', 12, 0), (interval '5 hours', 'mcp', 30, 4),
                    (interval '3 days', 'http', 50, 0)) AS v(ago, channel, lookups, refused)`,
      [key.slice(3, 15)],
    );
    await client.end();

    const expected = [
      {
        range: '1 h',
        http: '15',
        mcp: '0',
        per: 'Calls per minute, last hour',
        bars: [/: 12 HTTP/],
      },
      {
        range: '24 h',
        http: '15',
        mcp: '30',
        per: 'Calls per 5 minutes',
        bars: [/: 12 HTTP/, /: 0 HTTP, 30 MCP, 4 refused/],
      },
      {
        range: '7 d',
        http: '65',
        mcp: '30',
        per: 'Calls per hour, last 7 days',
        bars: [/^\d+ \w+ \d\d:00 to \d\d:00 UTC: 50 HTTP/, /: 0 HTTP, 30 MCP, 4 refused/],
      },
    ];
    for (const { range, http, mcp, per, bars } of expected) {
      await openRange(range);
      expect(await page.textContent('#chart-title')).toContain(per);
      expect(await stat('HTTP lookups')).toBe(http);
      expect(await stat('MCP lookups')).toBe(mcp);
      // Each stored minute is in a focusable bar (now and 40 minutes ago may share an hour).
      const titles = await page.locator('g.bucket[tabindex="0"] title').allTextContents();
      for (const bar of bars) expect(titles.filter((t) => bar.test(t))).toHaveLength(1);

      // Tab from the range switch reaches the first bar with calls, which shows its value.
      await page.locator('nav.ranges a').last().focus();
      await page.keyboard.press('Tab');
      const focused = page.locator('g.bucket:focus');
      expect(await focused.count()).toBe(1);
      expect(await focused.locator('.tip').isVisible()).toBe(true);
      expect(await focused.locator('.tip').textContent()).toMatch(/\d+ HTTP · \d+ MCP/);
      expect(await focused.locator('title').textContent()).toMatch(/ UTC: \d+ HTTP, \d+ MCP/);
      const name = range.replace(' ', '');
      await b.shot(`21-chart-${name}`);

      // On a phone: no sideways scrolling, labels of a readable size, values on hover.
      await page.setViewportSize(PHONE);
      const label = page.locator('svg.chart-x text').first();
      expect((await label.boundingBox())!.height).toBeGreaterThanOrEqual(11);
      await page.locator('g.bucket[tabindex="0"] rect.bar').last().hover();
      expect(await page.locator('g.bucket:hover .tip').isVisible()).toBe(true);
      await page.setViewportSize(DESKTOP);
      await expectFitsPhone(b, `21-chart-${name}`);
    }
    expect(b.cspViolations).toEqual([]);
  }, 300_000);
});
