/**
 * Calibration: moving a benchmark towards what established players really take, so that an average
 * solver scores 0.5. Built so that neither time nor a coordinated minority can run it away:
 *
 * - A sample is a time in the benchmark's own unit (seconds per puzzle, or per move), read from the solve
 *   itself, never a ratio multiplied by today's benchmark: the same samples say the same thing every day.
 * - A benchmark moves only on samples newer than those its last change was based on (`calibratedThrough`):
 *   with no new samples it never moves, however often the job runs.
 * - One sample per player (drawn at random among its solves in the window), no date supplying more than a
 *   bounded share, a minimum number of samples and of distinct players.
 * - A dead band: whatever a minority of up to MAX_MINORITY_SHARE of the samples does, the honest players'
 *   median lies between the samples' (1 − share)/2 and (1 + share)/2 quantiles, so a benchmark inside that
 *   band stays put; outside it, it moves towards the band's nearer edge (only the excess), part of the way
 *   per run, and at most ×1.25 in a day.
 *
 * The cost of the band: an honest crowd whose median sits less than that far from the benchmark does not
 * move it. For log-normal honest times with σ 0.5 in log-time (the spread assumed throughout, see
 * RELIABILITY.md) the band's half-width is about 0.15 in log-time (×1.16) with thousands of samples,
 * 0.17 (×1.19) with a few hundred.
 */

/** A solve calibration may learn from: its time in the benchmark's unit, who solved it, when, and its draw. */
export interface CalibrationSample {
  /** The submission's id: newer samples have larger ids (the watermark `calibratedThrough` compares them). */
  id: number;
  /** The counted time in the benchmark's unit: seconds per puzzle, or per move of the shortest solution. */
  seconds: number;
  playerId: string;
  /** The puzzle's date: one day's samples together are bounded. */
  date: string;
  /** The sample's place in its date's random draw (src/db/sample-draw.ts): the lower, the earlier drawn. */
  drawKey: number;
}

/**
 * With one sample per player, 30 samples is 30 people; the band's rank margin (BAND_MARGIN_Z) keeps that
 * few from moving a benchmark on noise alone.
 */
export const MIN_CALIBRATION_SAMPLES = 30;
/** Distinct established players the samples must come from: a few people's habits are not the crowd's. */
export const MIN_CALIBRATION_PLAYERS = 20;
/**
 * No puzzle date supplies more than this share of the samples: a benchmark moves only once five days have
 * samples, and a single busy day (a burst of fresh established accounts) is at most the minority the dead
 * band absorbs.
 */
export const MAX_DAY_SHARE = 0.2;
/**
 * The largest share of the samples a coordinated group may supply without moving a benchmark at all,
 * wherever its times sit. A larger group moves it, within the daily bound, until it stops.
 */
export const MAX_MINORITY_SHARE = 0.2;
/**
 * The band's edges are order statistics this many binomial standard deviations further out than the
 * quantiles, so sampling noise alone rarely (about 2 % of runs per side) moves a benchmark whose players
 * take it.
 */
export const BAND_MARGIN_Z = 2;

/**
 * Each run goes this fraction of the way to the band's nearer edge, measured in log-time (halving and
 * doubling are symmetric, as in the score): 0.5 halves the remaining excess per run.
 */
export const CALIBRATION_STEP = 0.5;

/** One day moves a benchmark at most ×1.25 or ÷1.25 from where it stood when the day began. */
export const MAX_DAILY_FACTOR = 1.25;

export interface CalibrationInput {
  benchmarkSeconds: number;
  samples: readonly CalibrationSample[];
  /**
   * The newest sample id the benchmark's last change was based on (null: never calibrated). A run with
   * no sample newer than it changes nothing.
   */
  calibratedThrough?: number | null;
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
  /** The median of the kept samples, in the benchmark's unit (the history keeps it). */
  typicalSeconds: number;
  samples: number;
  players: number;
  /** True when the daily bound, not the step, decided the new value. */
  limited: boolean;
  /** The newest sample id the run saw: the benchmark's new `calibratedThrough` when it changed. */
  through: number;
}

function assertPositive(name: string, value: number): void {
  if (!(Number.isFinite(value) && value > 0)) throw new RangeError(`${name} must be positive, got ${value}`);
}

/**
 * One sample per player: the one drawn first (lowest draw key) among its samples, which is a uniform
 * random choice among them, so a player who plays every day is spread over the days like everyone else.
 */
export function onePerPlayer(samples: readonly CalibrationSample[]): CalibrationSample[] {
  const chosen = new Map<string, CalibrationSample>();
  for (const s of samples) {
    const held = chosen.get(s.playerId);
    if (!held || s.drawKey < held.drawKey || (s.drawKey === held.drawKey && s.id < held.id)) {
      chosen.set(s.playerId, s);
    }
  }
  const keep = new Set(chosen.values());
  return samples.filter((s) => keep.has(s));
}

/**
 * The samples with no date supplying more than MAX_DAY_SHARE of what is kept: the largest per-day cap for
 * which that holds (at least one sample a day), each date keeping its first drawn samples.
 */
export function boundedByDay<T extends { date: string; drawKey: number }>(samples: readonly T[]): T[] {
  const perDay = new Map<string, number>();
  for (const s of samples) perDay.set(s.date, (perDay.get(s.date) ?? 0) + 1);
  const counts = [...perDay.values()];
  let cap = Math.max(0, ...counts);
  const kept = (c: number) => counts.reduce((sum, n) => sum + Math.min(n, c), 0);
  while (cap > 1 && cap > MAX_DAY_SHARE * kept(cap)) cap--;
  const rank = new Map<T, number>();
  const byDay = new Map<string, T[]>();
  for (const s of samples) {
    const day = byDay.get(s.date);
    if (day) day.push(s);
    else byDay.set(s.date, [s]);
  }
  for (const day of byDay.values()) {
    day.sort((a, b) => a.drawKey - b.drawKey);
    day.forEach((s, i) => {
      rank.set(s, i);
    });
  }
  return samples.filter((s) => (rank.get(s) ?? 0) < cap);
}

/** What calibration and the learnt lines learn from: one sample per player, no date over its share. */
export function calibrationSet(samples: readonly CalibrationSample[]): CalibrationSample[] {
  return boundedByDay(onePerPlayer(samples));
}

/**
 * The dead band in log-time around the honest median: the order statistics at the (1 − share)/2 and
 * (1 + share)/2 quantiles of the sorted values, each BAND_MARGIN_Z binomial deviations further out.
 * Where a minority of `share` sits cannot take the honest median outside it (up to sampling noise).
 */
export function deadBand(sortedLogs: readonly number[]): { low: number; high: number } {
  const n = sortedLogs.length;
  if (n === 0) throw new RangeError('dead band of an empty list');
  const p = (1 - MAX_MINORITY_SHARE) / 2;
  const lowRank = Math.max(0, Math.floor(n * p - BAND_MARGIN_Z * Math.sqrt(n * p * (1 - p))));
  return { low: sortedLogs[lowRank] as number, high: sortedLogs[n - 1 - lowRank] as number };
}

/** The median of sorted values (the mean of the middle two for an even count). */
function median(sorted: readonly number[]): number {
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/**
 * The calibrated benchmark, or null while nothing is newer than the last change, or the samples are too
 * few or from too few players.
 */
export function calibrate(input: CalibrationInput): Calibration | null {
  const { benchmarkSeconds } = input;
  const dayStart = input.dayStartSeconds ?? benchmarkSeconds;
  assertPositive('benchmark', benchmarkSeconds);
  assertPositive('day-start benchmark', dayStart);
  input.samples.forEach((s, i) => {
    assertPositive(`sample ${i}`, s.seconds);
  });
  const through = Math.max(0, ...input.samples.map((s) => s.id));
  if (input.calibratedThrough != null && through <= input.calibratedThrough) return null;
  const kept = calibrationSet(input.samples);
  const players = new Set(kept.map((s) => s.playerId)).size;
  if (kept.length < (input.minSamples ?? MIN_CALIBRATION_SAMPLES)) return null;
  if (players < (input.minPlayers ?? MIN_CALIBRATION_PLAYERS)) return null;

  const logs = kept.map((s) => Math.log(s.seconds)).sort((a, b) => a - b);
  const typicalSeconds = Math.exp(median(logs));
  const { low, high } = deadBand(logs);
  const current = Math.log(benchmarkSeconds);
  // The band's nearer edge, or the benchmark itself when it is inside the band.
  const edge = Math.min(high, Math.max(low, current));
  const target = Math.exp(current + CALIBRATION_STEP * (edge - current));
  const bounded = Math.min(dayStart * MAX_DAILY_FACTOR, Math.max(dayStart / MAX_DAILY_FACTOR, target));
  return {
    benchmarkSeconds: edge === current ? benchmarkSeconds : bounded,
    typicalSeconds,
    samples: kept.length,
    players,
    limited: edge !== current && bounded !== target,
    through,
  };
}
