import { replayMarks } from '../mark-log.js';
import type { LogEntry, LogReplay, LogStep } from '../types.js';
import type { PatternPuzzle, PatternSolution } from './model.js';

/** The marks of pattern's log; a cross is the player's note that a cell stays empty. */
const MARK = { empty: 0, filled: 1, crossed: 2 } as const;

/** Pattern's log: `[t, cell row-major, 0 empty | 1 filled | 2 crossed]`. */
export function replayLog(puzzle: PatternPuzzle, log: readonly LogEntry[]): LogReplay<PatternSolution> {
  const result = replayMarks(log, {
    places: puzzle.width * puzzle.height,
    noun: 'cell',
    maxValue: MARK.crossed,
    values: 'a mark (0 empty, 1 filled, 2 crossed)',
  });
  if (!result.ok) return result;
  let cells = '';
  for (const mark of result.board) cells += mark === MARK.filled ? '1' : '0';
  return { ok: true, board: { cells } };
}

/** The filled cells, in reading order. */
export function stepsTo(_puzzle: PatternPuzzle, solution: PatternSolution): LogStep[] {
  const steps: LogStep[] = [];
  for (let cell = 0; cell < solution.cells.length; cell++) {
    if (solution.cells[cell] === '1') steps.push([cell, MARK.filled]);
  }
  return steps;
}

/** A drag paints one mark along a row or a column: the next cell is a neighbour and gets the same mark. */
export function continuesStroke(puzzle: PatternPuzzle, previous: LogEntry, next: LogEntry): boolean {
  if (previous[2] !== next[2]) return false;
  const [a, b] = [previous[1], next[1]];
  const sameRow = Math.floor(a / puzzle.width) === Math.floor(b / puzzle.width);
  return (sameRow && Math.abs(a - b) === 1) || Math.abs(a - b) === puzzle.width;
}
