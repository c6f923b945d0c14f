/**
 * The operators' console (/console) in Chromium against the real Worker (its deploy bundle, local D1): a
 * moderator signs in and judges a held solve by keyboard alone, and the player's row reaches the public
 * board; an owner rerolls a puzzle of a date not begun and today's is refused; a moderator's token cannot
 * make moderators; axe-core finds no WCAG 2.1 A/AA violation on any screen, at desk and phone sizes.
 */

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { type AdminClient, ApiError, createAdminClient, createClient } from '../../src/client/index.js';
import { DEV_SECRETS } from '../../src/config.js';
import { addDays, latestPlayableDate, playableFrom } from '../../src/daily/calendar.js';
import { engineFor } from '../../src/kinds/index.js';
import { evenLog, humanLog } from '../support/logs.js';
import { ensureChromium, launchChromium } from './chromium.js';
import { newVisitor, pageReady } from './visitor.js';
import { type LocalWorker, startWorker } from './worker.js';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1200, height: 900 };
const AXE_SOURCE = path.join(import.meta.dirname, '../../node_modules/axe-core/axe.min.js');
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** `CONSOLE_SCREENSHOTS=<dir>` saves the README's pictures of the screens there on the way. */
const SCREENSHOTS = process.env.CONSOLE_SCREENSHOTS;

async function picture(page: Page, name: string): Promise<void> {
  if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: false });
}

const chromiumStatus = ensureChromium();
if (!chromiumStatus.ok) {
  console.warn(`\n[e2e] SKIPPED: the console test needs Chromium. ${chromiumStatus.reason}\n`);
}

interface AxeViolation {
  id: string;
  help: string;
  nodes: { target: string[] }[];
}

describe.skipIf(!chromiumStatus.ok)('the console', () => {
  let worker: LocalWorker;
  let browser: Browser;
  let owner: AdminClient;
  let moderatorToken: string;
  let held: { playerId: string; token: string; date: string };
  let upcomingDate: string;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    worker = await startWorker();
    browser = await launchChromium(chromiumStatus);
    owner = createAdminClient(worker.url, { token: DEV_SECRETS.ADMIN_TOKEN });
    moderatorToken = (await owner.createModerator({ name: 'Grace', role: 'moderator' })).token;
    held = await heldSolve();
    upcomingDate = await puzzleMadeAhead();
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await worker?.stop();
  });

  /** A player's signal solve entered every 10 ms, as a script would: flagged, held for a moderator. */
  async function heldSolve(): Promise<{ playerId: string; token: string; date: string }> {
    const api = createClient(worker.url);
    const player = await api.register({ displayName: 'Hana' });
    const asPlayer = createClient(worker.url, { token: player.token });
    const { date } = await asPlayer.today();
    const view = await asPlayer.puzzle(date, 'signal', 'easy');
    const engine = engineFor('signal');
    const puzzle = engine.parsePuzzle(view.puzzle);
    const solution = engine.solve(puzzle, { maxSolutions: 1 }).solutions[0];
    if (!solution) throw new Error('no solution');
    const log = evenLog(engine.stepsTo(puzzle, solution), 200, 10).map(
      ([t, a, b]): [number, number, number] => [t, a, b],
    );
    const result = await asPlayer.submit(date, 'signal', 'easy', {
      solution: solution as { grid: string },
      log,
    });
    expect(result.verdict).toBe('flagged');
    // The live board answers at once and copies the solve to D1, where moderators read, within a second.
    await vi.waitFor(
      async () => {
        const { flags } = await owner.flags({ limit: 50 });
        if (!flags.some((f) => f.player.id === player.player.id))
          throw new Error('the solve is not in D1 yet');
      },
      { timeout: 30_000, interval: 200 },
    );
    return { playerId: player.player.id, token: player.token, date };
  }

  /**
   * A new player's clean signal easy solve, slower than Hana's, from an address of its own: five minutes
   * pass on the test clock between fetch and submit. Counted, yet held back from the public top 10 (no
   * history, no approval); it is in D1 before the console reads it.
   */
  async function newPlayersSolve(date: string): Promise<string> {
    const fromItsAddress = (input: string, init: RequestInit) =>
      fetch(input, {
        ...init,
        headers: { ...(init.headers as Record<string, string>), 'CF-Connecting-IP': '10.77.0.1' },
      });
    const player = await createClient(worker.url, { fetch: fromItsAddress }).register({ displayName: 'Ivo' });
    const asPlayer = createClient(worker.url, { token: player.token, fetch: fromItsAddress });
    const view = await asPlayer.puzzle(date, 'signal', 'easy');
    const engine = engineFor('signal');
    const puzzle = engine.parsePuzzle(view.puzzle);
    const solution = engine.solve(puzzle, { maxSolutions: 1 }).solutions[0];
    if (!solution) throw new Error('no solution');
    const log = humanLog(engine.stepsTo(puzzle, solution), { endMs: 290_000 }).map(
      ([t, a, b]): [number, number, number] => [t, a, b],
    );
    await owner.setTestClock(new Date(Date.now() + 300_000).toISOString());
    try {
      const result = await asPlayer.submit(date, 'signal', 'easy', {
        solution: solution as { grid: string },
        log,
      });
      expect(result.verdict).toBe('clean');
    } finally {
      await owner.clearTestClock();
    }
    await vi.waitFor(
      async () => {
        const { rows } = await owner.topEvidence(date, 'signal', 'easy');
        if (!rows.some((r) => r.playerId === player.player.id)) throw new Error('the solve is not in D1 yet');
      },
      { timeout: 30_000, interval: 200 },
    );
    return player.player.id;
  }

  /**
   * Makes the signal easy puzzle of the first date not begun anywhere: the test clock moves to that date's
   * start, a request makes the puzzle there (as a missed cron would have it made), and the clock goes back.
   */
  async function puzzleMadeAhead(): Promise<string> {
    const date = addDays(latestPlayableDate(new Date()), 1);
    await owner.setTestClock(new Date(playableFrom(date).getTime() + 60_000).toISOString());
    try {
      await createClient(worker.url).puzzle(date, 'signal', 'easy');
    } finally {
      await owner.clearTestClock();
    }
    return date;
  }

  async function openConsole(viewport = DESKTOP): Promise<Page> {
    const context = await newVisitor(browser, { viewport });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    page.on('pageerror', (error) => console.error('[page error]', error));
    await page.goto(`${worker.url}/console/`);
    await pageReady(page);
    return page;
  }

  /** Signs in from the token field by keyboard: Tab to it, type, Enter. */
  async function signIn(page: Page, token: string): Promise<void> {
    await page.locator('#token').focus();
    await page.keyboard.type(token);
    await page.keyboard.press('Enter');
    await page.locator('#who', { hasText: 'Signed in as' }).waitFor();
    await page.locator('body[data-screen]').waitFor();
    expect(await page.locator('#sign-in').isVisible()).toBe(false);
  }

  async function axeViolations(page: Page): Promise<AxeViolation[]> {
    // Evaluated through the DevTools protocol, which the page's CSP (script-src 'self') does not govern.
    if (!(await page.evaluate('typeof window.axe !== "undefined"'))) {
      await page.evaluate(await readFile(AXE_SOURCE, 'utf8'));
    }
    const found = (await page.evaluate(
      `axe.run(document, { runOnly: { type: 'tag', values: ${JSON.stringify(WCAG_TAGS)} } })`,
    )) as { violations: AxeViolation[] };
    return found.violations;
  }

  function describeViolations(violations: AxeViolation[]): string {
    return violations
      .map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
      .join('\n');
  }

  test('a moderator approves a held solve by keyboard, with a reason, and the player reaches the board', async () => {
    const page = await openConsole();
    await signIn(page, moderatorToken);
    const first = page.locator('#queue-list button').first();
    await first.waitFor();
    expect(await first.textContent()).toContain('Hana');
    expect(await page.locator('#queue-detail').textContent()).toContain('fast_entries');
    const timeline = page.locator('#queue-detail svg[aria-label^="Gap before each of"]');
    await timeline.waitFor();
    expect(await timeline.locator('rect').count()).toBeGreaterThan(3);
    expect(await timeline.locator('line.line-floor').count()).toBe(1);
    // The player's evidence beside it: its days of play and a pace chart per kind and level it played.
    const evidence = page.locator('#player-evidence-body');
    await evidence.locator('dl.facts').waitFor();
    expect(await evidence.textContent()).toContain('Days of play');
    expect(await evidence.locator('figure.pace svg circle').count()).toBeGreaterThan(0);
    await picture(page, 'queue');
    await page.keyboard.press('a');
    await expect.poll(() => page.evaluate('document.activeElement?.id')).toBe('reason');
    await page.keyboard.type('Watched the replay: a steady person');
    await page.keyboard.press('Enter');
    await page.locator('#status', { hasText: 'approved' }).waitFor();
    const board = await createClient(worker.url).leaderboard(held.date, 'signal', 'easy', { fresh: true });
    expect(board.entries.map((e) => e.playerId)).toContain(held.playerId);
    const { actions } = await owner.audit({ limit: 5 });
    expect(actions.find((a) => a.action === 'approve')).toMatchObject({
      reason: 'Watched the replay: a steady person',
      moderator: { name: 'Grace' },
    });
  });

  test("the analytics page's figures equal what was played, and its table downloads as CSV", async () => {
    // The approved player shares a card of the day: its solve is counted, so the card is made.
    await createClient(worker.url, { token: held.token }).share({ date: held.date });
    const page = await openConsole();
    await signIn(page, moderatorToken);
    await page.goto(`${worker.url}/console/#analytics`);
    await page.locator('body[data-screen="analytics"]').waitFor();
    await page.locator('#analytics-refresh').focus();
    await page.keyboard.press('Enter');
    await page.locator('#status', { hasText: 'Recomputed' }).waitFor();
    const row = page.locator(`#analytics-puzzles tr[data-puzzle="${held.date}:signal:easy"]`);
    await row.waitFor();
    const cells = await row.locator('td').allTextContents();
    // Started by the held player alone, solved once its solve was approved: 1 of 1.
    expect(cells.slice(0, 3)).toEqual(['1', '1', '100%']);
    const download = page.waitForEvent('download');
    await page.locator('#analytics-puzzles-csv').focus();
    await page.keyboard.press('Enter');
    const csv = await readFile((await (await download).path()) ?? '', 'utf8');
    const [header, ...lines] = csv.split('\r\n');
    expect(header).toContain('"started"');
    expect(lines.find((line) => line.startsWith(`"${held.date}","signal","easy","1","1"`))).toBeDefined();
    // The date's players: one active and new, one share card, and a streak of one day (the approved solve).
    const day = await page.locator(`#analytics-days tr[data-date="${held.date}"] td`).allTextContents();
    expect(day).toEqual(['1', '1', '0', '1', '1', '0', '0', '0']);
    // Her week's cohort is that one new player; whether she came back is not known on her first day.
    const week = page.locator('#analytics-retention tr').last();
    expect(await week.locator('td').first().textContent()).toBe('1');
    const retention = page.waitForEvent('download');
    await page.locator('#analytics-retention-csv').focus();
    await page.keyboard.press('Enter');
    const rows = (await readFile((await (await retention).path()) ?? '', 'utf8')).split('\r\n');
    expect(rows[0]).toBe('"week","dates","newPlayers","back1","back7","back30","rate1","rate7","rate30"');
    expect(rows.at(-1)).toMatch(/^"\d{4}-\d{2}-\d{2}","\d+","1",/);
    const charts = page.locator('#analytics-charts svg');
    expect(await charts.count()).toBe(5);
    expect(
      await page
        .locator('#analytics-charts svg[aria-label^="Streak lengths reaching"]')
        .getAttribute('aria-label'),
    ).toContain('1 day 1');
  });

  test("today's boards show the top 10 with an evidence badge each and the held row, the solvers and the histogram", async () => {
    await newPlayersSolve(held.date);
    const page = await openConsole();
    await signIn(page, moderatorToken);
    await page.goto(`${worker.url}/console/#today`);
    const card = page.locator(`article[data-today="${held.date}:signal:easy"]`);
    await card.waitFor();
    expect(await card.locator('dt', { hasText: 'Solvers so far' }).locator('+ dd').textContent()).toBe('2');
    // Hana's solve was approved; Ivo is new: players do not see his row, the console shows it held.
    const rows = card.locator('ol.top li');
    expect(await rows.allTextContents()).toEqual([
      expect.stringMatching(/^Hana · .* approved$/),
      expect.stringMatching(/^Ivo · .* new: held for review$/),
    ]);
    expect(
      await rows.evaluateAll((items) => items.map((li) => [li.getAttribute('value'), li.className])),
    ).toEqual([
      ['1', ''],
      ['2', 'held'],
    ]);
    const board = await createClient(worker.url).leaderboard(held.date, 'signal', 'easy', { fresh: true });
    expect(board.heldForReview).toBe(1);
    expect(await card.locator('svg rect').count()).toBeGreaterThan(0);
  });

  test("the queue lists a new player's row held from a top 10; a moderator vouches by keyboard and it shows", async () => {
    const page = await openConsole();
    await signIn(page, moderatorToken);
    const item = page.locator('#queue-list li[data-type="top"] button').first();
    await item.waitFor();
    expect(await item.textContent()).toMatch(/Ivo · .* new player held from place 2/);
    await item.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#queue-detail h3').textContent()).toContain('Held from the top 10');
    expect(await page.locator('#queue-detail').textContent()).toContain('Place on the board2');
    await page.locator('#player-evidence-body dl.facts').waitFor();
    expect(await page.locator('#decision button[value="approve"]').textContent()).toBe(
      'Vouch for the player (a)',
    );
    expect(await page.locator('#decision button[value="clear"]').isVisible()).toBe(false);
    expect(describeViolations(await axeViolations(page))).toBe('');
    await page.locator('#queue-title').focus();
    await page.keyboard.press('a');
    await expect.poll(() => page.evaluate('document.activeElement?.id')).toBe('reason');
    await page.keyboard.type('Known club player, checked');
    await page.keyboard.press('Enter');
    await page.locator('#status', { hasText: 'vouched' }).waitFor();
    const board = await createClient(worker.url).leaderboard(held.date, 'signal', 'easy', { fresh: true });
    expect(board.entries.map((e) => e.displayName)).toEqual(['Hana', 'Ivo']);
    expect(board.heldForReview).toBe(0);
    await expect.poll(() => page.locator('#queue-list li[data-type="top"]').count()).toBe(0);
  });

  test("a moderator resolves a player's report from the puzzle's votes and reports", async () => {
    const asPlayer = createClient(worker.url, { token: held.token });
    await asPlayer.report(held.date, 'signal', 'easy', { reason: 'wrong_level', note: 'Felt like hard' });
    const page = await openConsole();
    await signIn(page, moderatorToken);
    await page.goto(`${worker.url}/console/#feedback`);
    const card = page.locator(`article[data-feedback="${held.date}:signal:easy"]`);
    await card.waitFor();
    expect(await card.locator('.reports li').first().textContent()).toContain(
      'wrong_level: “Felt like hard”',
    );
    await card.locator('.resolve input').focus();
    await page.keyboard.type('Graded easy by its techniques: kept');
    await page.keyboard.press('Enter');
    await page.locator('#status', { hasText: 'resolved' }).waitFor();
    expect((await owner.reports()).reports).toEqual([]);
  });

  test('an owner rerolls a puzzle of a date not begun, and a reroll of today is refused', async () => {
    const page = await openConsole();
    await signIn(page, DEV_SECRETS.ADMIN_TOKEN);
    await page.locator('nav a[data-screen="upcoming"]').focus();
    await page.keyboard.press('Enter');
    const card = page.locator(`article[data-puzzle="${upcomingDate}:signal:easy"]`);
    await card.waitFor();
    expect(await card.locator('dt', { hasText: 'Attempt' }).locator('+ dd').textContent()).toBe('0');
    await card.locator('input').focus();
    await page.keyboard.type('Reported as too close to yesterday');
    await page.keyboard.press('Enter');
    await page.locator('#status', { hasText: 'now attempt 1' }).waitFor();
    const today = await owner.reroll(held.date, 'signal', 'easy', 'Too easy').catch((e: unknown) => e);
    expect(today).toBeInstanceOf(ApiError);
    expect((today as ApiError).status).toBe(409);
  });

  test("a moderator's token cannot make moderators: 403, and no Moderators screen", async () => {
    const asModerator = createAdminClient(worker.url, { token: moderatorToken });
    const refused = await asModerator
      .createModerator({ name: 'Mallory', role: 'owner' })
      .catch((e: unknown) => e);
    expect((refused as ApiError).status).toBe(403);
    const page = await openConsole();
    await signIn(page, moderatorToken);
    expect(await page.locator('nav a[data-screen="moderators"]').isVisible()).toBe(false);
  });

  test('an owner makes a moderator from the console and sees the token once', async () => {
    const page = await openConsole();
    await signIn(page, DEV_SECRETS.ADMIN_TOKEN);
    await page.goto(`${worker.url}/console/#moderators`);
    await page.locator('body[data-screen="moderators"]').waitFor();
    await page.locator('#moderator-name').fill('Ida');
    await page.locator('#moderator-name').press('Enter');
    await page.locator('#new-token-value', { hasText: 'dpm_' }).waitFor();
    const token = (await page.locator('#new-token-value').textContent()) ?? '';
    expect(token).toMatch(/^dpm_/);
    const who = await createAdminClient(worker.url, { token }).whoAmI();
    expect(who).toMatchObject({ name: 'Ida', role: 'moderator' });
  });

  test('keeps the token in the tab only: a new tab of the same browser starts signed out', async () => {
    const page = await openConsole();
    await signIn(page, moderatorToken);
    expect(await page.evaluate('localStorage.length')).toBe(0);
    expect(await page.evaluate('sessionStorage.length')).toBe(1);
    const other = await page.context().newPage();
    await other.goto(`${worker.url}/console/`);
    await pageReady(other);
    expect(await other.locator('#sign-in').isVisible()).toBe(true);
  });

  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['a 390 px phone', PHONE],
  ] as const) {
    test(`axe-core finds no WCAG 2.1 A/AA violation on any screen at ${size}`, async () => {
      const page = await openConsole(viewport);
      expect(describeViolations(await axeViolations(page))).toBe('');
      await signIn(page, DEV_SECRETS.ADMIN_TOKEN);
      for (const screen of ['queue', 'today', 'upcoming', 'feedback', 'analytics', 'moderators', 'audit']) {
        await page.goto(`${worker.url}/console/#${screen}`);
        await page.locator(`body[data-screen="${screen}"]`).waitFor();
        expect(describeViolations(await axeViolations(page)), screen).toBe('');
        if (viewport === DESKTOP && ['today', 'upcoming', 'analytics'].includes(screen))
          await picture(page, screen);
        const overflow = await page.evaluate('document.documentElement.scrollWidth - window.innerWidth');
        expect(overflow, `${screen} scrolls sideways`).toBeLessThanOrEqual(0);
      }
    });
  }
});
