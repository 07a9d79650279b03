import { expect } from '@jest/globals';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { projectRoot } from '../../src/config/project-root.js';
import { freePort } from '../setup/global-setup.js';
import { chromiumBinary } from './chromium.js';
import { startServer, type ServerProcess } from './server-process.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

/** Screenshots of the browser tests (git-ignored). */
export const ARTIFACTS = path.join(projectRoot(), 'test-artifacts', 'dashboard');
export const DESKTOP = { width: 1280, height: 860 };
/** An iPhone's viewport in CSS pixels. */
export const PHONE = { width: 390, height: 844 };

export interface DashboardBrowser {
  base: string;
  db: TestDatabase;
  page: Page;
  /** Console messages about the Content-Security-Policy: a test expects none. */
  cspViolations: string[];
  shot(name: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * The built server on a fresh database with the demo catalog, and Debian's Chromium driven
 * by playwright-core, with a desktop-sized page on it.
 */
export async function openDashboardBrowser(): Promise<DashboardBrowser> {
  const executablePath = chromiumBinary();
  await mkdir(ARTIFACTS, { recursive: true });
  const db = await createTestDatabase({ demo: true });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let server: ServerProcess | undefined;
  let browser: Browser | undefined;
  const close = async () => {
    await browser?.close();
    await server?.stop();
    await db.drop();
  };
  try {
    server = await startServer({
      DATABASE_URL: db.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_BASE_URL: base,
      SEED_DEMO_CATALOG: 'true',
      LINK_SIGNING_SECRET: 'browser-test-secret-browser-test-secret',
      LOG_LEVEL: 'log',
    });
    browser = await chromium.launch({ executablePath, headless: true, args: ['--no-sandbox'] });
    const context = await browser.newContext({ viewport: DESKTOP });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    const page = await context.newPage();
    const cspViolations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    const shot = async (name: string) =>
      void (await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true }));
    return { base, db, page, cspViolations, shot, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Sets the password from a one-time link, then signs in and waits for the keys page. */
export async function activate(page: Page, link: string, email: string, password: string) {
  await page.goto(link);
  await page.getByLabel('New password').fill(password);
  await page.getByLabel('Repeat the password').fill(password);
  await page.getByRole('button', { name: 'Set password' }).click();
  await page.waitForURL(/\/dashboard\/sign-in/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/dashboard\/keys$/);
}

/**
 * The current page at 390 px: nothing wider than the screen (no sideways scrolling), a
 * screenshot `<name>-phone`, then back to the desktop size.
 */
export async function expectFitsPhone(browser: DashboardBrowser, name: string): Promise<void> {
  const { page } = browser;
  await page.setViewportSize(PHONE);
  try {
    const width = await page.evaluate<number>('document.documentElement.scrollWidth');
    expect({ page: name, width }).toEqual({ page: name, width: PHONE.width });
    await browser.shot(`${name}-phone`);
  } finally {
    await page.setViewportSize(DESKTOP);
  }
}

/** Scrolled to, an element lies wholly inside the phone's viewport and can be seen. */
export async function expectOnScreen(page: Page, locator: ReturnType<Page['locator']>) {
  await locator.scrollIntoViewIfNeeded();
  expect(await locator.isVisible()).toBe(true);
  const box = (await locator.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  // Half a pixel for subpixel layout.
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width + 0.5);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height + 0.5);
  // Large enough to read and to tap.
  expect(box.height).toBeGreaterThanOrEqual(16);
}
