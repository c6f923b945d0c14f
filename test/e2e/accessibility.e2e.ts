/**
 * The player's page under axe-core's WCAG 2.1 A and AA rules in Chromium, against the real Worker: every
 * kind's board covered and started, and the screens after a solve (the result with its share panel, the
 * boards, the solve times, the profile), on a 390 px phone and on a desktop. axe is injected from
 * node_modules (pinned in package.json); the contexts bypass the page's Content-Security-Policy only so
 * that the injected script may run.
 */

import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { engineFor, KINDS, type Kind } from '../../src/kinds/index.js';
import { ensureChromium, launchChromium } from './chromium.js';
import { typeSudokuAnswer } from './sudoku-page.js';
import { newVisitor, pageReady } from './visitor.js';
import { type LocalWorker, startWorker } from './worker.js';

const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
/** The rules of WCAG 2.1 levels A and AA, as axe-core tags them. */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1200, height: 900 },
} as const;
type ViewportName = keyof typeof VIEWPORTS;

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

const chromiumStatus = ensureChromium();
if (!chromiumStatus.ok) {
  console.warn(`\n[e2e] SKIPPED: the accessibility test needs Chromium. ${chromiumStatus.reason}\n`);
}

describe.skipIf(!chromiumStatus.ok)('the page under axe-core (WCAG 2.1 A and AA)', () => {
  let worker: LocalWorker;
  let browser: Browser;
  /**
   * One player per viewport, and one more for the keyboard-only solves, which must find every puzzle not
   * yet started.
   */
  const contexts = new Map<ViewportName | 'keyboard', BrowserContext>();

  beforeAll(async () => {
    worker = await startWorker();
    browser = await launchChromium(chromiumStatus);
  });

  afterAll(async () => {
    for (const context of contexts.values()) await context.close();
    await browser?.close();
    await worker?.stop();
  });

  async function openPage(viewport: ViewportName, path: string): Promise<Page> {
    let context = contexts.get(viewport);
    if (!context) {
      context = await newVisitor(browser, { viewport: VIEWPORTS[viewport], bypassCSP: true });
      contexts.set(viewport, context);
    }
    const page = await context.newPage();
    page.setDefaultTimeout(90_000);
    page.on('pageerror', (error) => console.error('[page error]', error));
    await page.goto(`${worker.url}${path}`);
    await pageReady(page);
    return page;
  }

  /** axe's violations of WCAG 2.1 A/AA on the page as it stands, each with the elements it names. */
  async function violations(page: Page): Promise<string[]> {
    if (!(await page.evaluate('typeof window.axe !== "undefined"'))) {
      await page.addScriptTag({ path: AXE_SCRIPT });
    }
    const found = (await page.evaluate(
      `axe.run(document, { runOnly: { type: 'tag', values: ${JSON.stringify(WCAG_21_AA)} } }).then((r) => r.violations)`,
    )) as Violation[];
    return found.map(
      (v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`,
    );
  }

  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    test.each(KINDS)(`%s's board, covered and then started, has no violation (${viewport})`, async (kind) => {
      const page = await openPage(viewport, `/#/${kind}/easy`);
      await page.locator('#board .cover #start').waitFor();
      const covered = await violations(page);
      await page.locator('#board #start').click();
      await page.locator('#board .board').waitFor();
      const started = await violations(page);
      expect({ covered, started }).toEqual({ covered: [], started: [] });
      await page.close();
    });

    test(`the result with its share panel, the boards, the solve times and the profile have no violation (${viewport})`, async () => {
      const page = await openPage(viewport, '/#/sudoku/medium');
      await page.locator('#board #start').click();
      await page.locator('#board .board').waitFor();
      const date = ((await page.locator('#date').textContent()) ?? '').trim();
      // A clean result as the server gives it, so that the share panel shows as after a ranked solve.
      const clean = {
        valid: true,
        repeated: false,
        verdict: 'clean',
        countedMs: 312_400,
        capped: false,
        score: 0.667,
        rank: 1,
        solvers: 1,
        fasterThanPercent: 100,
        rating: { before: 1500, after: 1581, deviation: 290 },
        streak: { current: 1, best: 1, freezes: 0, change: 'started' },
      };
      await page.route('**/submissions', (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(clean) }),
      );
      await typeSudokuAnswer(page, worker, `${date}:sudoku:medium`);
      await page.locator('#result:not([hidden])').waitFor();
      await page.locator('#share:not([hidden])').waitFor();
      await page.locator('#leaderboard:not([hidden])').waitFor();
      await page.locator('#stats:not([hidden])').waitFor();
      expect(await violations(page)).toEqual([]);
    });
  }

  /** The engine's solution of today's easy puzzle of `kind`, from the full puzzle in the Worker's D1. */
  async function solutionOf(kind: Kind, date: string): Promise<Record<string, unknown>> {
    const [row] = await worker.query<{ puzzle_json: string }>(
      `select puzzle_json from puzzles where id = '${date}:${kind}:easy'`,
    );
    const engine = engineFor(kind);
    const solved = engine.solve(engine.parsePuzzle(JSON.parse(row?.puzzle_json ?? 'null'))).solutions[0];
    return solved as Record<string, unknown>;
  }

  /** Moves a grid's focus from `from` to `to` (row, column) with the arrow keys. */
  async function arrows(page: Page, from: [number, number], to: [number, number]): Promise<void> {
    const [dr, dc] = [to[0] - from[0], to[1] - from[1]];
    for (let k = 0; k < Math.abs(dr); k++) await page.keyboard.press(dr > 0 ? 'ArrowDown' : 'ArrowUp');
    for (let k = 0; k < Math.abs(dc); k++) await page.keyboard.press(dc > 0 ? 'ArrowRight' : 'ArrowLeft');
  }

  /** Where the focus is: the focused cell's data-cell ("r,c"), or the focused tube's number. */
  const focused = (page: Page) =>
    page.evaluate(
      "document.activeElement?.getAttribute('data-cell') ?? document.activeElement?.getAttribute('data-tube') ?? null",
    ) as Promise<string | null>;

  /** Each kind played with keys alone, from the focused board; returns once the last move is made. */
  const PLAY: Record<
    Kind,
    (page: Page, puzzle: Record<string, unknown>, solution: Record<string, unknown>) => Promise<void>
  > = {
    sudoku: (page, puzzle, solution) => digits(page, 9, String(puzzle.grid), String(solution.grid)),
    signal: (page, puzzle, solution) =>
      digits(
        page,
        Number(puzzle.n),
        String(puzzle.givens),
        (solution.grid as number[] | string).toString().replaceAll(',', ''),
      ),
    async pattern(page, puzzle, solution) {
      const width = Number(puzzle.width);
      const cells = String(solution.cells);
      let at: [number, number] = [0, 0];
      for (let i = 0; i < cells.length; i++) {
        if (cells[i] !== '1') continue;
        const to: [number, number] = [Math.floor(i / width), i % width];
        await arrows(page, at, to);
        await page.keyboard.press('Space');
        at = to;
      }
    },
    async loop(page, puzzle, solution) {
      const W = Number(puzzle.width);
      const H = Number(puzzle.height);
      const horizontal = (H + 1) * W;
      const edges = String(solution.edges);
      let at: [number, number] = [0, 0];
      for (let e = 0; e < edges.length; e++) {
        if (edges[e] !== '1') continue;
        // The cell the edge borders, and which of its sides it is (W top, A left, S bottom, D right).
        let cell: [number, number];
        let key: string;
        if (e < horizontal) {
          const r = Math.floor(e / W);
          [cell, key] = r < H ? [[r, e % W], 'w'] : [[r - 1, e % W], 's'];
        } else {
          const k = e - horizontal;
          const r = Math.floor(k / (W + 1));
          const c = k % (W + 1);
          [cell, key] = c < W ? [[r, c], 'a'] : [[r, c - 1], 'd'];
        }
        await arrows(page, at, cell);
        await page.keyboard.press(key);
        at = cell;
      }
    },
    async colorsort(page, _puzzle, solution) {
      const count = await page.locator('[data-tube]').count();
      let at = 0;
      for (const [from, to] of solution.moves as [number, number][]) {
        for (const tube of [from, to]) {
          for (let k = 0; k < (tube - at + count) % count; k++) await page.keyboard.press('ArrowRight');
          await page.keyboard.press('Enter');
          at = tube;
        }
        await page.locator('.board.colorsort:not([data-busy])').waitFor();
      }
    },
  };

  /** Types a digit grid's answer, moving with the arrow keys from the first empty cell. */
  async function digits(page: Page, n: number, givens: string, answer: string): Promise<void> {
    const first = [...givens].findIndex((ch) => ch === '.' || ch === '0');
    let at: [number, number] = [Math.floor(first / n), first % n];
    for (let i = 0; i < n * n; i++) {
      if (givens[i] !== '.' && givens[i] !== '0') continue;
      const to: [number, number] = [Math.floor(i / n), i % n];
      await arrows(page, at, to);
      await page.keyboard.press(answer[i] ?? '1');
      at = to;
    }
  }

  test.each(KINDS)("a keyboard-only player starts and solves today's easy %s", async (kind) => {
    let context = contexts.get('keyboard');
    if (!context) {
      context = await newVisitor(browser, { viewport: VIEWPORTS.desktop });
      contexts.set('keyboard', context);
    }
    const page = await context.newPage();
    page.setDefaultTimeout(90_000);
    await page.goto(`${worker.url}/#/${kind}/easy`);
    await pageReady(page);
    // The page puts the focus on Start; Enter starts, and the focus is then on the board's current cell.
    expect(await page.evaluate('document.activeElement?.id')).toBe('start');
    await page.keyboard.press('Enter');
    await page.locator('#board .board').waitFor();
    await expect.poll(() => focused(page)).not.toBeNull();
    const date = ((await page.locator('#date').textContent()) ?? '').trim();
    const view = (await (await fetch(`${worker.url}/v1/puzzles/${date}/${kind}/easy`)).json()) as {
      puzzle: Record<string, unknown>;
    };
    await PLAY[kind](page, view.puzzle, await solutionOf(kind, date));
    await page.locator('#result:not([hidden])').waitFor();
    expect(await page.locator('#result-time').textContent()).toMatch(/^\d+:\d\d\.\d/);
    await page.close();
  });

  /** A started easy board of `kind` on the desktop player's page, with the focus on it. */
  async function started(kind: Kind): Promise<Page> {
    const page = await openPage('desktop', `/#/${kind}/easy`);
    const start = page.locator('#board #start');
    if (await start.count()) await start.click();
    await page.locator('#board .board').waitFor();
    await expect.poll(() => focused(page)).not.toBeNull();
    return page;
  }

  test.each(KINDS)(
    "%s's board has one place in the tab order, and an arrow key takes the focus along",
    async (kind) => {
      const page = await started(kind);
      const tabbable = page.locator('#board :is([data-cell], [data-tube])[tabindex="0"]');
      expect(await tabbable.count()).toBe(1);
      const before = await focused(page);
      await page.keyboard.press(kind === 'colorsort' ? 'ArrowRight' : 'ArrowDown');
      const after = await focused(page);
      expect(after).not.toBe(before);
      expect(await tabbable.count()).toBe(1);
      expect(await tabbable.getAttribute(kind === 'colorsort' ? 'data-tube' : 'data-cell')).toBe(after);
      await page.close();
    },
  );

  test("a sudoku digit is announced with its cell's place and state, and the cell is named so", async () => {
    const page = await started('sudoku');
    const cell = (await focused(page)) ?? '';
    const [r, c] = cell.split(',').map(Number);
    await page.keyboard.press('5');
    const place = `row ${(r ?? 0) + 1}, column ${(c ?? 0) + 1}, 5`;
    await expect.poll(() => page.locator('#announcer').textContent()).toContain(place);
    expect(await page.locator(`[data-cell="${cell}"]`).getAttribute('aria-label')).toContain(place);
    await page.close();
  });

  test("loop's edges are drawn from the keyboard: S draws the focused cell's bottom edge and says so", async () => {
    const page = await started('loop');
    await page.keyboard.press('s');
    await expect
      .poll(() => page.locator('#announcer').textContent())
      .toMatch(/^bottom edge of row \d+, column \d+: line$/);
    const cell = page.locator(`[data-cell="${await focused(page)}"]`);
    expect(await cell.getAttribute('aria-label')).toMatch(/bottom line/);
    await page.keyboard.press('s');
    expect(await cell.getAttribute('aria-label')).toMatch(/bottom open/);
    await page.close();
  });

  test("colour sort's colours carry a pattern once the profile's setting asks for one", async () => {
    const page = await started('colorsort');
    const image = () =>
      page.evaluate("getComputedStyle(document.querySelector('.unit[data-colour]')).backgroundImage");
    expect(await image()).toBe('none');
    await page.locator('#colour-marks').selectOption('patterns');
    expect(await image()).toMatch(/gradient/);
    await page.reload();
    await page.locator('#board .board').waitFor();
    expect(await page.locator('#colour-marks').inputValue()).toBe('patterns');
    await page.locator('#colour-marks').selectOption('letters');
    await page.close();
  });
});
