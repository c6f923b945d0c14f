/**
 * The elite line: the pace of the fastest few percent of people. A move log cannot tell a careful forger
 * from a person (its shape is public arithmetic), so a solve faster than this line is ranked at once only
 * when its player's own history carries it (pace-history.ts); otherwise it waits for a moderator as
 * `pending`. The forger's best clean spot is then just above the line: among the fastest few percent, never
 * the top of a board. No response to a player states the line.
 *
 * Cold start: COLD_ELITE_MULTIPLE times the puzzle's cold human floor. The floor sits at about half of
 * record pace (human-floor.ts), so three times the floor is about 1.5× the world's best: a pace that only
 * the fastest few people reach. Once calibration has sampled enough players with long histories it is
 * learnt from their times (benchmarks.elite_ratio), but only upwards: learning never takes the line under
 * its cold value, since the accounts it learns from are those it judges. A moderator may set it lower
 * (benchmarks.elite_ratio_set, audited).
 */

/** Before the crowd has taught the line: this multiple of the puzzle's cold floor. */
export const COLD_ELITE_MULTIPLE = 3;
/** The line is never closer to the floor than this multiple of it: under the floor is flagged anyway. */
export const MIN_ELITE_OVER_FLOOR = 1.5;
/**
 * …and never above this share of the benchmark, so that a fresh player at half the benchmark (a good
 * solve, far from the best) is always ranked at once.
 */
export const MAX_ELITE_BENCHMARK_SHARE = 0.4;

export interface EliteLineInput {
  /** The puzzle's cold floor (steps × the kind's seconds per step) and the floor the solve is held to. */
  coldFloorMs: number;
  floorMs: number;
  benchmarkSeconds: number;
  /** The learnt line as a multiple of the benchmark (calibration), when there is one. */
  learnedRatio: number | null;
  /** A moderator's line as a multiple of the benchmark, when one is set: it replaces the others. */
  setRatio: number | null;
}

/** The line as the descriptor's arithmetic makes it, before anything is learnt. */
export function coldEliteMs(input: Pick<EliteLineInput, 'coldFloorMs' | 'benchmarkSeconds'>): number {
  return Math.min(
    COLD_ELITE_MULTIPLE * input.coldFloorMs,
    MAX_ELITE_BENCHMARK_SHARE * input.benchmarkSeconds * 1000,
  );
}

export function eliteLineMs(input: EliteLineInput): number {
  const benchmarkMs = input.benchmarkSeconds * 1000;
  const cold = coldEliteMs(input);
  const line =
    input.setRatio !== null
      ? input.setRatio * benchmarkMs
      : input.learnedRatio === null
        ? cold
        : Math.max(cold, Math.min(input.learnedRatio * benchmarkMs, MAX_ELITE_BENCHMARK_SHARE * benchmarkMs));
  return Math.round(Math.max(line, MIN_ELITE_OVER_FLOOR * input.floorMs));
}
