import { and, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { Param } from './batch.js';
import type { Db } from './client.js';
import { puzzles, submissions } from './schema.js';

/** Ranked solves: the first valid solve of each player and puzzle (clean, flagged, approved or voided). */
export const isRanked = sql`${submissions.ranked} = 1`;

/**
 * Counted solves: ranked, clean or approved, by a player who is not banned. Boards, statistics, calibration
 * and both ratings see only these (every partial index but the one on `ranked` is on this).
 */
export const isCounted = sql`${submissions.counted} = 1`;

/**
 * A player's counted solve of a puzzle, as a condition. It says `ranked` too, which every counted solve is,
 * so that the unique index of ranked solves (puzzle, player) finds it in one seek: no other index leads
 * with both.
 */
export function ownCountedOf(puzzleId: Param<string>, playerId: Param<string>): SQL {
  return sql`${submissions.puzzleId} = ${puzzleId} and ${submissions.playerId} = ${playerId} and ${isRanked}
    and ${isCounted}`;
}

/**
 * A column of a player's ranked solve of a puzzle, as a subquery: for statements in the same batch as the
 * insert that creates the row, whose id is not known before the batch runs.
 */
export function ownSolve(puzzleId: Param<string>, playerId: Param<string>, column: 'id' | 'counted_ms'): SQL {
  return sql`(select own.${sql.raw(column)} from submissions own
    where own.puzzle_id = ${puzzleId} and own.player_id = ${playerId} and own.ranked = 1)`;
}

/** A counted solve's place in its puzzle's order; either part may be a subquery (`ownSolve`). */
export interface RankedSolve {
  puzzleId: Param<string>;
  countedMs: Param<number> | SQL;
  id: Param<number> | SQL;
}

/**
 * Whose solves a count reads: a FROM source and the condition that ties it to `submissions` (board-scope.ts
 * makes the scoped ones). Everyone's by default.
 */
export interface SolveSource {
  from: SQL;
  where?: SQL;
}

export const EVERYONE: SolveSource = { from: sql`${submissions}` };

/**
 * How many counted solves of the puzzle come before this one: faster, or as fast and submitted earlier.
 * `source` narrows who counts (a scope's players). Everyone's are counted as two ranges of the (puzzle,
 * time, id) index, so that only the solves ahead are read: with `or` SQLite reads the puzzle's whole
 * range, and with a row value `(time, id) < (…)` it tests every entry it reads against it again, which
 * doubles the cost. A scope's solves are found one player at a time, so one pass compares the row value.
 */
export function aheadQuery(db: Db, solve: RankedSolve, source: SolveSource = EVERYONE) {
  const onPuzzle = and(eq(submissions.puzzleId, solve.puzzleId), isCounted, source.where);
  const counted = (n: SQL<number>, ahead: SQL | undefined) =>
    db.select({ n }).from(source.from).where(and(onPuzzle, ahead));
  if (source !== EVERYONE) {
    const ahead = sql`(${submissions.countedMs}, ${submissions.id}) < (${solve.countedMs}, ${solve.id})`;
    return counted(sql<number>`count(*)`, ahead);
  }
  const asFastEarlier = and(eq(submissions.countedMs, solve.countedMs), lt(submissions.id, solve.id));
  const ties = counted(sql<number>`count(*)`, asFastEarlier);
  return counted(sql<number>`count(*) + (${ties})`, lt(submissions.countedMs, solve.countedMs));
}

/**
 * The puzzle's counted solvers, exact as of the statement: `games` counts those up to `rated_through`, and
 * the rest are the few its rating has not taken in yet. For a statement that reads `puzzles`.
 */
// Qualified by hand: drizzle leaves a single table's columns bare, and a bare `id` inside the subquery
// would name the subquery's own row.
export const countedSolvers = sql<number>`("puzzles"."games" + (select count(*) from submissions tail
  where tail.puzzle_id = "puzzles"."id" and tail.counted = 1 and tail.id > "puzzles"."rated_through"))`;

/**
 * A selected submission's rank among its puzzle's counted solves, null when it is not counted: as
 * aheadQuery counts them (two index ranges: faster, and as fast but earlier), correlated to the row.
 */
export const rankOfRow = sql<number | null>`case when ${submissions.counted} = 1 then
  (select count(*) from submissions o where o.puzzle_id = ${submissions.puzzleId}
    and o.counted = 1 and o.counted_ms < ${submissions.countedMs})
  + (select count(*) from submissions o where o.puzzle_id = ${submissions.puzzleId} and o.counted = 1
    and o.counted_ms = ${submissions.countedMs} and o.id < ${submissions.id}) + 1 end`;

/** The puzzle's counted solvers beside a selected submission, null when that one is not counted. */
export const solversOfRow = sql<
  number | null
>`case when ${submissions.counted} = 1 then ${countedSolvers} end`;

/**
 * How many counted solves the puzzle has among `source`. Everyone's come from the puzzle's counter
 * (`countedSolvers`: one row and a short tail) instead of counting the whole board; a scope's are counted.
 */
export function solversQuery(db: Db, puzzleId: Param<string>, source: SolveSource = EVERYONE) {
  if (source === EVERYONE) {
    return db.select({ n: countedSolvers }).from(puzzles).where(eq(puzzles.id, puzzleId));
  }
  return db
    .select({ n: sql<number>`count(*)` })
    .from(source.from)
    .where(and(eq(submissions.puzzleId, puzzleId), isCounted, source.where));
}
