/**
 * The learnt elite pace of a kind and level: how fast the fastest few percent of established players'
 * clean solves go, as a multiple of the benchmark calibration leaves (the convention of the learnt floor's
 * `benchmarks.floor_ratio`). Learnt from calibration's samples (one per player, no date over its share), so
 * a crowd of accounts weighs as many people as it has, and stored in `benchmarks.elite_ratio`; the elite
 * line itself, with its cold start, is src/fairplay/elite-line.ts.
 */

/** The percentile taken: the fastest twentieth of real solves. */
export const ELITE_PERCENTILE = 0.05;
/** Learnt once there are this many samples… (as the learnt floor: the 5th percentile of 200 is the 10th fastest) */
export const ELITE_MIN_SAMPLES = 200;
/** …from at least this many distinct established players. */
export const ELITE_MIN_PLAYERS = 50;

/** The elite ratio from samples as multiples of the benchmark, or null while too few samples or players. */
export function learnedEliteRatio(samples: readonly { ratio: number; playerId: string }[]): number | null {
  if (samples.length < ELITE_MIN_SAMPLES) return null;
  if (new Set(samples.map((s) => s.playerId)).size < ELITE_MIN_PLAYERS) return null;
  const sorted = samples.map((s) => s.ratio).sort((a, b) => a - b);
  return sorted[Math.floor(ELITE_PERCENTILE * (sorted.length - 1))] as number;
}
