/**
 * Time → game result. A solve is a game against the puzzle: finishing exactly at the puzzle's benchmark
 * time is a draw (0.5), faster leans towards a win, slower towards a loss. The curve is logistic in
 * log-time, so halving and doubling the benchmark are mirror images: s(t) + s(benchmark² / t) = 1.
 */

/**
 * k = 2: half the benchmark time scores 0.8, double scores 0.2, a quarter 0.94. With k = 1 solving twice
 * as fast as the benchmark would score only 0.67, so a strong solver needs many more days to separate from
 * an average one; with k = 4 the curve is nearly flat beyond ±50 % of the benchmark, so a few seconds
 * around the benchmark (a misclick, a slow network) would decide the result while truly fast and truly
 * slow solves would all look alike. Daily-puzzle times spread over about ×2 either side of the median,
 * which k = 2 maps onto most of the score range.
 */
export const SCORE_EXPONENT = 2;

/**
 * Scores stay at least this far inside (0, 1). A time of zero or less (a clock glitch; real ones are
 * rejected by the time floor first) is not proof of infinite strength, and without the clamp the
 * floating-point result silently rounds to exactly 1 for tiny times and to exactly 0 for huge ones.
 * Symmetric, so s(t) + s(benchmark² / t) = 1 still holds at the clamps.
 */
export const SCORE_MARGIN = 1e-4;

/** The game result in (0, 1) of solving in `timeSeconds` a puzzle whose benchmark is `benchmarkSeconds`. */
export function score(timeSeconds: number, benchmarkSeconds: number): number {
  if (!Number.isFinite(benchmarkSeconds) || benchmarkSeconds <= 0) {
    throw new RangeError(`benchmark must be a positive number of seconds, got ${benchmarkSeconds}`);
  }
  if (Number.isNaN(timeSeconds)) throw new RangeError('time must be a number of seconds, got NaN');
  const ratio = Math.max(timeSeconds, 0) / benchmarkSeconds;
  const s = 1 / (1 + ratio ** SCORE_EXPONENT);
  return Math.min(1 - SCORE_MARGIN, Math.max(SCORE_MARGIN, s));
}
