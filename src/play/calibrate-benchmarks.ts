import { addDays, utcDate } from '../daily/calendar.js';
import {
  benchmarkAtDayStart,
  listBenchmarks,
  recentTimeRatios,
  recordBenchmarkChange,
} from '../db/benchmarks.js';
import type { Db } from '../db/client.js';
import { calibrate } from '../rating/calibration.js';

/** Solves from this many recent puzzle days feed calibration, at most MAX_SAMPLES of them (newest first). */
export const CALIBRATION_WINDOW_DAYS = 30;
const MAX_SAMPLES = 2000;

export interface BenchmarkUpdate {
  kind: string;
  level: string;
  oldSeconds: number;
  newSeconds: number;
  samples: number;
  limited: boolean;
}

/**
 * Moves every benchmark towards what players really take, within the daily bound, and records each change.
 * Times are taken as multiples of the benchmark each solve was scored against, so per-move (colorsort) and
 * per-puzzle benchmarks calibrate alike.
 */
export async function calibrateBenchmarks(
  db: Db,
  now: Date,
  minSamples?: number,
): Promise<BenchmarkUpdate[]> {
  const today = utcDate(now);
  const since = addDays(today, -CALIBRATION_WINDOW_DAYS);
  const updates: BenchmarkUpdate[] = [];
  for (const benchmark of await listBenchmarks(db)) {
    const { kind, level, seconds } = benchmark;
    const ratios = await recentTimeRatios(db, kind, level, since, MAX_SAMPLES);
    const result = calibrate({
      benchmarkSeconds: seconds,
      timesSeconds: ratios.map((r) => r * seconds),
      dayStartSeconds: (await benchmarkAtDayStart(db, kind, level, today)) ?? seconds,
      ...(minSamples === undefined ? {} : { minSamples }),
    });
    if (!result || result.benchmarkSeconds === seconds) continue;
    await recordBenchmarkChange(db, {
      kind,
      level,
      day: today,
      oldSeconds: seconds,
      newSeconds: result.benchmarkSeconds,
      medianSeconds: result.medianSeconds,
      samples: result.samples,
      limited: result.limited,
      changedAt: now.toISOString(),
    });
    updates.push({
      kind,
      level,
      oldSeconds: seconds,
      newSeconds: result.benchmarkSeconds,
      samples: result.samples,
      limited: result.limited,
    });
  }
  return updates;
}
