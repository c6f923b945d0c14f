import type { PatternPuzzle } from '../../../src/engines/pattern/index.js';
import records from '../../fixtures/pattern/public-puzzles.json';

export interface PublicPuzzle extends PatternPuzzle {
  id: string;
  title: string;
  solution: string;
  otherSolution?: string;
  solutions: number | string;
}

const puzzles = records as PublicPuzzle[];

export function fixture(title: string): PublicPuzzle {
  const found = puzzles.find((p) => p.title === title);
  if (found === undefined) throw new Error(`no fixture titled ${title}`);
  return found;
}

/** Only the interchange fields, as a stored puzzle would hold them. */
export function cluesOf(p: PublicPuzzle): PatternPuzzle {
  return { width: p.width, height: p.height, rows: p.rows, cols: p.cols };
}

/** The original's two examples. */
export const SEED_AMBIGUOUS: PatternPuzzle = { width: 2, height: 2, rows: [[1], [1]], cols: [[1], [1]] };
export const SEED_FIVE: PatternPuzzle = {
  width: 5,
  height: 5,
  rows: [[1, 1], [2], [1, 3], [2, 1], [2]],
  cols: [[1, 3], [2], [1, 1], [2], [3]],
};
