import type { CardPuzzle } from '../contract/shares.js';
import { descriptorOf } from '../kinds/index.js';

/** `4:12`, or `1:02:03` past an hour: whole seconds, as a player reads a clock. */
export function clockTime(ms: number): string {
  const total = Math.floor(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** Squares of an emoji row, and of the card's row of boxes. */
export const ROW_LENGTH = 5;

/**
 * How many of the row's squares a score fills: 1 to 5, in fifths of the score (0.5 at the benchmark fills
 * 3), so that every solve shows at least one; null without a score.
 */
export function filledSquares(score: number | null): number | null {
  if (score === null) return null;
  return Math.min(ROW_LENGTH, Math.max(1, Math.round(score * ROW_LENGTH)));
}

/** `Sudoku hard`: the kind as players know it and the level. */
export function puzzleLabel(puzzle: Pick<CardPuzzle, 'kind' | 'level'>): string {
  return `${descriptorOf(puzzle.kind).displayName} ${puzzle.level}`;
}

/** `#3 of 41`, or null when the card shows no rank. */
export function rankLabel(puzzle: Pick<CardPuzzle, 'rank' | 'solvers'>): string | null {
  return puzzle.rank === null || puzzle.solvers === null ? null : `#${puzzle.rank} of ${puzzle.solvers}`;
}

export function streakLabel(streak: number | null): string | null {
  return streak === null || streak < 1 ? null : `${streak}-day streak`;
}
