import { cellName, replayMarks } from '../mark-log.js';
import type { LogEntry, LogReplay, LogStep } from '../types.js';
import type { SignalPuzzle, SignalSolution } from './model.js';

const BLANK = 46; // '.'
const ZERO = 48; // '0'

/** Signal's log: `[t, cell row-major, height 1–n or 0 to clear]`; givens cannot be changed. */
export function replayLog(puzzle: SignalPuzzle, log: readonly LogEntry[]): LogReplay<SignalSolution> {
  const { n, givens } = puzzle;
  const start = new Uint8Array(n * n);
  for (let i = 0; i < n * n; i++) {
    const ch = givens.charCodeAt(i);
    start[i] = ch === BLANK ? 0 : ch - ZERO;
  }
  const result = replayMarks(log, {
    places: n * n,
    noun: 'cell',
    maxValue: n,
    start,
    fixed: { has: (cell) => givens.charCodeAt(cell) !== BLANK, name: (cell) => cellName(cell, n) },
    values: `a height 1–${n}, or 0 to clear`,
  });
  if (!result.ok) return result;
  let grid = '';
  for (const height of result.board) grid += height === 0 ? '.' : String(height);
  return { ok: true, board: { grid } };
}

/** The heights of the cells without a given, in reading order. */
export function stepsTo(puzzle: SignalPuzzle, solution: SignalSolution): LogStep[] {
  const steps: LogStep[] = [];
  for (let cell = 0; cell < puzzle.n * puzzle.n; cell++) {
    if (puzzle.givens.charCodeAt(cell) === BLANK) steps.push([cell, solution.grid.charCodeAt(cell) - ZERO]);
  }
  return steps;
}
