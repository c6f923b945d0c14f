import type { SudokuBoardBody } from './sudoku.js';

/** Each hinted kind's board, the body of its hint route: a kind joins with one line here and its own file. */
export interface HintBoards {
  sudoku: SudokuBoardBody;
}

export type HintedKind = keyof HintBoards;
export type BoardOf<K extends HintedKind> = HintBoards[K];
