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

/** The hidden units the solution's moves expose (none when they are not legal: `check` refuses those). */
export function exposedBy(puzzle: ColorSortPuzzle, solution: ColorSortSolution): number[] {
  const result = replay(puzzle, solution.moves);
  return result.ok ? result.state.exposed : [];
}

export function stepsTo(_puzzle: ColorSortPuzzle, solution: ColorSortSolution): LogStep[] {
  return solution.moves.map(([from, to]) => [from, to]);
}
