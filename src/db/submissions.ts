import { and, eq, sql } from 'drizzle-orm';
import type { Kind } from '../kinds/index.js';
import type { Db } from './client.js';
import {
  advancePuzzleRatingQuery,
  advanceWithOwnGameQuery,
  type PendingGame,
  type PuzzleRatingAdvance,
  type PuzzleRatingWithOwnGame,
  pendingGamesQuery,
} from './puzzle-ratings.js';
import type { PuzzleRow } from './puzzles.js';
import { aheadQuery, isRanked, ownSolve, type RankedSolve, solversQuery } from './ranked-solves.js';
import { playerRatings, players, puzzles, submissions } from './schema.js';

export type SubmissionRow = typeof submissions.$inferSelect;
/** `ranked` is decided by which function stores the row. */
export type NewSubmissionRow = Omit<typeof submissions.$inferInsert, 'ranked' | 'id'>;
export type PlayerRatingRow = typeof playerRatings.$inferSelect;

function rankedQuery(db: Db, puzzleId: string, playerId: string) {
  return db
    .select()
    .from(submissions)
    .where(and(eq(submissions.puzzleId, puzzleId), eq(submissions.playerId, playerId), isRanked));
}

export async function findRankedSubmission(
  db: Db,
  puzzleId: string,
  playerId: string,
): Promise<SubmissionRow | undefined> {
  return rankedQuery(db, puzzleId, playerId).get();
}

export async function insertAttempt(db: Db, row: NewSubmissionRow): Promise<void> {
  await db.insert(submissions).values({ ...row, ranked: false });
}

/** The columns of a puzzle that judging and rating a submission use (not its answer, seed or grade). */
export type PuzzleToJudge = Pick<
  PuzzleRow,
  | 'id'
  | 'date'
  | 'kind'
  | 'level'
  | 'puzzle'
  | 'benchmarkSeconds'
  | 'rating'
  | 'ratingDeviation'
  | 'ratingVolatility'
  | 'ratedThrough'
>;

/** What a submission needs to know before judging, all read in one round trip. */
export interface SubmissionState {
  /** False when the token's player is unknown here (e.g. a token of another deployment with the same secret). */
  playerExists: boolean;
  /** Undefined until the puzzle is generated. */
  puzzle: PuzzleToJudge | undefined;
  /** The player's ranked solve of this puzzle, if any: a repeat gets its result back. */
  ranked: SubmissionRow | undefined;
  rating: PlayerRatingRow | undefined;
  /** Ranked games of the puzzle its rating does not include yet, oldest first: this submission applies them. */
  pendingGames: PendingGame[];
}

export async function submissionState(
  db: Db,
  puzzleId: string,
  playerId: string,
  kind: Kind,
): Promise<SubmissionState> {
  const [player, puzzle, ranked, rating, pending] = await db.batch([
    db.select({ id: players.id }).from(players).where(eq(players.id, playerId)).limit(1),
    db
      .select({
        id: puzzles.id,
        date: puzzles.date,
        kind: puzzles.kind,
        level: puzzles.level,
        puzzle: puzzles.puzzle,
        benchmarkSeconds: puzzles.benchmarkSeconds,
        rating: puzzles.rating,
        ratingDeviation: puzzles.ratingDeviation,
        ratingVolatility: puzzles.ratingVolatility,
        ratedThrough: puzzles.ratedThrough,
      })
      .from(puzzles)
      .where(eq(puzzles.id, puzzleId))
      .limit(1),
    rankedQuery(db, puzzleId, playerId).limit(1),
    db
      .select()
      .from(playerRatings)
      .where(and(eq(playerRatings.playerId, playerId), eq(playerRatings.kind, kind)))
      .limit(1),
    pendingGamesQuery(db, puzzleId),
  ]);
  return {
    playerExists: player.length > 0,
    puzzle: puzzle[0],
    ranked: ranked[0],
    rating: rating[0],
    pendingGames: pending,
  };
}

/** Where a ranked solve stands the moment it is stored, and the player's solved dates (for the streak). */
export interface Standing {
  rank: number;
  total: number;
  dates: string[];
}

export class AlreadyRankedError extends Error {
  override name = 'AlreadyRankedError';
}

/**
 * Stores a ranked solve and the player's new rating in one atomic batch, advances the puzzle's rating (through
 * this solve's own game when nothing raced it, else over the games that were pending, else not at all: the
 * games then wait for the next writer), and reads the solve's standing in the same round trip. The unique
 * partial index on (puzzle, player) makes a concurrent duplicate fail as a whole: then AlreadyRankedError,
 * and nothing changed.
 */
export async function recordRankedSolve(
  db: Db,
  solve: {
    submission: NewSubmissionRow;
    playerRating: PlayerRatingRow;
    puzzleRating: { withOwnGame: PuzzleRatingWithOwnGame; pendingOnly: PuzzleRatingAdvance };
  },
): Promise<{ row: SubmissionRow } & Standing> {
  const { submission, playerRating, puzzleRating } = solve;
  const countedMs = submission.countedMs ?? 0;
  try {
    const [inserted, , , , ahead, total, dates] = await db.batch([
      db
        .insert(submissions)
        .values({ ...submission, ranked: true })
        .returning(),
      db
        .insert(playerRatings)
        .values(playerRating)
        .onConflictDoUpdate({
          target: [playerRatings.playerId, playerRatings.kind],
          set: {
            rating: playerRating.rating,
            deviation: playerRating.deviation,
            volatility: playerRating.volatility,
            games: sql`${playerRatings.games} + 1`,
            updatedAt: playerRating.updatedAt,
          },
        }),
      // The second applies only if the first did not (it then finds rated_through moved).
      advanceWithOwnGameQuery(db, puzzleRating.withOwnGame),
      advancePuzzleRatingQuery(db, puzzleRating.pendingOnly),
      aheadQuery(db, {
        puzzleId: submission.puzzleId,
        countedMs,
        id: ownSolve(submission.puzzleId, submission.playerId, 'id'),
      }),
      solversQuery(db, submission.puzzleId),
      datesQuery(db, submission.playerId),
    ]);
    const row = inserted[0];
    if (!row) throw new Error('ranked submission insert returned no row');
    return {
      row,
      rank: (ahead[0]?.n ?? 0) + 1,
      total: total[0]?.n ?? 0,
      dates: dates.map((r) => r.date),
    };
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AlreadyRankedError('this puzzle already has a ranked solve by this player');
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if (e.message.includes('UNIQUE constraint failed')) return true;
  }
  return false;
}

/** Distinct puzzle dates of a player's ranked solves, newest first (enough for any streak we show). */
function datesQuery(db: Db, playerId: string, limit = 1000) {
  return db
    .selectDistinct({ date: submissions.puzzleDate })
    .from(submissions)
    .where(and(eq(submissions.playerId, playerId), isRanked))
    .orderBy(sql`${submissions.puzzleDate} desc`)
    .limit(limit);
}

export async function solvedDates(db: Db, playerId: string): Promise<string[]> {
  return (await datesQuery(db, playerId)).map((r) => r.date);
}

/** A ranked solve's rank and the player's solved dates (for the streak), in one round trip. */
export async function standingAfterSolve(
  db: Db,
  solve: RankedSolve & { playerId: string },
): Promise<Standing> {
  const [ahead, total, dates] = await db.batch([
    aheadQuery(db, solve),
    solversQuery(db, solve.puzzleId),
    datesQuery(db, solve.playerId),
  ]);
  return { rank: (ahead[0]?.n ?? 0) + 1, total: total[0]?.n ?? 0, dates: dates.map((r) => r.date) };
}
