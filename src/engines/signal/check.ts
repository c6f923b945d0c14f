import type { CheckResult } from '../types.js';
import { visibleCount } from './geometry.js';
import type { SignalPuzzle } from './model.js';
import { repeatedHeight } from './parse.js';

/** The solution's grid if `submission` has the right shape, else a reason. */
function gridOf(puzzle: SignalPuzzle, submission: unknown): string | { reason: string } {
  if (typeof submission !== 'object' || submission === null || Array.isArray(submission)) {
    return { reason: 'submission must be an object { grid }' };
  }
  const grid = (submission as Record<string, unknown>).grid;
  const { n } = puzzle;
  if (typeof grid !== 'string' || grid.length !== n * n) {
    return { reason: `grid must be a string of ${n * n} digits` };
  }
  for (let cell = 0; cell < n * n; cell++) {
    const ch = grid[cell] ?? '';
    if (!(ch >= '1' && ch <= String(n))) {
      return {
        reason: `row ${Math.floor(cell / n) + 1}, column ${(cell % n) + 1} must hold a height from 1 to ${n}`,
      };
    }
  }
  return grid;
}

/**
 * Accepts any grid that is a Latin square, keeps the givens and shows every clue; never throws, whatever
 * JSON it is handed.
 */
export function check(puzzle: SignalPuzzle, submission: unknown): CheckResult {
  const grid = gridOf(puzzle, submission);
  if (typeof grid !== 'string') return { ok: false, reason: grid.reason };
  const { n } = puzzle;
  const repeat = repeatedHeight(grid, n);
  if (repeat !== null) return { ok: false, reason: repeat };
  for (let cell = 0; cell < n * n; cell++) {
    const given = puzzle.givens[cell];
    if (given !== '.' && given !== grid[cell]) {
      return {
        ok: false,
        reason: `row ${Math.floor(cell / n) + 1}, column ${(cell % n) + 1} must keep its given ${given}`,
      };
    }
  }
  const heights = Array.from(grid, (ch) => Number(ch));
  const sides: [string, number[], (i: number) => [number, number]][] = [
    ['above column', puzzle.top, (i) => [i, n]],
    ['below column', puzzle.bottom, (i) => [(n - 1) * n + i, -n]],
    ['left of row', puzzle.left, (i) => [i * n, 1]],
    ['right of row', puzzle.right, (i) => [i * n + n - 1, -1]],
  ];
  for (const [where, clues, walk] of sides) {
    for (let i = 0; i < n; i++) {
      const clue = clues[i] ?? 0;
      if (clue === 0) continue;
      const [start, step] = walk(i);
      const seen = visibleCount(heights, start, step, n);
      if (seen !== clue) {
        return {
          ok: false,
          reason: `the clue ${clue} ${where} ${i + 1} sees ${seen} mast${seen === 1 ? '' : 's'}`,
        };
      }
    }
  }
  return { ok: true };
}
