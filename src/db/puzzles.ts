import { eq, inArray } from 'drizzle-orm';
import { inKindLevelOrder } from '../kinds/order.js';
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
