/**
 * The time under which a solve is impossible for a human and is rejected instead of ranked.
 *
 * Three lower bounds, the largest wins:
 * - a fraction of the puzzle's benchmark: the fastest genuine solvers on puzzle sites take about a fifth
 *   to a tenth of the median time, so a twentieth leaves them a factor of two of room while a bot that
 *   submits at once is still caught (a time at the floor would score 0.9975);
 * - an absolute minimum, in case calibration ever drives a benchmark very low: no puzzle can be read and
 *   entered in under three seconds;
 * - for kinds whose check counts moves (colour sort): a minimum average per move. A pour takes two clicks
 *   (source, target), and sustained human clicking stays below about eight clicks a second, so a quarter
 *   of a second per move on average over a whole solve is already beyond anyone. puzzle.day flags single
 *   gaps under 50 ms in a move log; we only see the total time, so the bound is on the average.
 */

export const FLOOR_FRACTION = 0.05;

export const MIN_FLOOR_SECONDS = 3;

export const MIN_SECONDS_PER_MOVE = 0.25;

/**
 * The floor in seconds for a puzzle with this benchmark; `moves` is the submitted solution's move count
 * when the kind's check reports one.
 */
export function timeFloorSeconds(benchmarkSeconds: number, moves?: number): number {
  if (!Number.isFinite(benchmarkSeconds) || benchmarkSeconds <= 0) {
    throw new RangeError(`benchmark must be a positive number of seconds, got ${benchmarkSeconds}`);
  }
  if (moves !== undefined && !(Number.isInteger(moves) && moves >= 0)) {
    throw new RangeError(`moves must be a non-negative integer, got ${moves}`);
  }
  return Math.max(MIN_FLOOR_SECONDS, FLOOR_FRACTION * benchmarkSeconds, MIN_SECONDS_PER_MOVE * (moves ?? 0));
}
