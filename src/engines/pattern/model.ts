/** Interchange JSON of a nonogram: run clues per row (top to bottom) and per column (left to right). */
export interface PatternPuzzle {
  width: number;
  height: number;
  rows: number[][];
  cols: number[][];
}

/** Row-major '0'/'1' string, '1' = filled. */
export interface PatternSolution {
  cells: string;
}

/**
 * A cell's domain as two bits, so intersecting and merging possibilities is a single AND / OR:
 * bit 0 = may be empty, bit 1 = may be filled. 0 means no value is left (a contradiction).
 */
export const EMPTY = 1;
export const FILLED = 2;
export const UNKNOWN = 3;

/** Generated and public puzzles stay within this size; the solver itself takes any size. */
export const MIN_SIZE = 5;
export const MAX_SIZE = 30;
