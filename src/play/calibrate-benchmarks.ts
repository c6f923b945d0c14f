import { addDays, type IsoDate, utcDate } from '../daily/calendar.js';
import {
  type BenchmarkRow,
  benchmarkAtDayStart,
  type CalibrationDraw,
  calibrationSamples,
  listBenchmarks,
  recordBenchmarkChange,
  setLearnedRatios,
} from '../db/benchmarks.js';
import type { Db } from '../db/client.js';
import { earnedPlayers } from '../db/earned-players.js';
import { learnedFloorRatio } from '../fairplay/human-floor.js';
import { learnedEliteRatio } from '../fairplay/learned-elite.js';
import { longHistoryBar } from '../fairplay/long-history.js';
import { type CalibrationSample, calibrate, calibrationSet } from '../rating/calibration.js';
import { puzzleBenchmarkSeconds } from '../rating/puzzle-benchmark.js';

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

/** The deployment's FIRST_DAY: the long-history bar the learnt lines ask for scales with its age. */
export interface CalibrationSite {
  firstDay: string;
}

/**
 * The drawn solves as samples in the benchmark's own unit: a per-puzzle benchmark takes the counted seconds
 * as they are, a per-move one divides them by the puzzle's shortest solution. Nothing depends on the
 * benchmark a solve was scored against, so the same solves say the same thing whatever the benchmark does.
 */
export function samplesOf(draw: CalibrationDraw, unit: BenchmarkRow['unit']): CalibrationSample[] {
  return draw.solves.flatMap((s) => {
    const meta = draw.metaByDate.get(s.date);
    if (!meta) return [];
    const units = puzzleBenchmarkSeconds({ seconds: 1, unit }, meta);
    return [
      {
        id: s.id,
        seconds: s.countedMs / 1000 / units,
        playerId: s.playerId,
        date: s.date,
        drawKey: s.drawKey,
      },
    ];
  });
}

/**
 * Moves every benchmark towards what established players really take, within the dead band and the daily
 * bound (src/rating/calibration.ts), records each change with the newest sample it was based on, and
 * learns each kind and level's human floor and elite pace from the samples of players with a long clean
 * history (src/fairplay/long-history.ts), as multiples of the benchmark the run leaves: a ring must age
 * every member for weeks before it counts there, and even then learning only raises a line.
 */
export async function calibrateBenchmarks(
  db: Db,
  now: Date,
  site: CalibrationSite,
  minimums: CalibrationMinimums = {},
): Promise<BenchmarkUpdate[]> {
  const bar = longHistoryBar(site.firstDay, now);
  const today = utcDate(now);
  const dates = calibrationDates(today);
  const perDate = Math.ceil(MAX_SAMPLES / dates.length);
  const updates: BenchmarkUpdate[] = [];
  for (const benchmark of await listBenchmarks(db)) {
    const { kind, level, seconds } = benchmark;
    const samples = samplesOf(await calibrationSamples(db, kind, level, dates, perDate), benchmark.unit);
    const result = calibrate({
      benchmarkSeconds: seconds,
      samples,
      calibratedThrough: benchmark.calibratedThrough,
      dayStartSeconds: (await benchmarkAtDayStart(db, kind, level, today)) ?? seconds,
      ...minimums,
    });
    const after = result?.benchmarkSeconds ?? seconds;
    const kept = calibrationSet(samples);
    const long = await earnedPlayers(
      db,
      kept.map((s) => s.playerId),
      bar,
    );
    const ratios = kept
      .filter((s) => long.has(s.playerId))
      .map((s) => ({ ratio: s.seconds / after, playerId: s.playerId }));
    const floorRatio = learnedFloorRatio(ratios);
    const eliteRatio = learnedEliteRatio(ratios);
    if (floorRatio !== benchmark.floorRatio || eliteRatio !== benchmark.eliteRatio) {
      await setLearnedRatios(db, kind, level, { floorRatio, eliteRatio });
    }
    if (!result || result.benchmarkSeconds === seconds) continue;
    await recordBenchmarkChange(
      db,
      {
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
      },
      result.through,
    );
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
