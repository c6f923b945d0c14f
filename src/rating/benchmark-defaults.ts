/**
 * The benchmark times a puzzle starts with, before calibration (calibration.ts) moves them towards what
 * players really take. A benchmark is the time an average ranked solver needs: finishing at it scores 0.5.
 *
 * Grid kinds: cells to decide × seconds per cell, the rate rising with the techniques a level needs
 * (reading a clue and writing a digit is quick; pencil marks, probing and chains are not). The products are
 * left as written so the reasoning stays visible; they are first guesses, as the seeds' own colour-sort
 * table admits of itself, and calibration corrects them.
 */

import type { Kind, Level } from '../engines/types.js';

type GridKind = Exclude<Kind, 'colorsort'>;

export const DEFAULT_BENCHMARK_SECONDS: Readonly<Record<GridKind, Readonly<Partial<Record<Level, number>>>>> =
  {
    // Empty cells (about 46 easy to 58 expert) × seconds per cell: singles need a scan, subsets need pencil
    // marks, fish and chains need them checked repeatedly. About 5, 10, 19 and 29 minutes.
    sudoku: { easy: 46 * 6, medium: 52 * 12, hard: 56 * 20, expert: 58 * 30 },
    // Cells × seconds per cell: 2.5 s while single lines suffice (read clue, mark filled and empty cells),
    // 4 s once probing is needed (10×10, 15×15, 20×20, 25×25).
    pattern: { easy: 10 * 10 * 2.5, medium: 15 * 15 * 2.5, hard: 20 * 20 * 4, expert: 25 * 25 * 4 },
    // Cells × seconds per cell (5×5, 7×7, 10×10, 15×15); a cell has four edges to settle and the harder
    // levels need global reasoning (loop parity, no premature closure).
    loop: { easy: 5 * 5 * 5, medium: 7 * 7 * 6, hard: 10 * 10 * 9, expert: 15 * 15 * 10 },
    // Cells × seconds per cell (4×4 to 7×7): visibility clues interact with the Latin constraint, and the
    // number of candidate heights per cell grows with n, so the rate grows faster than with the other kinds.
    signal: { easy: 4 * 4 * 6, medium: 5 * 5 * 10, hard: 6 * 6 * 15, expert: 7 * 7 * 20 },
  };

/** The seeds' rating.js: the level of a colour-sort deal by `numColors:duplicateColors`. */
export const COLORSORT_LEVEL_BY_KEY: Readonly<Record<string, Level>> = {
  '4:0': 'easy',
  '5:0': 'easy',
  '6:0': 'medium',
  '8:0': 'medium',
  '7:0': 'hard',
  '10:5': 'hard',
  '8:4': 'hard',
  '12:0': 'superhard',
};

/** The seeds' rating.js: seconds per move of the shortest solution, by level (never calibrated there). */
export const COLORSORT_SECONDS_PER_MOVE: Readonly<Partial<Record<Level, number>>> = {
  easy: 6,
  medium: 9,
  hard: 13,
  superhard: 16,
};

/** The level the seeds' table gives a colour-sort deal, or undefined for a combination it does not list. */
export function colorsortLevel(numColors: number, duplicateColors: number): Level | undefined {
  return COLORSORT_LEVEL_BY_KEY[`${numColors}:${duplicateColors}`];
}
