import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { projectRoot } from '../src/config/project-root.js';
import { freePort } from './setup/global-setup.js';
import { chromiumBinary } from './support/chromium.js';
import { createTestApp } from './support/test-app.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

// The reference page (/v1/reference) in Debian's Chromium: what a reader sees, that every
// link inside the page lands somewhere, and that the page asks nothing of any other origin.
// Screenshots go to test-artifacts/reference/ (git-ignored).

const ARTIFACTS = path.join(projectRoot(), 'test-artifacts', 'reference');

describe('reference page in a browser', () => {
  let db: TestDatabase;
  let app: INestApplication;
  let browser: Browser;
  let page: Page;
  let base: string;
  const requests: string[] = [];
  const cspViolations: string[] = [];

  /** The text of the element with this id, or null when the page has none. */
  const textOf = async (id: string) =>
    await page.evaluate<string | null>(`document.getElementById(${JSON.stringify(id)})
      ?.closest('article, section')?.innerText ?? null`);

  beforeAll(async () => {
    const executablePath = chromiumBinary();
    await mkdir(ARTIFACTS, { recursive: true });
    db = await createTestDatabase();
    // The samples name the public URL: the port is picked first so that it is the real one.
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    app = await createTestApp({ DATABASE_URL: db.url, PUBLIC_BASE_URL: base });
    await app.listen(port, '127.0.0.1');
    browser = await chromium.launch({ executablePath, headless: true, args: ['--no-sandbox'] });
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('request', (request) => requests.push(request.url()));
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    const response = await page.goto(`${base}/v1/reference`, { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(200);
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await db?.drop();
  });

  it('shows the batch request body with its field and an example', async () => {
    const batch = (await textOf('getProductIntelligenceBatch'))!;
    expect(batch).toContain('Request body');
    expect(batch).toMatch(/product_names\s+array \(1 to 5\) of string/);
    expect(batch).toContain('"product_names": [');
    await page.screenshot({ path: path.join(ARTIFACTS, 'reference.png'), fullPage: true });
    await page.screenshot({ path: path.join(ARTIFACTS, 'reference-top.png') });
  });

  it('has copy-paste samples: curl, fetch and Python, with the key from PI_API_KEY', async () => {
    const single = (await textOf('getProductIntelligence'))!;
    expect(single).toContain(`curl -G "${base}/v1/product-intelligence"`);
    expect(single).toContain('--data-urlencode "product_name=Sony WH-1000XM5"');
    expect(single).toContain('-H "Authorization: Bearer $PI_API_KEY"');
    expect(single).toContain("url.searchParams.set('product_name'");
    expect(single).toContain('requests.get(');
    const batch = (await textOf('getProductIntelligenceBatch'))!;
    expect(batch).toContain('-H "Authorization: Bearer $PI_API_KEY"');
    expect(batch).toContain("method: 'POST'");
    expect(batch).toContain('requests.post(');
  });

  it('navigates by anchors: every link inside the page has its target', async () => {
    const hrefs = await page.evaluate<string[]>(
      `[...document.querySelectorAll('a[href^="#"]')].map((a) => a.getAttribute('href'))`,
    );
    expect(hrefs).toEqual(
      expect.arrayContaining([
        '#getProductIntelligence',
        '#getProductIntelligenceBatch',
        '#schema-BatchLookupRequest',
      ]),
    );
    const missing = await page.evaluate<string[]>(
      `[...new Set([...document.querySelectorAll('a[href^="#"]')].map((a) => a.getAttribute('href')))]
        .filter((href) => !document.getElementById(decodeURIComponent(href.slice(1))))`,
    );
    expect(missing).toEqual([]);
    await page.click('nav a[href="#getProductIntelligenceBatch"]');
    expect(new URL(page.url()).hash).toBe('#getProductIntelligenceBatch');
    const top = await page.evaluate<number>(
      `document.getElementById('getProductIntelligenceBatch').getBoundingClientRect().top`,
    );
    expect(Math.abs(top)).toBeLessThan(50);
  });

  it('loads nothing from outside the service and breaks no CSP rule', () => {
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.filter((url) => !url.startsWith(`${base}/`))).toEqual([]);
    expect(cspViolations).toEqual([]);
  });

  it('reads on a phone: nothing wider than the screen but the tables and code scroll', async () => {
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await phone.goto(`${base}/v1/reference#getProductIntelligenceBatch`);
    const overflow = await phone.evaluate<number>(
      `document.documentElement.scrollWidth - document.documentElement.clientWidth`,
    );
    await phone.screenshot({ path: path.join(ARTIFACTS, 'reference-phone.png') });
    await phone.close();
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
