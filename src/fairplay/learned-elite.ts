/**
 * The learnt elite pace of a kind and level: how fast the fastest few percent of established players'
 * clean solves go, as a multiple of the benchmark calibration leaves (the convention of the learnt floor's
 * `benchmarks.floor_ratio`). Learnt from calibration's samples (one per player, no date over its share), so
 * a crowd of accounts weighs as many people as it has, and stored in `benchmarks.elite_ratio`; the elite
 * line itself, with its cold start, is src/fairplay/elite-line.ts.
 */

/**
 * The percentile taken: the fastest two hundredth of real solves. It bounds what the line costs honest
 * players: at most this share of their solves falls under it, and those of them whose own history carries
 * the pace are ranked at once anyway (the simulated crowd of test/fairplay/false-positives.test.ts holds
 * 0.4 % of its solves). A higher percentile would hold more honest players than the 0.5 % allows.
 */
export const ELITE_PERCENTILE = 0.005;
/** Learnt once there are this many samples (the 0.5th percentile of 400 is the second fastest)… */
export const ELITE_MIN_SAMPLES = 400;
/** …from at least this many distinct established players. */
export const ELITE_MIN_PLAYERS = 100;

/** The elite ratio from samples as multiples of the benchmark, or null while too few samples or players. */
export function learnedEliteRatio(samples: readonly { ratio: number; playerId: string }[]): number | null {
  if (samples.length < ELITE_MIN_SAMPLES) return null;
  if (new Set(samples.map((s) => s.playerId)).size < ELITE_MIN_PLAYERS) return null;
  const sorted = samples.map((s) => s.ratio).sort((a, b) => a - b);
  return sorted[Math.floor(ELITE_PERCENTILE * (sorted.length - 1))] as number;
}
