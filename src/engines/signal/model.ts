/**
 * A towers ("signal masts") puzzle: an n×n Latin square of heights 1..n. A clue counts the masts seen
 * from its side, taller masts hiding shorter ones behind them. `top`/`bottom` list columns left→right,
 * `left`/`right` list rows top→bottom, 0 = no clue. `givens` is n² characters row-major, a digit or '.'.
 */
export interface SignalPuzzle {
  n: number;
  top: number[];
  bottom: number[];
  left: number[];
  right: number[];
  givens: string;
}

/** The heights row-major as n² digits. */
export interface SignalSolution {
  grid: string;
}

export const SIGNAL_LEVELS = ['easy', 'medium', 'hard', 'expert'] as const;
export type SignalLevel = (typeof SIGNAL_LEVELS)[number];

/** Boards from outside may be 3×3; the generator starts at 4×4, where the levels start. */
export const MIN_SIZE = 3;
export const MIN_GENERATED_SIZE = 4;
export const MAX_SIZE = 9;

/** The board size each level is generated at. */
export const LEVEL_SIZE: Readonly<Record<SignalLevel, number>> = { easy: 4, medium: 5, hard: 6, expert: 7 };

export function levelRank(level: SignalLevel): number {
  return SIGNAL_LEVELS.indexOf(level);
}

/** The lowest level a board of side n is generated at (the grade itself goes by technique alone). */
export function sizeLevel(n: number): SignalLevel {
  if (n <= 4) return 'easy';
  if (n === 5) return 'medium';
  if (n === 6) return 'hard';
  return 'expert';
}
