import type { CheckResult } from '../types.js';
import { cellName } from './geometry.js';
import { duplicateGivens } from './parse.js';
import type { SudokuPuzzle } from './types.js';

/**
 * Accepts any filled grid that keeps the givens and repeats no digit in a row, column or box, so a
 * different valid completion of a (hypothetically) non-unique puzzle passes too. Never throws.
 */
export function check(puzzle: SudokuPuzzle, submission: unknown): CheckResult {
  if (typeof submission !== 'object' || submission === null || Array.isArray(submission)) {
    return { ok: false, reason: 'the solution must be an object {"grid": "<81 digits>"}' };
  }
  const extra = Object.keys(submission).filter((k) => k !== 'grid');
  if (extra.length > 0) return { ok: false, reason: `unknown solution field(s): ${extra.join(', ')}` };
  const grid = (submission as { grid?: unknown }).grid;
  if (typeof grid !== 'string')
    return { ok: false, reason: 'the solution grid must be a string of 81 digits' };
  if (grid.length !== 81)
    return { ok: false, reason: `the solution grid must have 81 digits, got ${grid.length}` };
  for (let cell = 0; cell < 81; cell++) {
    const ch = grid[cell] as string;
    if (ch < '1' || ch > '9') {
      return {
        ok: false,
        reason: `${cellName(cell)} holds ${JSON.stringify(ch)}: every cell needs a digit 1-9`,
      };
    }
  }
  for (let cell = 0; cell < 81; cell++) {
    const given = puzzle.grid[cell] as string;
    if (given !== '.' && grid[cell] !== given) {
      return { ok: false, reason: `${cellName(cell)} must keep the given ${given}, not ${grid[cell]}` };
    }
  }
  const dup = duplicateGivens(grid);
  return dup === null ? { ok: true } : { ok: false, reason: dup };
}
