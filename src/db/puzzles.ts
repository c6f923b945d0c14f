import { and, asc, eq, gt, gte, inArray, lt, lte, max, sql } from 'drizzle-orm';
import type { Level } from '../contract/kinds/index.js';
import type { Kind } from '../kinds/index.js';
import { inKindLevelOrder } from '../kinds/order.js';
import { type NewAdminAction, recordAdminActionQuery } from './audit-log.js';
import { chunkRows } from './chunk.js';
import type { Db } from './client.js';
import { puzzles } from './schema.js';

export type PuzzleRow = typeof puzzles.$inferSelect;
export type NewPuzzleRow = typeof puzzles.$inferInsert;

const INSERT_COLUMNS = Object.keys(puzzles).length;

/**
 * Inserts puzzles, ignoring any that exist already: generation is deterministic, so a concurrent or repeated
 * run would insert identical rows. Returns how many rows were new. All chunks go in one atomic batch.
 */
export async function insertPuzzles(db: Db, rows: readonly NewPuzzleRow[]): Promise<number> {
  const chunks = chunkRows(rows, INSERT_COLUMNS);
  const [first, ...rest] = chunks.map((chunk) => db.insert(puzzles).values(chunk).onConflictDoNothing());
  if (!first) return 0;
  const results = await db.batch([first, ...rest]);
  return results.reduce((sum, r) => sum + (r.meta.changes ?? 0), 0);
}

export async function findPuzzle(db: Db, id: string): Promise<PuzzleRow | undefined> {
  return db.select().from(puzzles).where(eq(puzzles.id, id)).get();
}

/** A date's puzzles in the registry's order: kinds as registered, each kind's levels easiest first. */
export async function listPuzzlesOfDate(db: Db, date: string): Promise<PuzzleRow[]> {
  return inKindLevelOrder(await db.select().from(puzzles).where(eq(puzzles.date, date)).all());
}

/** Each puzzle's number of board shards (`board_shards`), for the puzzles of `ids` that exist. */
export async function boardShardsOf(db: Db, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: puzzles.id, boardShards: puzzles.boardShards })
    .from(puzzles)
    .where(inArray(puzzles.id, [...ids]))
    .all();
  return new Map(rows.map((r) => [r.id, r.boardShards]));
}

export async function existingPuzzleIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: puzzles.id })
    .from(puzzles)
    .where(inArray(puzzles.id, [...ids]))
    .all();
  return new Set(rows.map((r) => r.id));
}

/**
 * The busiest minute of ranked solves (`peak_solves_per_minute`) of each kind and level over the puzzles of
 * the dates from `from` up to, not including, `before`; keyed `kind:level`, only those that had solves.
 */
export async function peakSolvesOf(
  db: Db,
  { from, before }: { from: string; before: string },
): Promise<Map<`${Kind}:${Level}`, number>> {
  const rows = await db
    .select({ kind: puzzles.kind, level: puzzles.level, peak: max(puzzles.peakSolvesPerMinute) })
    .from(puzzles)
    .where(and(gte(puzzles.date, from), lt(puzzles.date, before)))
    .groupBy(puzzles.kind, puzzles.level)
    .all();
  return new Map(rows.filter((r) => (r.peak ?? 0) > 0).map((r) => [`${r.kind}:${r.level}`, r.peak ?? 0]));
}

/** Raises a puzzle's busiest minute to `perMinute` when that is more than it holds (a board's flush). */
export function raisePeakSolvesQuery(db: Db, id: string, perMinute: number) {
  return db
    .update(puzzles)
    .set({ peakSolvesPerMinute: sql`max(${puzzles.peakSolvesPerMinute}, ${perMinute})` })
    .where(eq(puzzles.id, id));
}

export async function raisePeakSolves(db: Db, id: string, perMinute: number): Promise<void> {
  await raisePeakSolvesQuery(db, id, perMinute);
}

/** The puzzles of the dates after `after`, up to `through`, in date order, each date in the registry's order. */
export async function puzzlesAfter(db: Db, after: string, through: string): Promise<PuzzleRow[]> {
  const rows = await db
    .select()
    .from(puzzles)
    .where(and(gt(puzzles.date, after), lte(puzzles.date, through)))
    .orderBy(asc(puzzles.date))
    .all();
  const dates = [...new Set(rows.map((r) => r.date))];
  return dates.flatMap((date) => inKindLevelOrder(rows.filter((r) => r.date === date)));
}

/** What a reroll replaces of a puzzle: everything the engine made from the new attempt's seed. */
export type Rerolled = Pick<
  PuzzleRow,
  | 'seed'
  | 'engineVersion'
  | 'puzzle'
  | 'publicPuzzle'
  | 'answer'
  | 'difficulty'
  | 'meta'
  | 'benchmarkSeconds'
  | 'attempt'
>;

/**
 * Replaces a puzzle with a reroll, only if it is still the attempt it was read at (two owners rerolling at
 * once make one reroll), then audits it. Returns the new row, or undefined (nothing audited) when it had
 * moved on.
 */
export async function replacePuzzle(
  db: Db,
  id: string,
  fromAttempt: number,
  rerolled: Rerolled,
  audit: NewAdminAction,
): Promise<PuzzleRow | undefined> {
  const [updated] = await db
    .update(puzzles)
    .set(rerolled)
    .where(and(eq(puzzles.id, id), eq(puzzles.attempt, fromAttempt)))
    .returning();
  if (updated) await recordAdminActionQuery(db, audit);
  return updated;
}
