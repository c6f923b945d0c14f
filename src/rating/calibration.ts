/**
 * Calibration: moving a benchmark towards what established players really take, so that an average
 * solver scores 0.5. Built so that a burst cannot poison it: only clean solves of players who were
 * established when they solved (one per player and puzzle, as ranking already guarantees), no day
 * contributing more than a bounded share, a trimmed mean that ignores the extremes on both sides, a minimum
 * number of distinct players, part of the way per run, and at most ×1.25 in a day.
 */

/** A solve's time as a multiple of the benchmark it was scored against, with who solved it and when. */
export interface CalibrationSample {
  ratio: number;
  playerId: string;
  /** The puzzle's date: one day's samples together are bounded. */
  date: string;
}

/**
 * The trimmed mean of 30 log-normal times spread ×2 either side has a standard error of about 12 %, below
 * one day's bound, so a change is mostly signal rather than noise.
 */
export const MIN_CALIBRATION_SAMPLES = 30;
/** Distinct established players the samples must come from: a few people's habits are not the crowd's. */
export const MIN_CALIBRATION_PLAYERS = 20;
/** No puzzle date supplies more than this share of the samples (its earliest solves are kept). */
export const MAX_DAY_SHARE = 0.2;
/** The share cut from each end before averaging: the fastest and slowest fifth say least about the middle. */
export const TRIM_SHARE = 0.2;

/**
 * Each run goes this fraction of the way to the typical time, measured in log-time (halving and doubling
 * are symmetric, as in the score): 0.5 halves the remaining ratio per run.
 */
export const CALIBRATION_STEP = 0.5;

/** One day moves a benchmark at most ×1.25 or ÷1.25 from where it stood when the day began. */
export const MAX_DAILY_FACTOR = 1.25;

export interface CalibrationInput {
  benchmarkSeconds: number;
  /** Samples in the order to keep them when a day supplies too many (earliest first). */
  samples: readonly CalibrationSample[];
  /**
   * The benchmark when the day began (the value before the day's first change in the history). Runs later
   * the same day (an admin rerun) stay within the same daily bound. Defaults to `benchmarkSeconds`.
   */
  dayStartSeconds?: number;
  /** Overrides for tests and small deployments. */
  minSamples?: number;
  minPlayers?: number;
}

export interface Calibration {
  benchmarkSeconds: number;
  /** The time the run moved towards: the trimmed mean in log-time of the kept samples, in seconds. */
  typicalSeconds: number;
  samples: number;
  players: number;
  /** True when the daily bound, not the step, decided the new value. */
  limited: boolean;
}

function assertPositive(name: string, value: number): void {
  if (!(Number.isFinite(value) && value > 0)) throw new RangeError(`${name} must be positive, got ${value}`);
}

/**
 * The samples with no date supplying more than MAX_DAY_SHARE of what is kept: the largest per-day cap for
 * which that holds (at least one sample a day), each date keeping its first samples.
 */
export function boundedByDay(samples: readonly CalibrationSample[]): CalibrationSample[] {
  const perDay = new Map<string, number>();
  for (const s of samples) perDay.set(s.date, (perDay.get(s.date) ?? 0) + 1);
  const counts = [...perDay.values()];
  let cap = Math.max(0, ...counts);
  const kept = (c: number) => counts.reduce((sum, n) => sum + Math.min(n, c), 0);
  while (cap > 1 && cap > MAX_DAY_SHARE * kept(cap)) cap--;
  const taken = new Map<string, number>();
  return samples.filter((s) => {
    const n = taken.get(s.date) ?? 0;
    if (n >= cap) return false;
    taken.set(s.date, n + 1);
    return true;
  });
}

/** The mean of the values left after cutting TRIM_SHARE of them from each end. */
export function trimmedMean(values: readonly number[]): number {
  if (values.length === 0) throw new RangeError('trimmed mean of an empty list');
  const sorted = [...values].sort((a, b) => a - b);
  const cut = Math.floor(TRIM_SHARE * sorted.length);
  const middle = sorted.slice(cut, sorted.length - cut);
  return middle.reduce((a, b) => a + b, 0) / middle.length;
}

/** The calibrated benchmark, or null while the samples are too few or from too few players. */
export function calibrate(input: CalibrationInput): Calibration | null {
  const { benchmarkSeconds } = input;
  const dayStart = input.dayStartSeconds ?? benchmarkSeconds;
  assertPositive('benchmark', benchmarkSeconds);
  assertPositive('day-start benchmark', dayStart);
  input.samples.forEach((s, i) => {
    assertPositive(`sample ${i}`, s.ratio);
  });
  const kept = boundedByDay(input.samples);
  const players = new Set(kept.map((s) => s.playerId)).size;
  if (kept.length < (input.minSamples ?? MIN_CALIBRATION_SAMPLES)) return null;
  if (players < (input.minPlayers ?? MIN_CALIBRATION_PLAYERS)) return null;

  const typicalSeconds = benchmarkSeconds * Math.exp(trimmedMean(kept.map((s) => Math.log(s.ratio))));
  const target = benchmarkSeconds * (typicalSeconds / benchmarkSeconds) ** CALIBRATION_STEP;
  const low = dayStart / MAX_DAILY_FACTOR;
  const high = dayStart * MAX_DAILY_FACTOR;
  const bounded = Math.min(high, Math.max(low, target));
  return {
    benchmarkSeconds: bounded,
    typicalSeconds,
    samples: kept.length,
    players,
    limited: bounded !== target,
  };
}
