import type { LogEntry, LogReplay, LogStep } from '../types.js';
import type { ColorSortPuzzle, ColorSortSolution, Move } from './puzzle.js';
import { replay } from './replay.js';

/** Colour sort's log: `[t, from, to]`, one entry per pour; the pours are the solution's moves. */
export function replayLog(puzzle: ColorSortPuzzle, log: readonly LogEntry[]): LogReplay<ColorSortSolution> {
  const moves = log.map(([, from, to]): Move => [from, to]);
  const result = replay(puzzle, moves);
  if (!result.ok) {
    const [from, to] = moves[result.index] as Move;
    return {
      ok: false,
      index: result.index,
      reason: `entry ${result.index}: pour [${from},${to}]: ${result.rule}`,
    };
  }
  return { ok: true, board: { moves } };
}

export function stepsTo(_puzzle: ColorSortPuzzle, solution: ColorSortSolution): LogStep[] {
  return solution.moves.map(([from, to]) => [from, to]);
}
