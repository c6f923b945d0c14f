import { cellName, replayMarks } from '../mark-log.js';
import type { LogEntry, LogReplay, LogStep } from '../types.js';
import type { SudokuPuzzle, SudokuSolution } from './types.js';

const CELLS = 81;
const BLANK = 46; // '.'
const ZERO = 48; // '0'

/** Sudoku's log: `[t, cell 0–80 row-major, digit 1–9 or 0 to clear]`; givens cannot be changed. */
export function replayLog(puzzle: SudokuPuzzle, log: readonly LogEntry[]): LogReplay<SudokuSolution> {
  const start = new Uint8Array(CELLS);
  for (let i = 0; i < CELLS; i++) {
    const ch = puzzle.grid.charCodeAt(i);
    start[i] = ch === BLANK ? 0 : ch - ZERO;
  }
  const result = replayMarks(log, {
    places: CELLS,
    noun: 'cell',
    maxValue: 9,
    start,
    fixed: { has: (cell) => puzzle.grid.charCodeAt(cell) !== BLANK, name: (cell) => cellName(cell, 9) },
    values: 'a digit 1–9, or 0 to clear',
  });
  if (!result.ok) return result;
  let grid = '';
  for (const digit of result.board) grid += digit === 0 ? '.' : String(digit);
  return { ok: true, board: { grid } };
}

/** The digits of the blank cells, in reading order. */
export function stepsTo(puzzle: SudokuPuzzle, solution: SudokuSolution): LogStep[] {
  const steps: LogStep[] = [];
  for (let cell = 0; cell < CELLS; cell++) {
    if (puzzle.grid.charCodeAt(cell) === BLANK) steps.push([cell, solution.grid.charCodeAt(cell) - ZERO]);
  }
  return steps;
}
