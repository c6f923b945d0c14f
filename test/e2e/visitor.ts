/**
 * A browser test's people. Each fresh context is a new person on an address of its own, sent as
 * CF-Connecting-IP (Miniflare, like wrangler dev, hands a client's header to the Worker, as Cloudflare's edge would): the
 * Worker lets one address make 10 players a minute, and a file that opens a fresh player per test would
 * otherwise meet that limit whenever its tests run quickly.
 */

import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';

let visitors = 0;

/**
 * A fresh browser context on its own address: one of IPv6's documentation range (2001:db8::/32), each in a
 * /48 of its own, so that no network limit is shared either. Only a header: nothing is sent there.
 */
export function newVisitor(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  visitors += 1;
  const address = `2001:db8:${visitors.toString(16)}::7`;
  return browser.newContext({
    ...options,
    extraHTTPHeaders: { ...options.extraHTTPHeaders, 'CF-Connecting-IP': address },
  });
}

/**
 * Waits until the page says it is ready (`body[data-ready]`), and fails at once with what its status line
 * says when it shows an error instead of waiting out the timeout in silence.
 */
export async function pageReady(page: Page): Promise<void> {
  await page.locator('body[data-ready="true"], #status[data-tone="error"]').first().waitFor();
  if ((await page.locator('body[data-ready="true"]').count()) === 1) return;
  throw new Error(
    `the page shows an error instead of getting ready: ${await page.locator('#status').textContent()}`,
  );
}
