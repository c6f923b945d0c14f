/** A sudoku as the browser tests read it from the Worker's local D1, and typed into the page's board. */

import type { Page } from 'playwright-core';
import type { LocalWorker } from './worker.js';

/** The stored puzzle's givens and its answer, 81 characters each ('.' for a blank given). */
export async function storedSudoku(
  worker: LocalWorker,
  puzzleId: string,
): Promise<{ givens: string; answer: string }> {
  const [row] = await worker.query<{ puzzle_json: string; answer_json: string }>(
    `select puzzle_json, answer_json from puzzles where id = '${puzzleId}'`,
  );
  return {
    givens: (JSON.parse(row?.puzzle_json ?? '{}') as { grid: string }).grid,
    answer: (JSON.parse(row?.answer_json ?? '{}') as { grid: string }).grid,
  };
}

/** Types the puzzle's answer into the page's started board: a click on each blank, then its digit. */
export async function typeSudokuAnswer(page: Page, worker: LocalWorker, puzzleId: string): Promise<void> {
  const { givens, answer } = await storedSudoku(worker, puzzleId);
  for (let i = 0; i < 81; i++) {
    if (givens[i] !== '.') continue;
    await page.locator(`#board [data-cell="${Math.floor(i / 9)},${i % 9}"]`).click();
    await page.keyboard.press(answer[i] ?? '1');
  }
}
