/**
 * Calibration: moving a benchmark towards the median counted time of recent valid solves, so that an
 * average solver really scores 0.5. Each run moves part of the way, and one day never moves a benchmark by
 * more than a bounded factor, so a burst of unusual players (a class, a bot wave that slipped past the
 * floor) cannot swing everyone's scores overnight.
 */

/**
 * The median of 30 log-normal times spread ×2 either side has a standard error of about 12 %, below one
 * day's bound, so a change is mostly signal rather than noise.
 */
export const MIN_CALIBRATION_SAMPLES = 30;

/**
 * Each run goes this fraction of the way to the median, measured in log-time (halving and doubling are
 * symmetric, as in the score): 0.5 halves the remaining ratio per run.
 */
export const CALIBRATION_STEP = 0.5;

/** One day moves a benchmark at most ×1.25 or ÷1.25 from where it stood when the day began. */
export const MAX_DAILY_FACTOR = 1.25;

export interface CalibrationInput {
  /** The benchmark now. */
  benchmarkSeconds: number;
  /** Recent valid counted times of the puzzles this benchmark applies to. */
  timesSeconds: readonly number[];
  /** Fewer times than this: no change (default MIN_CALIBRATION_SAMPLES). */
  minSamples?: number;
  /**
   * The benchmark when the day began (the value before the day's first change in the history). Runs later
   * the same day (an admin rerun) stay within the same daily bound; the result always lies within it, even
   * if `benchmarkSeconds` somehow does not. Defaults to `benchmarkSeconds`.
   */
  dayStartSeconds?: number;
}

export interface Calibration {
  benchmarkSeconds: number;
  medianSeconds: number;
  samples: number;
  /** True when the daily bound, not the step, decided the new value. */
  limited: boolean;
}

/** The median of a non-empty list (the mean of the two middle values for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new RangeError('median of an empty list');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function assertPositive(name: string, value: number): void {
  if (!(Number.isFinite(value) && value > 0)) throw new RangeError(`${name} must be positive, got ${value}`);
}

/** The calibrated benchmark, or null while fewer than `minSamples` times exist. */
export function calibrate(input: CalibrationInput): Calibration | null {
  const { benchmarkSeconds, timesSeconds } = input;
  const minSamples = input.minSamples ?? MIN_CALIBRATION_SAMPLES;
  const dayStart = input.dayStartSeconds ?? benchmarkSeconds;
  assertPositive('benchmark', benchmarkSeconds);
  assertPositive('day-start benchmark', dayStart);
  if (!(Number.isInteger(minSamples) && minSamples >= 1)) {
    throw new RangeError(`minSamples must be a positive integer, got ${minSamples}`);
  }
  timesSeconds.forEach((t, i) => {
    assertPositive(`time ${i}`, t);
  });
  if (timesSeconds.length < minSamples) return null;

  const medianSeconds = median(timesSeconds);
  const target = benchmarkSeconds * (medianSeconds / benchmarkSeconds) ** CALIBRATION_STEP;
  const low = dayStart / MAX_DAILY_FACTOR;
  const high = dayStart * MAX_DAILY_FACTOR;
  const bounded = Math.min(high, Math.max(low, target));
  return {
    benchmarkSeconds: bounded,
    medianSeconds,
    samples: timesSeconds.length,
    limited: bounded !== target,
  };
}
