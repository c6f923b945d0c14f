import { and, asc, eq, sql } from 'drizzle-orm';
import type { Level } from '../engines/types.js';
import type { Kind } from '../kinds/index.js';
import { inKindLevelOrder } from '../kinds/order.js';
import type { CalibrationSample } from '../rating/calibration.js';
import { chunkRows } from './chunk.js';
import type { Db } from './client.js';
import { benchmarkHistory, benchmarks, submissions } from './schema.js';

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

/**
 * Counted solves of a kind and level by players established when they solved, as multiples of the
 * benchmark each was scored against (the unit calibration works in, whatever the benchmark's own unit), each
 * with its player and date: at most `perDate` from each of `dates` (a date's earliest solves), in the order
 * of `dates`. Each date is its own index range, all in one round trip, so a busy date cannot crowd the
 * others out of the sample.
 */
export async function calibrationSamples(
  db: Db,
  kind: Kind,
  level: Level,
  dates: readonly string[],
  perDate: number,
): Promise<CalibrationSample[]> {
  const ofDate = (date: string) =>
    db
      .select({
        ratio: sql<number>`${submissions.countedMs} / 1000.0 / ${submissions.benchmarkSeconds}`,
        playerId: submissions.playerId,
        date: submissions.puzzleDate,
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
      .orderBy(asc(submissions.id))
      .limit(perDate);
  const [first, ...rest] = dates.map(ofDate);
  if (!first) return [];
  return (await db.batch([first, ...rest])).flat();
}

/** Stores the learnt human floor of a kind and level (null: not learnt yet). */
export async function setFloorRatio(
  db: Db,
  kind: Kind,
  level: Level,
  floorRatio: number | null,
): Promise<void> {
  await db
    .update(benchmarks)
    .set({ floorRatio })
    .where(and(eq(benchmarks.kind, kind), eq(benchmarks.level, level)));
}

/** Applies a calibration step and records it, atomically. */
export async function recordBenchmarkChange(db: Db, change: BenchmarkChange): Promise<void> {
  await db.batch([
    db
      .update(benchmarks)
      .set({ seconds: change.newSeconds, updatedAt: change.changedAt })
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
