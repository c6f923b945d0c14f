import { addDays, type IsoDate, utcDate } from '../daily/calendar.js';
import {
  benchmarkAtDayStart,
  calibrationSamples,
  listBenchmarks,
  recordBenchmarkChange,
  setFloorRatio,
} from '../db/benchmarks.js';
import type { Db } from '../db/client.js';
import { learnedFloorRatio } from '../fairplay/human-floor.js';
import { boundedByDay, calibrate } from '../rating/calibration.js';

/** Solves from this many recent puzzle days feed calibration, at most MAX_SAMPLES of them. */
export const CALIBRATION_WINDOW_DAYS = 30;
const MAX_SAMPLES = 5000;

/**
 * The puzzle dates calibration reads on `today`, newest first: the window's days up to the latest one
 * playable (UTC+14 is a day ahead), each supplying an even share of MAX_SAMPLES.
 */
function calibrationDates(today: IsoDate): IsoDate[] {
  return Array.from({ length: CALIBRATION_WINDOW_DAYS + 2 }, (_, i) => addDays(today, 1 - i));
}

export interface BenchmarkUpdate {
  kind: string;
  level: string;
  oldSeconds: number;
  newSeconds: number;
  samples: number;
  players: number;
  limited: boolean;
}

/** Overrides of the sample minimums, for operators of small deployments and for tests. */
export interface CalibrationMinimums {
  minSamples?: number;
  minPlayers?: number;
}

/**
 * Moves every benchmark towards what established players really take, within the daily bound, records each
 * change, and learns each kind and level's human floor from the same samples. Times are multiples of the
 * benchmark each solve was scored against, so per-move (colorsort) and per-puzzle benchmarks calibrate alike.
 */
export async function calibrateBenchmarks(
  db: Db,
  now: Date,
  minimums: CalibrationMinimums = {},
): Promise<BenchmarkUpdate[]> {
  const today = utcDate(now);
  const dates = calibrationDates(today);
  const perDate = Math.ceil(MAX_SAMPLES / dates.length);
  const updates: BenchmarkUpdate[] = [];
  for (const benchmark of await listBenchmarks(db)) {
    const { kind, level, seconds } = benchmark;
    const samples = await calibrationSamples(db, kind, level, dates, perDate);
    const floorRatio = learnedFloorRatio(boundedByDay(samples));
    if (floorRatio !== benchmark.floorRatio) await setFloorRatio(db, kind, level, floorRatio);
    const result = calibrate({
      benchmarkSeconds: seconds,
      samples,
      dayStartSeconds: (await benchmarkAtDayStart(db, kind, level, today)) ?? seconds,
      ...minimums,
    });
    if (!result || result.benchmarkSeconds === seconds) continue;
    await recordBenchmarkChange(db, {
      kind,
      level,
      day: today,
      oldSeconds: seconds,
      newSeconds: result.benchmarkSeconds,
      typicalSeconds: result.typicalSeconds,
      samples: result.samples,
      players: result.players,
      limited: result.limited,
      changedAt: now.toISOString(),
    });
    updates.push({
      kind,
      level,
      oldSeconds: seconds,
      newSeconds: result.benchmarkSeconds,
      samples: result.samples,
      players: result.players,
      limited: result.limited,
    });
  }
  return updates;
}
