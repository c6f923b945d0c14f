/**
 * Whether a player's own history carries a solve under the elite line: it is established in the kind
 * (days of play, src/rating/standing.ts) and several of its recent counted solves of the kind were already
 * near this pace. Paces are counted time as a share of the benchmark each solve was scored against, which
 * compares solves across a kind's levels and dates.
 *
 * A person who is that fast is that fast most days: an established player whose recent solves sit at
 * 20–25 % of the benchmark is ranked at once at 20 %. A script that played middling for three days and then
 * drops to the floor has no such history, and one that ramps its pace down must hold each pace for
 * HISTORY_NEAR solves before the next step, while the suspects list (suspicion.ts) watches for the floor.
 */

/** The recent counted solves of the kind that are looked at, newest first. */
export const HISTORY_SOLVES = 10;
/** How many of them must be near this solve's pace. */
export const HISTORY_NEAR = 3;
/** "Near": at most this multiple of this solve's pace. */
export const NEAR_PACE_FACTOR = 1.3;

export interface PaceHistory {
  established: boolean;
  /** This solve's pace: counted time ÷ its benchmark. */
  pace: number;
  /** The paces of the player's recent counted solves of the kind (at most HISTORY_SOLVES are used). */
  recentPaces: readonly number[];
}

export function historyCarries(history: PaceHistory): boolean {
  if (!history.established) return false;
  const near = history.recentPaces
    .slice(0, HISTORY_SOLVES)
    .filter((pace) => pace <= NEAR_PACE_FACTOR * history.pace).length;
  return near >= HISTORY_NEAR;
}
