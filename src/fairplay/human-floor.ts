/**
 * The human floor: a counted time under it is faster than people solve the puzzle, so the solve is flagged
 * for a moderator (never refused, and no response states the floor). It starts from published human
 * speeds, and once enough established players have solved a kind and level cleanly it is learnt from their
 * times instead.
 *
 * Cold start: the steps the board needs (`stepsTo` of the engine: the digits of a sudoku's blanks, a
 * nonogram's filled cells, a loop's edges, a colour sort's pours) times a per-step minimum for the kind and
 * level (in each kind's descriptor, with its sources). The anchor is the fastest recorded classic sudoku,
 * 54.44 s at the 2018 World Sudoku Championship in Prague (reported by Radio Prague International), about
 * one second per empty cell, and Guinness World Records' fastest "easy" sudoku, 2:08.53 by Thomas Snyder
 * (2006); the minima sit at about half of what such records imply per step, so the world's best still pass.
 *
 * Learning only raises the floor: the accounts it learns from are the accounts it judges, so a ring of them
 * solving fast must not be able to lower it for everyone. Going under the cold start takes a moderator's
 * audited decision (PUT /v1/admin/lines/{kind}/{level}, `setRatio`).
 */

/** No puzzle is read, solved and entered in under three seconds. */
export const MIN_FLOOR_MS = 3000;

/** The learnt floor: this multiple of a low percentile of established players' clean times… */
export const LEARNED_FLOOR_FACTOR = 0.75;
/** …the percentile (2 %: the fastest fiftieth of real solves)… */
export const LEARNED_FLOOR_PERCENTILE = 0.02;
/** …once there are this many such solves… */
export const LEARNED_FLOOR_MIN_SAMPLES = 200;
/** …from at least this many distinct established players. */
export const LEARNED_FLOOR_MIN_PLAYERS = 50;
/**
 * Nor above the lower of this multiple of the cold start… The cold per-step minima sit at about half the
 * records' pace, so 4× is about twice the record pace: room for a crowd to show that a kind's cold minimum
 * is too lenient, never a claim that record-level play is impossible by more than that.
 */
export const LEARNED_FLOOR_MAX_COLD_MULTIPLE = 4;
/**
 * …and this share of the record pace, the fastest solve a moderator vouched for: a person has been seen
 * that fast, so the floor stays clear of it whatever slow accounts make the low percentile.
 */
export const RECORD_FLOOR_SHARE = 0.9;
/**
 * Before any record is vouched for, this share of the benchmark stands for it: for honest times log-normal
 * around the benchmark with σ 0.5 in log-time (RELIABILITY.md), 0.28 % of them fall under a quarter of it
 * (Φ(ln 0.25 / 0.5)), so a floor at this ceiling flags almost no honest solve.
 */
export const LEARNED_FLOOR_MAX_BENCHMARK_SHARE = 0.25;

export interface FloorInput {
  /** Steps from the start position to the solution. */
  steps: number;
  /** The kind and level's per-step minimum (descriptor). */
  secondsPerStep: number;
  benchmarkSeconds: number;
  /** Learnt floor as a multiple of the benchmark (calibration), when there is one. */
  learnedRatio: number | null;
  /** A moderator's floor as a multiple of the benchmark, when one is set: it replaces the learnt one. */
  setRatio: number | null;
  /** The record pace as a multiple of the benchmark, once a moderator vouched for a solve. */
  recordRatio: number | null;
}

/** The floor before anything is learnt: the steps times the kind and level's per-step minimum. */
export function coldFloorMs(input: Pick<FloorInput, 'steps' | 'secondsPerStep'>): number {
  return input.steps * input.secondsPerStep * 1000;
}

/**
 * The floor in milliseconds, never under MIN_FLOOR_MS: a moderator's floor when one is set; else the cold
 * start, raised by a learnt floor up to the lower of 4× the cold start and 90 % of the record pace (a
 * quarter of the benchmark before there is a record), never lowered by one.
 */
export function humanFloorMs(input: FloorInput): number {
  const benchmarkMs = input.benchmarkSeconds * 1000;
  if (input.setRatio !== null) return Math.round(Math.max(MIN_FLOOR_MS, input.setRatio * benchmarkMs));
  const coldMs = coldFloorMs(input);
  if (input.learnedRatio === null) return Math.round(Math.max(MIN_FLOOR_MS, coldMs));
  const record =
    input.recordRatio === null
      ? LEARNED_FLOOR_MAX_BENCHMARK_SHARE * benchmarkMs
      : RECORD_FLOOR_SHARE * input.recordRatio * benchmarkMs;
  const highest = Math.max(coldMs, Math.min(LEARNED_FLOOR_MAX_COLD_MULTIPLE * coldMs, record));
  const learnedMs = input.learnedRatio * benchmarkMs;
  return Math.round(Math.max(MIN_FLOOR_MS, Math.min(highest, Math.max(coldMs, learnedMs))));
}

/**
 * The learnt floor ratio from calibration's samples (src/rating/calibration.ts `calibrationSet`: one per
 * player, each date bounded), as multiples of the benchmark calibration leaves, or null while there are too
 * few of them.
 */
export function learnedFloorRatio(samples: readonly { ratio: number; playerId: string }[]): number | null {
  if (samples.length < LEARNED_FLOOR_MIN_SAMPLES) return null;
  if (new Set(samples.map((s) => s.playerId)).size < LEARNED_FLOOR_MIN_PLAYERS) return null;
  const sorted = samples.map((s) => s.ratio).sort((a, b) => a - b);
  const low = sorted[Math.floor(LEARNED_FLOOR_PERCENTILE * (sorted.length - 1))] as number;
  return LEARNED_FLOOR_FACTOR * low;
}
