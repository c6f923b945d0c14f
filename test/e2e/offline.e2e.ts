/**
 * The API docs and the demo page in Chromium with every request to a host other than this machine blocked:
 * both must render from the Worker's own origin alone, under their Content-Security-Policy, without a
 * single violation of it.
 */

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { KINDS } from '../../src/kinds/index.js';
import { ensureChromium, launchChromium } from './chromium.js';
import { newVisitor, pageReady } from './visitor.js';
import { type LocalWorker, startWorker } from './worker.js';

const chromiumStatus = ensureChromium();
if (!chromiumStatus.ok) {
  console.warn(`\n[e2e] SKIPPED: the offline pages test needs Chromium. ${chromiumStatus.reason}\n`);
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

interface OfflinePage {
  page: Page;
  /** Requests to other hosts, refused. */
  blocked: string[];
  /** What Chromium said about the page's Content-Security-Policy, and every violation event. */
  violations: string[];
}

describe.skipIf(!chromiumStatus.ok)('pages without a network', () => {
  let worker: LocalWorker;
  let browser: Browser;

  beforeAll(async () => {
    worker = await startWorker();
    browser = await launchChromium(chromiumStatus);
  });

  afterAll(async () => {
    await browser?.close();
    await worker?.stop();
  });

  async function offlinePage(): Promise<OfflinePage> {
    const context = await newVisitor(browser);
    const page = await context.newPage();
    page.setDefaultTimeout(90_000);
    const blocked: string[] = [];
    const violations: string[] = [];
    await page.route('**/*', (route) => {
      const url = route.request().url();
      if (LOOPBACK.has(new URL(url).hostname)) return route.continue();
      blocked.push(url);
      return route.abort('internetdisconnected');
    });
    page.on('console', (message) => {
      if (/Content Security Policy|CSP violation/i.test(message.text())) violations.push(message.text());
    });
    page.on('pageerror', (error) => violations.push(`page error: ${error.message}`));
    await page.addInitScript({
      content:
        "document.addEventListener('securitypolicyviolation', (e) => console.error('CSP violation: ' + e.violatedDirective + ' ' + e.blockedURI));",
    });
    return { page, blocked, violations };
  }

  test('/docs lists the API operations from this origin alone, under its policy', async () => {
    const { page, blocked, violations } = await offlinePage();
    const response = await page.goto(`${worker.url}/docs`);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    expect(response?.headers()['x-frame-options']).toBe('DENY');
    await page.locator('.opblock-summary-path', { hasText: '/v1/puzzles/today' }).first().waitFor();
    expect(await page.locator('.opblock').count()).toBeGreaterThan(10);
    await page.locator('.opblock-summary-path', { hasText: '/v1/players/me' }).first().waitFor();
    expect(blocked).toEqual([]);
    expect(violations).toEqual([]);
  });

  test('/ renders the demo page and a board of every kind from this origin alone, under its policy', async () => {
    const { page, blocked, violations } = await offlinePage();
    const response = await page.goto(`${worker.url}/`);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    expect(response?.headers()['x-frame-options']).toBe('DENY');
    await pageReady(page);
    await page.locator('#board #start').waitFor();
    for (const kind of KINDS) {
      await page.goto(`${worker.url}/#/${kind}/easy`);
      const name = kind === 'colorsort' ? 'colour sort' : kind;
      await page.locator('#puzzle-title', { hasText: new RegExp(`^${name} · easy$`, 'i') }).waitFor();
      await page.locator('#board #start').click();
      await page.locator('#board .board').waitFor();
    }
    expect(blocked).toEqual([]);
    expect(violations).toEqual([]);
  });
});
