import type { Hint, HintStep } from '../../../../src/engines/hint.js';
import { PuzzleInputError } from '../../../../src/engines/types.js';
import {
  CELLS,
  candidates,
  type LatinPosition,
  type LatinPuzzle,
  type LatinSolution,
  peers,
} from './model.js';

/** The first wrong digit, else the first cell with one candidate left, else solved or search. */
export function nextHint(puzzle: LatinPuzzle, solution: LatinSolution, position: LatinPosition): Hint {
  const { grid } = position;
  if (grid.length !== CELLS) throw new PuzzleInputError(`the position must have ${CELLS} cells`);
  for (let cell = 0; cell < CELLS; cell++) {
    if (grid[cell] !== '.' && grid[cell] !== solution.grid[cell]) {
      return {
        type: 'mistake',
        unit: 'cell',
        at: cell,
        explanation: `Cell ${cell} does not fit the solution.`,
      };
    }
  }
  if (!grid.includes('.')) return { type: 'solved', explanation: 'Every cell is filled.' };
  for (let cell = 0; cell < CELLS; cell++) {
    const left = grid[cell] === '.' ? candidates(grid, cell) : [];
    const [only] = left;
    if (left.length === 1 && only !== undefined) {
      return {
        type: 'step',
        technique: 'single',
        unit: 'cell',
        involves: [...peers(cell), cell].sort((a, b) => a - b),
        concludes: [{ at: cell, place: only }],
        explanation: `Cell ${cell}'s row and column leave only ${only}.`,
      };
    }
  }
  return puzzle.givens.length === CELLS
    ? { type: 'search', technique: 'search', explanation: 'No cell has a single candidate.' }
    : { type: 'solved', explanation: 'Nothing to do.' };
}

/** The position before any move: the givens. */
export function startPosition(puzzle: LatinPuzzle): LatinPosition {
  return { grid: puzzle.givens };
}

/** The position after a player enters the digits `step` places. */
export function afterStep(position: LatinPosition, step: HintStep): LatinPosition {
  const grid = [...position.grid];
  for (const c of step.concludes) if ('place' in c) grid[c.at] = String(c.place);
  return { grid: grid.join('') };
}
