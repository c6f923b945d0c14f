import { replayMarks } from '../mark-log.js';
import type { LogEntry, LogReplay, LogStep } from '../types.js';
import { edgeCount, type LoopPuzzle, type LoopSolution } from './model.js';

/** The marks of loop's log; a cross is the player's note that an edge is not on the loop. */
const MARK = { unknown: 0, line: 1, cross: 2 } as const;

/**
 * Loop's log: `[t, edge, 0 unknown | 1 line | 2 cross]`, edges numbered as in the solution: every
 * horizontal edge row-major, then every vertical one.
 */
export function replayLog(puzzle: LoopPuzzle, log: readonly LogEntry[]): LogReplay<LoopSolution> {
  const result = replayMarks(log, {
    places: edgeCount(puzzle.width, puzzle.height),
    noun: 'edge',
    maxValue: MARK.cross,
    values: 'a mark (0 unknown, 1 line, 2 cross)',
  });
  if (!result.ok) return result;
  let edges = '';
  for (const mark of result.board) edges += mark === MARK.line ? '1' : '0';
  return { ok: true, board: { edges } };
}

/** The loop's edges, in the solution's order. */
export function stepsTo(_puzzle: LoopPuzzle, solution: LoopSolution): LogStep[] {
  const steps: LogStep[] = [];
  for (let edge = 0; edge < solution.edges.length; edge++) {
    if (solution.edges[edge] === '1') steps.push([edge, MARK.line]);
  }
  return steps;
}
