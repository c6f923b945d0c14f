import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Level } from '../contract/kinds/index.js';
import type { PuzzleMeta } from '../engines/types.js';
import type { Kind } from '../kinds/index.js';
import { inKindLevelOrder } from '../kinds/order.js';
import { chunkRows } from './chunk.js';
import type { Db } from './client.js';
import { drawKeySql } from './draw-key.js';
import { benchmarkHistory, benchmarks, puzzles, submissions } from './schema.js';

export type BenchmarkRow = typeof benchmarks.$inferSelect;
export type NewBenchmarkRow = typeof benchmarks.$inferInsert;
export type BenchmarkChange = typeof benchmarkHistory.$inferInsert;

/** Every benchmark, in the registry's order of kinds and levels (easiest first). */
export async function listBenchmarks(db: Db): Promise<BenchmarkRow[]> {
  return inKindLevelOrder(await db.select().from(benchmarks).all());
}

/** Adds benchmarks that do not exist yet; an existing (perhaps calibrated) row is never changed. */
export async function insertMissingBenchmarks(db: Db, rows: readonly NewBenchmarkRow[]): Promise<void> {
  const chunks = chunkRows(rows, Object.keys(benchmarks).length);
  const [first, ...rest] = chunks.map((chunk) => db.insert(benchmarks).values(chunk).onConflictDoNothing());
  if (first) await db.batch([first, ...rest]);
}

/** The value a benchmark had when `day` began: the first change of that day records it, else the current value. */
export async function benchmarkAtDayStart(
  db: Db,
  kind: Kind,
  level: Level,
  day: string,
): Promise<number | undefined> {
  const first = await db
    .select({ oldSeconds: benchmarkHistory.oldSeconds })
    .from(benchmarkHistory)
    .where(
      and(eq(benchmarkHistory.kind, kind), eq(benchmarkHistory.level, level), eq(benchmarkHistory.day, day)),
    )
    .orderBy(benchmarkHistory.id)
    .limit(1)
    .get();
  return first?.oldSeconds;
}

/** A solve drawn for calibration, as stored: its counted time is in milliseconds of the whole puzzle. */
export interface DrawnSolve {
  id: number;
  countedMs: number;
  playerId: string;
  date: string;
  drawKey: number;
}

export interface CalibrationDraw {
  solves: DrawnSolve[];
  /** Each drawn date's puzzle facts (a per-move benchmark needs its shortest solution's length). */
  metaByDate: Map<string, PuzzleMeta>;
}

/**
 * Counted solves of a kind and level by players established when they solved: from each of `dates`, the
 * first `perDate` in the date's random draw (src/db/draw-key.ts), read in draw order straight from
 * `submissions_calibration`, so a date's size costs nothing and submitting early buys no place. Each date
 * is its own index range, all in one round trip with the dates' puzzle facts.
 */
export async function calibrationSamples(
  db: Db,
  kind: Kind,
  level: Level,
  dates: readonly string[],
  perDate: number,
): Promise<CalibrationDraw> {
  const drawKey = drawKeySql(submissions.id, submissions.puzzleDate);
  const ofDate = (date: string) =>
    db
      .select({
        id: submissions.id,
        countedMs: sql<number>`${submissions.countedMs}`,
        playerId: submissions.playerId,
        date: submissions.puzzleDate,
        drawKey: sql<number>`${drawKey}`,
      })
      .from(submissions)
      .where(
        and(
          eq(submissions.kind, kind),
          eq(submissions.level, level),
          eq(submissions.puzzleDate, date),
          sql`${submissions.counted} = 1 and ${submissions.established} = 1`,
          sql`${submissions.countedMs} > 0`,
        ),
      )
      .orderBy(drawKey)
      .limit(perDate);
  const metas = db
    .select({ date: puzzles.date, meta: puzzles.meta })
    .from(puzzles)
    .where(and(inArray(puzzles.date, [...dates]), eq(puzzles.kind, kind), eq(puzzles.level, level)));
  const [facts, ...draws] = await db.batch([metas, ...dates.map(ofDate)]);
  return { solves: draws.flat(), metaByDate: new Map(facts.map((f) => [f.date, f.meta])) };
}

/** Stores the learnt human floor and elite line of a kind and level (null: not learnt yet). */
export async function setLearnedRatios(
  db: Db,
  kind: Kind,
  level: Level,
  ratios: { floorRatio: number | null; eliteRatio: number | null },
): Promise<void> {
  await db
    .update(benchmarks)
    .set(ratios)
    .where(and(eq(benchmarks.kind, kind), eq(benchmarks.level, level)));
}

/**
 * Applies a calibration step and records it, atomically, with the newest sample it was based on: no later
 * run moves the benchmark again before a newer sample exists.
 */
export async function recordBenchmarkChange(
  db: Db,
  change: BenchmarkChange,
  calibratedThrough: number,
): Promise<void> {
  await db.batch([
    db
      .update(benchmarks)
      .set({ seconds: change.newSeconds, updatedAt: change.changedAt, calibratedThrough })
      .where(and(eq(benchmarks.kind, change.kind), eq(benchmarks.level, change.level))),
    db.insert(benchmarkHistory).values(change),
  ]);
}

export async function benchmarkHistoryOf(
  db: Db,
  kind: Kind,
  level: Level,
): Promise<(typeof benchmarkHistory.$inferSelect)[]> {
  return db
    .select()
    .from(benchmarkHistory)
    .where(and(eq(benchmarkHistory.kind, kind), eq(benchmarkHistory.level, level)))
    .orderBy(benchmarkHistory.id)
    .all();
}
