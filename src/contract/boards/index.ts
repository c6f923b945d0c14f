import type { SolutionOf } from '../kinds/index.js';
import type { LoopBoard } from './loop.js';
import type { PatternBoard } from './pattern.js';
import type { SignalBoard } from './signal.js';
import type { SudokuBoardBody } from './sudoku.js';

/** Each hinted kind's board, the body of its hint route: a kind joins with one line here and its own file. */
export interface HintBoards {
  sudoku: SudokuBoardBody;
  pattern: PatternBoard;
  loop: LoopBoard;
  signal: SignalBoard;
  /** The moves so far, as the reveal route takes them. */
  colorsort: SolutionOf<'colorsort'>;
}

export type HintedKind = keyof HintBoards;
export type BoardOf<K extends HintedKind> = HintBoards[K];
