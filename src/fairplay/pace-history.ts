/**
 * Whether a player's own history carries a solve under the elite line. Paces are counted time as a share of
 * the benchmark each solve was scored against, and a history is kept per kind *and level*: a fast expert
 * solve says nothing about how fast the same person is at easy, and one list across levels let an account
 * carry near-floor easy solves on expert ones just over their line.
 *
 * A person who is that fast is that fast most days: the pace must be within NEAR_PACE_FACTOR of the
 * player's median pace at the level over the last HISTORY_WINDOW_MS. A median over weeks moves only once
 * half of those weeks' solves are faster, and a level has one puzzle a date, so a script that ramps its pace
 * down must hold each step for weeks (ramp.ts lists one that tries it faster). A player a moderator vouched
 * for is carried: a person has judged it.
 */

import { median } from '../rating/median.js';

/** The history looked at: this much of the server's clock before the solve. */
export const HISTORY_WINDOW_MS = 30 * 86_400_000;
/** At most this many solves of the level are read from the window, newest first. */
export const HISTORY_SOLVES = 30;
/** A history shorter than this at the level carries nothing. */
export const HISTORY_MIN_SOLVES = 3;
/** "Near": the player's median pace is at most this multiple of this solve's pace. */
export const NEAR_PACE_FACTOR = 1.3;

export interface PaceHistory {
  established: boolean;
  /** A moderator vouched for the player. */
  vouched: boolean;
  /** This solve's pace: counted time ÷ its benchmark. */
  pace: number;
  /** The paces of the player's counted solves of this kind and level within the window, newest first. */
  levelPaces: readonly number[];
}

export function historyCarries(history: PaceHistory): boolean {
  if (history.vouched) return true;
  if (!history.established || history.levelPaces.length < HISTORY_MIN_SOLVES) return false;
  return median(history.levelPaces) <= NEAR_PACE_FACTOR * history.pace;
}
