import type { SolveLimits, SolveResult } from '../../../../src/engines/types.js';
import { CELLS, candidates, type LatinPuzzle, type LatinSolution } from './model.js';

/** Every completion of the givens (up to the limits), by depth-first search over the first empty cell. */
export function solve(puzzle: LatinPuzzle, limits: SolveLimits = {}): SolveResult<LatinSolution> {
  const maxSolutions = limits.maxSolutions ?? 2;
  const nodeLimit = limits.nodeLimit ?? Number.POSITIVE_INFINITY;
  const solutions: LatinSolution[] = [];
  let nodes = 0;
  let truncated = false;
  const search = (grid: string): void => {
    if (solutions.length >= maxSolutions || truncated) return;
    if (++nodes > nodeLimit) {
      truncated = true;
      return;
    }
    const cell = grid.indexOf('.');
    if (cell === -1) {
      solutions.push({ grid });
      return;
    }
    for (const d of candidates(grid, cell)) search(`${grid.slice(0, cell)}${d}${grid.slice(cell + 1)}`);
  };
  if (puzzle.givens.length === CELLS) search(puzzle.givens);
  return { solutions, nodes, truncated };
}
