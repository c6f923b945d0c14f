/** A sudoku as the interchange JSON carries it: 81 characters row-major, '1'-'9' given, '.' blank. */
export interface SudokuPuzzle {
  grid: string;
}

/** A filled grid: 81 digits row-major. */
export interface SudokuSolution {
  grid: string;
}

export const SUDOKU_LEVELS = ['easy', 'medium', 'hard', 'expert'] as const;
export type SudokuLevel = (typeof SUDOKU_LEVELS)[number];
