import { and, asc, eq, gt, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { newRating } from '../rating/glicko2.js';
import type { PuzzleGame } from '../rating/weighted-games.js';
import { type Param, type Params, settable } from './batch.js';
import type { Db } from './client.js';
import { isCounted, ownSolve } from './ranked-solves.js';
import { puzzles, submissions } from './schema.js';

/** A counted game not yet in its puzzle's rating, as the puzzle plays it. */
export interface PendingPuzzleGame extends PuzzleGame {
  id: number;
}

/** The most games one update takes; any rest is taken by the next one. */
export const MAX_GAMES_PER_UPDATE = 200;

/** The puzzle's counted games after its `rated_through`, oldest first (one index range). */
export function pendingPuzzleGamesQuery(db: Db, puzzleId: Param<string>) {
  return db
    .select({
      id: submissions.id,
      score: sql<number>`coalesce(${submissions.score}, 0)`,
      solver: {
        rating: sql<number>`coalesce(${submissions.ratingBefore}, 1500)`,
        deviation: sql<number>`coalesce(${submissions.deviationBefore}, ${submissions.deviationAfter}, 350)`,
      },
      puzzleWeight: sql<number>`coalesce(${submissions.puzzleWeight}, 0)`,
    })
    .from(submissions)
    .where(
      and(
        eq(submissions.puzzleId, puzzleId),
        isCounted,
        gt(submissions.id, sql`(select rated_through from puzzles where id = ${puzzleId})`),
      ),
    )
    .orderBy(asc(submissions.id))
    .limit(MAX_GAMES_PER_UPDATE);
}

export async function pendingPuzzleGames(db: Db, puzzleId: string): Promise<PendingPuzzleGame[]> {
  return pendingPuzzleGamesQuery(db, puzzleId).all();
}

/** A puzzle's rating as stored, with what a writer compares and sets. */
export interface PuzzleRatingState {
  id: string;
  rating: number;
  ratingDeviation: number;
  ratingVolatility: number;
  ratedThrough: number;
  establishedGames: number;
  ratingVersion: number;
}

/** A new rating for a puzzle, computed from the state whose version was `version`. */
export interface PuzzleRatingUpdate {
  id: string;
  rating: number;
  deviation: number;
  volatility: number;
  establishedGames: number;
  version: number;
}

/**
 * The compare-and-set every writer of a puzzle's rating shares: on the version read, and `condition`. The
 * solves it takes in are counted as it writes (SET reads the row as it was), so `games` stays the number of
 * counted solves up to `rated_through`.
 */
function setIfUnchanged(
  db: Db,
  update: Params<PuzzleRatingUpdate>,
  through: Param<number> | SQL,
  condition?: SQL,
) {
  const taken = sql`(select count(*) from submissions taken where taken.puzzle_id = ${puzzles.id}
    and taken.counted = 1 and taken.id > ${puzzles.ratedThrough} and taken.id <= ${through})`;
  return db
    .update(puzzles)
    .set({
      rating: settable(update.rating),
      ratingDeviation: settable(update.deviation),
      ratingVolatility: settable(update.volatility),
      establishedGames: settable(update.establishedGames),
      games: sql`${puzzles.games} + ${taken}`,
      ratedThrough: settable(through),
      ratingVersion: sql`${puzzles.ratingVersion} + 1`,
    })
    .where(and(eq(puzzles.id, update.id), eq(puzzles.ratingVersion, update.version), condition));
}

/**
 * Stores a puzzle's rating with games up to `through` applied, if nobody has written it meanwhile; with
 * nothing to apply (`through` not past the stored `rated_through`) it writes nothing.
 */
export function advancePuzzleRatingQuery(db: Db, update: PuzzleRatingUpdate & { through: number }) {
  return setIfUnchanged(db, update, update.through, lt(puzzles.ratedThrough, update.through));
}

/** The rating a submission computed with its own game on top of the pending ones. */
export interface PuzzleRatingWithOwnGame extends PuzzleRatingUpdate {
  /** The last game applied before the submission's own (the stored `rated_through` when none was pending). */
  lastBefore: number;
  /** Whose ranked solve of this puzzle is the own game (its id is only known inside the write batch). */
  playerId: string;
}

/**
 * Stores a puzzle's rating through the submission's own game, in the submission's write batch, when that is
 * exact: nobody wrote the rating since it was read, and no other counted game slipped in between the
 * pending ones and this one. Otherwise it writes nothing and the game waits for the next writer.
 */
export function advanceWithOwnGameQuery(db: Db, update: Params<PuzzleRatingWithOwnGame>) {
  const ownId = ownSolve(update.id, update.playerId, 'id');
  const newestBeforeOwn = sql`coalesce((select max(prior.id) from submissions prior
    where prior.puzzle_id = ${update.id} and prior.counted = 1 and prior.id < ${ownId}), 0)`;
  return setIfUnchanged(db, update, ownId, sql`${newestBeforeOwn} = ${update.lastBefore}`);
}

/**
 * Stores a puzzle's rating with a board's flushed games applied, in the flush's batch after its insert, when
 * that is exact: nobody wrote the rating since the board's last flush (`version`), and the counted games
 * after `rated_through` are as many as the board played (none missing, none it played left uncounted, as a
 * ban meanwhile leaves them). Reads as the state it stored, or nothing (the games wait for a catch-up).
 */
export function advanceWithFlushQuery(db: Db, update: PuzzleRatingUpdate & { games: number }) {
  const through = sql`(select max(flushed.id) from submissions flushed
    where flushed.puzzle_id = ${update.id} and flushed.counted = 1)`;
  const waiting = sql`(select count(*) from submissions flushed where flushed.puzzle_id = ${update.id}
    and flushed.counted = 1 and flushed.id > ${puzzles.ratedThrough})`;
  return setIfUnchanged(db, update, through, sql`${waiting} = ${update.games}`).returning(ratingStateColumns);
}

/**
 * Stores a puzzle's rating with the games a desk shard reported applied, when that is exact: nobody wrote
 * the rating since it was read (`version`), and the counted games after `rated_through` up to `through`
 * are the reported ones, as many (none of another shard's flush before them, none left uncounted).
 * Reads as the state it stored, or nothing (shard 0 then catches up from D1).
 */
export function advanceWithReportedQuery(
  db: Db,
  update: PuzzleRatingUpdate & { through: number; games: number },
) {
  const taken = sql`(select count(*) from submissions reported where reported.puzzle_id = ${update.id}
    and reported.counted = 1 and reported.id > ${puzzles.ratedThrough} and reported.id <= ${update.through})`;
  return setIfUnchanged(db, update, update.through, sql`${taken} = ${update.games}`).returning(
    ratingStateColumns,
  );
}

/** True when the update applied (false: someone else wrote the rating first). */
export async function advancePuzzleRating(
  db: Db,
  update: PuzzleRatingUpdate & { through: number },
): Promise<boolean> {
  const result = await advancePuzzleRatingQuery(db, update).run();
  return result.meta.changes > 0;
}

/** The columns of a puzzle's rating state (`PuzzleRatingState`). */
export const ratingStateColumns = {
  id: puzzles.id,
  rating: puzzles.rating,
  ratingDeviation: puzzles.ratingDeviation,
  ratingVolatility: puzzles.ratingVolatility,
  ratedThrough: puzzles.ratedThrough,
  establishedGames: puzzles.establishedGames,
  ratingVersion: puzzles.ratingVersion,
};

export async function puzzleRatingState(db: Db, puzzleId: string): Promise<PuzzleRatingState | undefined> {
  return db.select(ratingStateColumns).from(puzzles).where(eq(puzzles.id, puzzleId)).get();
}

/** Puzzles with counted games that their rating does not include yet. */
export async function puzzlesWithPendingGames(db: Db): Promise<PuzzleRatingState[]> {
  return db
    .select(ratingStateColumns)
    .from(puzzles)
    .where(
      sql`exists (select 1 from submissions
        where submissions.puzzle_id = puzzles.id and submissions.counted = 1
          and submissions.id > puzzles.rated_through)`,
    )
    .all();
}

/**
 * Sets puzzles back to a new puzzle's rating with no game applied, so that their counted games are replayed
 * in order from the start (after a solve of theirs was approved, voided or its player banned).
 */
export function resetPuzzleRatingsQuery(db: Db, puzzleIds: readonly string[] | SQL) {
  const fresh = newRating();
  return db
    .update(puzzles)
    .set({
      rating: fresh.rating,
      ratingDeviation: fresh.deviation,
      ratingVolatility: fresh.volatility,
      ratedThrough: 0,
      establishedGames: 0,
      games: 0,
      ratingVersion: sql`${puzzles.ratingVersion} + 1`,
    })
    .where(
      Array.isArray(puzzleIds) ? inArray(puzzles.id, [...puzzleIds]) : sql`${puzzles.id} in ${puzzleIds}`,
    );
}
