import { and, asc, eq, gt, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { ownSolve } from './ranked-solves.js';
import { puzzles, submissions } from './schema.js';

/** A ranked game not yet in its puzzle's rating: the solver's score and rating from before the game. */
export interface PendingGame {
  id: number;
  score: number;
  player: { rating: number; deviation: number };
}

/** The most games one update takes; any rest is taken by the next one. */
export const MAX_GAMES_PER_UPDATE = 200;

/** The puzzle's ranked games after its `rated_through`, oldest first (one index range). */
export function pendingGamesQuery(db: Db, puzzleId: string) {
  return db
    .select({
      id: submissions.id,
      score: sql<number>`coalesce(${submissions.score}, 0)`,
      player: {
        rating: sql<number>`coalesce(${submissions.ratingBefore}, 1500)`,
        // Rows from before deviation_before existed carry only the deviation after the game.
        deviation: sql<number>`coalesce(${submissions.deviationBefore}, ${submissions.deviationAfter}, 350)`,
      },
    })
    .from(submissions)
    .where(
      and(
        eq(submissions.puzzleId, puzzleId),
        sql`${submissions.ranked} = 1`,
        gt(submissions.id, sql`(select rated_through from puzzles where id = ${puzzleId})`),
      ),
    )
    .orderBy(asc(submissions.id))
    .limit(MAX_GAMES_PER_UPDATE);
}

/** A puzzle's new rating and the `rated_through` it was computed from: it applies only if that is still so. */
interface PuzzleRatingUpdate {
  id: string;
  rating: number;
  deviation: number;
  volatility: number;
  from: number;
}

/** The compare-and-set both updates share: on `rated_through` unchanged since the read, and `condition`. */
function setRatingIfUnchanged(db: Db, update: PuzzleRatingUpdate, through: number | SQL, condition: SQL) {
  return db
    .update(puzzles)
    .set({
      rating: update.rating,
      ratingDeviation: update.deviation,
      ratingVolatility: update.volatility,
      ratedThrough: through,
    })
    .where(and(eq(puzzles.id, update.id), eq(puzzles.ratedThrough, update.from), condition));
}

export interface PuzzleRatingAdvance extends PuzzleRatingUpdate {
  /** The last game the new rating includes. */
  through: number;
}

/**
 * Stores a puzzle's rating with the games after `from` up to `through` applied, if nobody has applied them
 * meanwhile; with nothing to apply it writes nothing.
 */
export function advancePuzzleRatingQuery(db: Db, advance: PuzzleRatingAdvance) {
  return setRatingIfUnchanged(db, advance, advance.through, lt(puzzles.ratedThrough, advance.through));
}

/** The rating a submission computed with its own game on top of the pending ones. */
export interface PuzzleRatingWithOwnGame extends PuzzleRatingUpdate {
  /** The last game applied before the submission's own (`from` when none was pending). */
  lastBefore: number;
  /** Whose ranked solve of this puzzle is the own game (its id is only known inside the write batch). */
  playerId: string;
}

/**
 * Stores a puzzle's rating through the submission's own game, in the submission's write batch, when that is
 * exact: nobody advanced the rating since it was read, and no other ranked game slipped in between the
 * pending ones and this one. Otherwise it writes nothing, and the pending-only update (or a later
 * submission, or the daily job) takes over.
 */
export function advanceWithOwnGameQuery(db: Db, advance: PuzzleRatingWithOwnGame) {
  const ownId = ownSolve(advance.id, advance.playerId, 'id');
  const newestBeforeOwn = sql`coalesce((select max(prior.id) from submissions prior
    where prior.puzzle_id = ${advance.id} and prior.ranked = 1 and prior.id < ${ownId}), 0)`;
  return setRatingIfUnchanged(db, advance, ownId, sql`${newestBeforeOwn} = ${advance.lastBefore}`);
}

export interface PuzzleRatingState {
  id: string;
  rating: number;
  ratingDeviation: number;
  ratingVolatility: number;
  ratedThrough: number;
}

/** Puzzles of `since` or later with ranked games their rating does not include yet. */
export async function puzzlesWithPendingGames(db: Db, since: string): Promise<PuzzleRatingState[]> {
  return db
    .select({
      id: puzzles.id,
      rating: puzzles.rating,
      ratingDeviation: puzzles.ratingDeviation,
      ratingVolatility: puzzles.ratingVolatility,
      ratedThrough: puzzles.ratedThrough,
    })
    .from(puzzles)
    .where(
      and(
        gte(puzzles.date, since),
        sql`exists (select 1 from submissions
          where submissions.puzzle_id = puzzles.id and submissions.ranked = 1
            and submissions.id > puzzles.rated_through)`,
      ),
    )
    .all();
}

export async function pendingGames(db: Db, puzzleId: string): Promise<PendingGame[]> {
  return pendingGamesQuery(db, puzzleId).all();
}

/** True when the update applied (false: someone else applied those games first, or there were none). */
export async function advancePuzzleRating(db: Db, advance: PuzzleRatingAdvance): Promise<boolean> {
  const result = await advancePuzzleRatingQuery(db, advance).run();
  return result.meta.changes > 0;
}
