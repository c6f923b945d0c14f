/**
 * The demo page's manners in Chromium against the real Worker (its deploy bundle, local D1): a level only looked
 * at starts no ranked clock, an error shows where a phone's player is looking, an unreachable API reads
 * as such, the page has its own icon, every kind's Hint marks its board, and the player's requests carry the
 * D1 bookmark of the anonymous registration. Solving through the page is demo.e2e.ts's.
 */

import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { HintAnswer } from '../../src/contract/hint.js';
import { KINDS } from '../../src/kinds/index.js';
import { ensureChromium, launchChromium } from './chromium.js';
import { storedSudoku, typeSudokuAnswer } from './sudoku-page.js';
import { newVisitor, pageReady } from './visitor.js';
import { type LocalWorker, startWorker } from './worker.js';

/** A phone held upright (CSS pixels). */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1200, height: 900 };
/** Where the page keeps its player's id and token (public/api.js). */
const PLAYER_KEY = 'daily-puzzles.player';
/** What the page says when no answer comes from the API (the client's networkError, src/client/api-error.ts). */
const UNREACHABLE = 'Cannot reach the puzzle server. Check your connection and try again.';

const chromiumStatus = ensureChromium();
if (!chromiumStatus.ok) {
  console.warn(`\n[e2e] SKIPPED: the demo page test needs Chromium. ${chromiumStatus.reason}\n`);
}

describe.skipIf(!chromiumStatus.ok)('the demo page', () => {
  let worker: LocalWorker;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    worker = await startWorker();
    browser = await launchChromium(chromiumStatus);
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await worker?.stop();
  });

  /** A fresh browser (a new player) on the page, ready; or a new tab of `context` (its player). */
  async function openPage(viewport = DESKTOP, path = '/', context?: BrowserContext): Promise<Page> {
    if (!context) {
      context = await newVisitor(browser, { viewport });
      contexts.push(context);
    }
    const page = await context.newPage();
    page.setDefaultTimeout(90_000);
    page.on('pageerror', (error) => console.error('[page error]', error));
    await page.goto(`${worker.url}${path}`);
    await pageReady(page);
    return page;
  }

  async function playerIdOf(page: Page): Promise<string> {
    const stored = await page.evaluate(`localStorage.getItem(${JSON.stringify(PLAYER_KEY)})`);
    return (JSON.parse(String(stored)) as { id: string }).id;
  }

  async function sessionsOf(playerId: string): Promise<string[]> {
    const rows = await worker.query<{ puzzle_id: string }>(
      `select puzzle_id from play_sessions where player_id = '${playerId.replace(/'/g, "''")}' order by puzzle_id`,
    );
    return rows.map((r) => r.puzzle_id);
  }

  /** Shows a level from the level links and waits until its board's place is covered. */
  async function browse(page: Page, level: string): Promise<void> {
    await page.locator('#levels a', { hasText: new RegExp(`^${level}$`) }).click();
    await page.locator('#puzzle-title', { hasText: new RegExp(`· ${level}$`) }).waitFor();
    await page.locator('#board .cover #start').waitFor();
  }

  test('browsing three levels without pressing Start shows each covered and starts no session', async () => {
    const page = await openPage(DESKTOP, '/#/sudoku/easy');
    for (const level of ['easy', 'medium', 'hard']) {
      await browse(page, level);
      // Nothing of the puzzle is drawn: no cell to read, only the cover.
      expect(await page.locator('#board [data-cell]').count()).toBe(0);
      expect(await page.locator('#board .board').count()).toBe(0);
      expect(await page.locator('#timer').textContent()).toBe('0:00');
      expect(await page.locator('#puzzle-info').textContent()).toMatch(
        /^\w+ · par \d+:\d\d · puzzle rating \d+/,
      );
    }
    expect(await sessionsOf(await playerIdOf(page))).toEqual([]);
  });

  test("the player's first request carries its registration's bookmark, though another client made it", async () => {
    const context = await newVisitor(browser, { viewport: DESKTOP });
    contexts.push(context);
    const page = await context.newPage();
    const registered = page.waitForResponse(
      (res) => res.url().endsWith('/v1/players') && res.request().method() === 'POST',
    );
    const firstAsPlayer = page.waitForRequest(
      (req) => req.url().includes('/v1/') && req.headers().authorization !== undefined,
    );
    await page.goto(worker.url);
    const bookmark = (await registered).headers()['x-d1-bookmark'];
    expect(bookmark).toMatch(/^[0-9a-f]{8}-/);
    // The registration's, or a newer one that a read since then brought the page.
    const sent = (await firstAsPlayer).headers()['x-d1-bookmark'] ?? '';
    expect(sent >= (bookmark ?? '~'), `${sent} after ${bookmark}`).toBe(true);
  });

  test('pressing Start starts the level’s session at the server and shows its board', async () => {
    const page = await openPage(DESKTOP, '/#/sudoku/easy');
    await browse(page, 'medium');
    const date = ((await page.locator('#date').textContent()) ?? '').trim();
    await page.locator('#board #start').click();
    await page.locator('#board .board [data-cell]').first().waitFor();
    expect(await page.locator('#board .cover').count()).toBe(0);
    expect(await sessionsOf(await playerIdOf(page))).toEqual([`${date}:sudoku:medium`]);
    // The clock runs from the server's start.
    await expect.poll(async () => page.locator('#timer').textContent(), { timeout: 5000 }).not.toBe('0:00');
  });

  test('a started level comes back on reload with its board, not covered again', async () => {
    const page = await openPage(DESKTOP, '/#/sudoku/easy');
    await page.locator('#board #start').click();
    await page.locator('#board .board').waitFor();
    await page.reload();
    await pageReady(page);
    await page.locator('#board .board').waitFor();
    expect(await page.locator('#board #start').count()).toBe(0);
    expect(await sessionsOf(await playerIdOf(page))).toHaveLength(1);
  });

  test('on a 390×844 phone, a refused rename shows its error beside the field, in view', async () => {
    const page = await openPage(PHONE);
    await page.locator('#rename summary').click();
    await page.locator('#rename-input').fill('x');
    await page.locator('#rename-form button').click();
    const error = page.locator('#rename-form .inline-error');
    await error.waitFor();
    expect(await error.textContent()).toContain('at least 2 characters');
    const box = await error.boundingBox();
    const field = await page.locator('#rename-input').boundingBox();
    expect(box).not.toBeNull();
    expect(field).not.toBeNull();
    if (!box || !field) return;
    expect(box.y, JSON.stringify(box)).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height, JSON.stringify(box)).toBeLessThanOrEqual(PHONE.height);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    // Beside the field: just below it, not a screen away.
    expect(box.y - (field.y + field.height)).toBeLessThan(60);
    // A good name clears it.
    await page.locator('#rename-input').fill('Phone Player');
    await page.locator('#rename-form button').click();
    await page.locator('#player-name', { hasText: 'Phone Player' }).waitFor();
    expect(await error.isHidden()).toBe(true);
  });

  test("a new player held back by its network's limit is told so, and the page joins when it may", async () => {
    const context = await newVisitor(browser, { viewport: DESKTOP });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(90_000);
    let refused = 0;
    // The service's answer to an address that has made its players for the minute, once.
    await page.route('**/v1/players', (route) => {
      if (route.request().method() !== 'POST' || refused > 0) return route.continue();
      refused += 1;
      return route.fulfill({
        status: 429,
        headers: { 'Retry-After': '2' },
        contentType: 'application/json',
        body: JSON.stringify({
          error: { code: 'rate_limited', message: 'Too many new players', details: { retryAfterSeconds: 2 } },
        }),
      });
    });
    await page.goto(`${worker.url}/#/sudoku/easy`);
    await page.locator('#status', { hasText: 'Many new players are joining from your network' }).waitFor();
    expect(await page.locator('#status').textContent()).toContain('tries again in 2 s');
    await pageReady(page);
    expect(refused).toBe(1);
    expect(await playerIdOf(page)).toMatch(/\S/);
    expect(await page.locator('#status').getAttribute('data-tone')).not.toBe('error');
  });

  test('a page that cannot reach the API says so in plain words, not "Failed to fetch"', async () => {
    const context = await newVisitor(browser, { viewport: DESKTOP });
    contexts.push(context);
    const page = await context.newPage();
    await page.route('**/v1/**', (route) => route.abort('internetdisconnected'));
    await page.goto(`${worker.url}/`);
    const status = page.locator('#status[data-tone="error"]');
    await status.waitFor();
    expect(await status.textContent()).toBe(UNREACHABLE);
  });

  test('Start pressed while the API is unreachable says so beside the button, and works once it is back', async () => {
    const page = await openPage(PHONE, '/#/sudoku/easy');
    await page.route('**/v1/**', (route) => route.abort('internetdisconnected'));
    await page.locator('#board #start').click();
    const error = page.locator('#board .cover .inline-error');
    await error.waitFor();
    expect(await error.textContent()).toBe(UNREACHABLE);
    const box = await error.boundingBox();
    expect(box && box.y >= 0 && box.y + box.height <= PHONE.height, JSON.stringify(box)).toBe(true);
    expect(await sessionsOf(await playerIdOf(page))).toEqual([]);
    await page.unroute('**/v1/**');
    await page.locator('#board #start').click();
    await page.locator('#board .board').waitFor();
    expect(await sessionsOf(await playerIdOf(page))).toHaveLength(1);
  });

  /** Answers the consent dialog of a ranked solve's first hint with "Show the hint (practice)". */
  async function consentToPractice(page: Page): Promise<void> {
    const dialog = page.locator('dialog#hint-consent');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: /Show the hint/ }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  async function hintsOf(playerId: string, puzzleId: string): Promise<number | undefined> {
    const rows = await worker.query<{ hints: number }>(
      `select hints from play_sessions where player_id = '${playerId.replace(/'/g, "''")}' and puzzle_id = '${puzzleId}'`,
    );
    return rows[0]?.hints;
  }

  /** Starts today's sudoku of `level` on a new player's page and returns the puzzle's id. */
  async function startSudoku(page: Page, level: string): Promise<string> {
    await page.locator('#board #start').click();
    await page.locator('#board .board').waitFor();
    const date = ((await page.locator('#date').textContent()) ?? '').trim();
    return `${date}:sudoku:${level}`;
  }

  test('the first Hint of a ranked solve asks in a dialog; keeping the solve ranked gives and counts no hint', async () => {
    const page = await openPage(DESKTOP, '/#/sudoku/hard');
    const puzzleId = await startSudoku(page, 'hard');
    await page.locator('#hint').focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Take a hint?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('no leaderboard, rating or streak');
    // Escape, as a keyboard user leaves a dialog: the solve stays ranked and focus is back on Hint.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // Focus comes back in the dialog's close handler, a moment after it is hidden.
    await expect.poll(() => page.evaluate('document.activeElement?.id')).toBe('hint');
    expect(await page.locator('#status').textContent()).toContain('stays ranked');
    expect(await page.locator('#board .hint-concludes').count()).toBe(0);
    expect(await hintsOf(await playerIdOf(page), puzzleId)).toBe(0);
  });

  test('once the player agrees, the hint is given and the next Hint of that puzzle asks no more, after a reload too', async () => {
    const page = await openPage(DESKTOP, '/#/sudoku/medium');
    const puzzleId = await startSudoku(page, 'medium');
    await page.locator('#hint').click();
    await consentToPractice(page);
    await page.locator('#board .hint-concludes').first().waitFor();
    await page.reload();
    await pageReady(page);
    await page.locator('#board .board').waitFor();
    const answered = page.waitForResponse((res) => new URL(res.url()).pathname.endsWith('/hint'));
    await page.locator('#hint').click();
    expect((await answered).status()).toBe(200);
    expect(await page.locator('dialog#hint-consent').isVisible()).toBe(false);
    expect(await hintsOf(await playerIdOf(page), puzzleId)).toBe(2);
  });

  /** Solves today's sudoku `level` through the page after one hint (so as practice), typing the answer. */
  async function solveWithHint(page: Page, level: string): Promise<void> {
    const puzzleId = await startSudoku(page, level);
    await page.locator('#hint').click();
    await consentToPractice(page);
    await page.locator('#board .hint-concludes').first().waitFor();
    await typeSudokuAnswer(page, worker, puzzleId);
    await page.locator('#result:not([hidden])').waitFor();
  }

  test("a hinted solve's result says it is practice because of its hints", async () => {
    const page = await openPage(DESKTOP, '/#/sudoku/easy');
    await solveWithHint(page, 'easy');
    expect(await page.locator('#result-rank').textContent()).toBe('practice: you took 1 hint');
    expect(await page.locator('#status').textContent()).toContain('practice because you took 1 hint');
  });

  test('the score reads as a percentage, its exact figure shown on keyboard focus', async () => {
    const page = await openPage(DESKTOP, '/#/sudoku/easy');
    await solveWithHint(page, 'easy');
    const figure = page.locator('#result-score .figure');
    const exact = Number(await figure.getAttribute('data-exact'));
    expect(exact).toBeGreaterThan(0);
    expect(await figure.locator('span').first().textContent()).toBe(
      `${Math.round(Math.round(exact * 1000) / 10)} %`,
    );
    await figure.focus();
    const shown = await page.evaluate(
      "getComputedStyle(document.querySelector('#result-score .figure'), '::after').content",
    );
    expect(shown).toBe(`"${exact.toFixed(3)}"`);
  });

  test('on a 390×844 phone the solve-time histogram keeps every bucket on one row, inside the width', async () => {
    const page = await openPage(PHONE, '/#/sudoku/easy');
    await solveWithHint(page, 'easy');
    // The solved puzzle as it comes back: the layout is what is checked here, not the refresh after a solve
    // (one CI run on a loaded machine never showed the panel after the hinted solve; see the closing note).
    await page.reload();
    const buckets = page.locator('#histogram .bucket');
    await buckets.first().waitFor();
    const boxes = (await buckets.evaluateAll((els) =>
      els.map((el) => el.getBoundingClientRect().toJSON()),
    )) as { left: number; top: number; right: number }[];
    expect(boxes.length).toBeGreaterThan(10);
    const tops = new Set(boxes.map((b) => Math.round(b.top)));
    expect(tops.size, JSON.stringify(boxes.map((b) => [b.left, b.top]))).toBe(1);
    for (const box of boxes) expect(box.right).toBeLessThanOrEqual(PHONE.width);
  });

  test('a covered puzzle names none of the techniques it needs; Start shows them', async () => {
    const page = await openPage(DESKTOP, '/#/sudoku/expert');
    await page.locator('#board #start').waitFor();
    expect(await page.locator('#puzzle-info').textContent()).not.toContain('needs');
    await page.locator('#board #start').click();
    await page.locator('#board .board').waitFor();
    await expect.poll(() => page.locator('#puzzle-info').textContent()).toContain('needs');
  });

  test('a pending result says what it means, how long a review may take and where its outcome shows', async () => {
    const page = await openPage(DESKTOP, '/#/sudoku/easy');
    const puzzleId = await startSudoku(page, 'easy');
    // The server's answer for a fast newcomer, which a test cannot solve fast enough to earn honestly.
    const pending = {
      valid: true,
      repeated: false,
      verdict: 'pending',
      countedMs: 61_000,
      capped: false,
      score: 0.91,
      wouldBeRank: 2,
      streak: { current: 1, best: 1, freezes: 0, change: 'started' },
    };
    await page.route('**/submissions', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(pending) }),
    );
    await typeSudokuAnswer(page, worker, puzzleId);
    const note = page.locator('#result-note');
    await note.waitFor();
    const text = (await note.textContent()) ?? '';
    expect(text).toContain('waiting for a review because it is faster than your history');
    expect(text).toContain('can take a few days');
    expect(text).toContain('History');
    expect(text).toContain('#2');
    expect(await page.locator('#result-rank').textContent()).toBe('under review');
  });

  test('a streak that has ended since the last visit is said once, with the freeze rule', async () => {
    const page = await openPage(DESKTOP, '/#/sudoku/easy');
    const id = await playerIdOf(page);
    // As if this page had shown a 4-day streak on an earlier visit; the new player's streak is 0.
    await page.evaluate(`localStorage.setItem('daily-puzzles.streak-shown.${id}', '4')`);
    await page.reload();
    await pageReady(page);
    const ended = page.locator('#streak-ended');
    await ended.waitFor();
    expect(await ended.textContent()).toMatch(
      /Your 4-day streak has ended.*streak freeze.*covers a missed day/,
    );
    await page.reload();
    await pageReady(page);
    expect(await ended.isHidden()).toBe(true);
  });

  test('on a 390×844 phone, Remind me with notifications blocked says why beside the button, in view', async () => {
    const context = await newVisitor(browser, { viewport: PHONE });
    contexts.push(context);
    // A browser whose player blocks the prompt: headless Chromium's own answer to a prompt nobody sees is
    // not something to build a test on.
    await context.addInitScript(`{
      let permission = 'default';
      Object.defineProperty(Notification, 'permission', { get: () => permission });
      Notification.requestPermission = async () => (permission = 'denied');
    }`);
    const page = await openPage(PHONE, '/#/sudoku/easy', context);
    expect(await page.locator('#remind-state').getAttribute('data-tone')).toBe('info');
    await page.locator('#remind-me').scrollIntoViewIfNeeded();
    await page.locator('#remind-me').click();
    const state = page.locator('#remind-state[data-tone="error"]');
    await state.waitFor();
    expect(await state.textContent()).toContain('Notifications are blocked for this page');
    const box = await state.boundingBox();
    const button = await page.locator('#remind-me').boundingBox();
    expect(box && box.y >= 0 && box.y + box.height <= PHONE.height, JSON.stringify(box)).toBe(true);
    expect(box && button && Math.abs(box.y - button.y) < 120, JSON.stringify([box, button])).toBe(true);
  });

  /** One player for every kind's hint test (each starts a different kind's puzzle). */
  let hinting: BrowserContext | undefined;

  test.each(KINDS)(
    'on a fresh %s board, Hint marks what the hint names and shows its sentence',
    async (kind) => {
      if (!hinting) {
        hinting = await newVisitor(browser, { viewport: DESKTOP });
        contexts.push(hinting);
      }
      const page = await openPage(DESKTOP, `/#/${kind}/easy`, hinting);
      await page.locator('#board #start').click();
      await page.locator('#board .board').waitFor();
      const answered = page.waitForResponse(
        (res) =>
          res.request().method() === 'POST' &&
          res.status() !== 409 &&
          new URL(res.url()).pathname.endsWith(`/${kind}/easy/hint`),
      );
      await page.locator('#hint').click();
      await consentToPractice(page);
      const response = await answered;
      expect(response.status()).toBe(200);
      const { hint } = (await response.json()) as HintAnswer;
      expect(hint.type).toBe('step');
      const marked = page.locator('#board :is(.hint-involved, .hint-concludes, .hint-mistake)');
      await marked.first().waitFor();
      expect(await page.locator('#board .hint-concludes').count()).toBeGreaterThan(0);
      expect(await page.locator('#status').textContent()).toContain(hint.explanation);
    },
  );

  test('after a wrong digit, Hint marks that cell as the mistake and gives no digit', async () => {
    const page = await openPage(DESKTOP, '/#/sudoku/medium');
    await page.locator('#board #start').click();
    await page.locator('#board .board').waitFor();
    const date = ((await page.locator('#date').textContent()) ?? '').trim();
    const { givens, answer } = await storedSudoku(worker, `${date}:sudoku:medium`);
    const blank = givens.indexOf('.');
    const wrong = String((Number(answer[blank]) % 9) + 1);
    const cell = page.locator(`#board [data-cell="${Math.floor(blank / 9)},${blank % 9}"]`);
    await cell.click();
    await page.keyboard.press(wrong);
    const answered = page.waitForResponse(
      (res) => new URL(res.url()).pathname.endsWith('/hint') && res.status() === 200,
    );
    await page.locator('#hint').click();
    await consentToPractice(page);
    const { hint } = (await (await answered).json()) as HintAnswer;
    expect(hint).toMatchObject({ type: 'mistake', unit: 'cell', at: blank });
    await page.locator('#board .hint-mistake').waitFor();
    expect(await cell.getAttribute('class')).toContain('hint-mistake');
    expect(await page.locator('#board .hint-mistake').count()).toBe(1);
    expect(await page.locator('#status').textContent()).toContain(hint.explanation);
  });

  test('the page links its own SVG icon, served from this origin under the page policy', async () => {
    const page = await openPage();
    const href = await page.evaluate(`document.querySelector('link[rel="icon"]')?.href ?? null`);
    expect(href).toBe(`${worker.url}/favicon.svg`);
    const res = await fetch(String(href));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await res.text()).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  });
});
