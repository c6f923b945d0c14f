import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Level } from '../engines/types.js';
import type { Kind } from '../kinds/index.js';
import type { Db } from './client.js';
import {
  advanceWithOwnGameQuery as advancePlayerWithOwnGameQuery,
  type PendingPlayerGame,
  type PlayerRatingRow,
  type PlayerRatingUpdate,
  pendingPlayerGamesQuery,
  playerDatesQuery,
  playerRatingQuery,
  ratingsAfterQuery,
} from './player-ratings.js';
import {
  advancePuzzleRatingQuery,
  advanceWithOwnGameQuery as advancePuzzleWithOwnGameQuery,
  type PendingPuzzleGame,
  type PuzzleRatingUpdate,
  type PuzzleRatingWithOwnGame,
  pendingPuzzleGamesQuery,
} from './puzzle-ratings.js';
import type { PuzzleRow } from './puzzles.js';
import {
  aheadQuery,
  isCounted,
  isRanked,
  ownSolve,
  type RankedSolve,
  solversQuery,
} from './ranked-solves.js';
import { benchmarks, players, playerTokens, playSessions, puzzles, submissions } from './schema.js';
import type { SessionRow } from './sessions.js';
import { tokenHeld } from './tokens.js';

export type SubmissionRow = typeof submissions.$inferSelect;
/** `ranked` and `counted` are decided by which function stores the row. */
export type NewSubmissionRow = Omit<typeof submissions.$inferInsert, 'ranked' | 'counted' | 'id'>;

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
  await db.insert(submissions).values({ ...row, ranked: false, counted: false });
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
  | 'establishedGames'
  | 'ratingVersion'
>;

/** What a submission needs to know before judging, all read in one round trip. */
export interface SubmissionState {
  /**
   * Undefined when the token is not one the player holds (revoked), or its player is unknown here (deleted,
   * or a token of another deployment with the same secret).
   */
  player: { id: string; timeZone: string | null; bannedAt: string | null } | undefined;
  /** Undefined until the puzzle is generated. */
  puzzle: PuzzleToJudge | undefined;
  /** Undefined until the player has fetched the puzzle with its token. */
  session: SessionRow | undefined;
  /** The player's ranked solve of this puzzle, if any: a repeat gets its result back. */
  ranked: SubmissionRow | undefined;
  rating: PlayerRatingRow | undefined;
  /** Counted games of the puzzle its rating does not include yet, oldest first: this submission applies them. */
  pendingPuzzleGames: PendingPuzzleGame[];
  /** The same for the player's rating of the kind (normally none: only concurrent solves leave some). */
  pendingPlayerGames: PendingPlayerGame[];
  /** Distinct dates of the player's counted games of the kind, as many as standing needs. */
  dates: string[];
  /** The learnt human floor of the kind and level, as a multiple of the benchmark; null until learnt. */
  floorRatio: number | null;
  /** The player's streak already has the puzzle's date (from a solve of another of its puzzles). */
  streakDateTaken: boolean;
}

/** The date part of a `DATE:KIND:LEVEL` puzzle id. */
function puzzleDateOf(puzzleId: string): string {
  return puzzleId.slice(0, puzzleId.indexOf(':'));
}

export async function submissionState(
  db: Db,
  puzzleId: string,
  { playerId, tokenId }: { playerId: string; tokenId: string },
  kind: Kind,
  level: Level,
): Promise<SubmissionState> {
  const [player, puzzle, session, ranked, rating, pendingPuzzle, pendingPlayer, dates, floor, taken] =
    await db.batch([
      db
        .select({ id: players.id, timeZone: players.timeZone, bannedAt: players.bannedAt })
        .from(players)
        .innerJoin(playerTokens, eq(playerTokens.playerId, players.id))
        .where(tokenHeld(playerId, tokenId))
        .limit(1),
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
          establishedGames: puzzles.establishedGames,
          ratingVersion: puzzles.ratingVersion,
        })
        .from(puzzles)
        .where(eq(puzzles.id, puzzleId))
        .limit(1),
      db
        .select()
        .from(playSessions)
        .where(and(eq(playSessions.playerId, playerId), eq(playSessions.puzzleId, puzzleId)))
        .limit(1),
      rankedQuery(db, puzzleId, playerId).limit(1),
      playerRatingQuery(db, playerId, kind),
      pendingPuzzleGamesQuery(db, puzzleId),
      pendingPlayerGamesQuery(db, playerId, kind),
      playerDatesQuery(db, playerId, kind),
      db
        .select({ floorRatio: benchmarks.floorRatio })
        .from(benchmarks)
        .where(and(eq(benchmarks.kind, kind), eq(benchmarks.level, level)))
        .limit(1),
      db
        .select({ id: submissions.id })
        .from(submissions)
        .where(
          and(
            eq(submissions.playerId, playerId),
            isCounted,
            eq(submissions.streakDate, puzzleDateOf(puzzleId)),
          ),
        )
        .limit(1),
    ]);
  return {
    player: player[0],
    puzzle: puzzle[0],
    session: session[0],
    ranked: ranked[0],
    rating: rating[0],
    pendingPuzzleGames: pendingPuzzle,
    pendingPlayerGames: pendingPlayer,
    dates: dates.map((r) => r.date),
    floorRatio: floor[0]?.floorRatio ?? null,
    streakDateTaken: taken.length > 0,
  };
}

/** Where a counted solve stands the moment it is stored, and the player's streak dates. */
export interface Standing {
  rank: number;
  total: number;
  dates: string[];
}

export class AlreadyRankedError extends Error {
  override name = 'AlreadyRankedError';
}

/** A clean solve and everything it moves, computed from the state read before. */
export interface CleanSolve {
  submission: NewSubmissionRow;
  player: PlayerRatingUpdate & { exists: boolean; lastBefore: number };
  /** The pending games the player's new rating includes, with the rating each left (history). */
  playerGamesAfter: { id: number; rating: number; deviation: number }[];
  puzzle: {
    withOwnGame: PuzzleRatingWithOwnGame;
    /** The pending games alone, for when the own game cannot apply; absent when none were pending. */
    pendingOnly?: PuzzleRatingUpdate & { through: number };
  };
}

/**
 * Stores a clean solve, the player's and the puzzle's new ratings (each only when exact: see the queries),
 * and reads the solve's standing, in one atomic batch. `playerRated` is false when a concurrent solve of
 * the same kind by the same player got there first: the game then waits for a catch-up. The unique partial
 * index on (puzzle, player) makes a concurrent duplicate fail as a whole: then AlreadyRankedError, and
 * nothing changed.
 */
export async function recordCleanSolve(
  db: Db,
  solve: CleanSolve,
): Promise<{ row: SubmissionRow; playerRated: boolean } & Standing> {
  const { submission, player, puzzle } = solve;
  const countedMs = submission.countedMs ?? 0;
  const own = {
    puzzleId: submission.puzzleId,
    countedMs,
    id: ownSolve(submission.puzzleId, submission.playerId, 'id'),
  };
  // Statements that would change nothing are left out: most solves have no pending games.
  const pending = [
    ...(solve.playerGamesAfter.length > 0 ? [ratingsAfterQuery(db, solve.playerGamesAfter)] : []),
    // Applies only if the own game's update did not (it then finds the version moved).
    ...(puzzle.pendingOnly ? [advancePuzzleRatingQuery(db, puzzle.pendingOnly)] : []),
  ];
  try {
    const [inserted, playerRated, , ahead, total, dates] = await db.batch([
      db
        .insert(submissions)
        .values({ ...submission, ranked: true, counted: true })
        .returning(),
      advancePlayerWithOwnGameQuery(db, { ...player, puzzleId: submission.puzzleId }),
      advancePuzzleWithOwnGameQuery(db, puzzle.withOwnGame),
      aheadQuery(db, own),
      solversQuery(db, submission.puzzleId),
      streakDatesQuery(db, submission.playerId),
      ...pending,
    ]);
    const row = inserted[0];
    if (!row) throw new Error('ranked submission insert returned no row');
    return {
      row,
      playerRated: playerRated.length > 0,
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

/** Stores a flagged solve: ranked (so it cannot be retried into a clean one), counted nowhere. */
export async function recordFlaggedSolve(db: Db, submission: NewSubmissionRow): Promise<SubmissionRow> {
  try {
    const row = await db
      .insert(submissions)
      .values({ ...submission, ranked: true, counted: false })
      .returning()
      .get();
    return row;
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

/** Distinct streak dates of a player's counted solves, newest first (enough for any streak we show). */
function streakDatesQuery(db: Db, playerId: string, limit = 1000) {
  return db
    .selectDistinct({ date: sql<string>`${submissions.streakDate}` })
    .from(submissions)
    .where(and(eq(submissions.playerId, playerId), isCounted, isNotNull(submissions.streakDate)))
    .orderBy(desc(submissions.streakDate))
    .limit(limit);
}

export async function streakDates(db: Db, playerId: string): Promise<string[]> {
  return (await streakDatesQuery(db, playerId)).map((r) => r.date);
}

/** A counted solve's rank, the player's streak dates and standing in the kind, in one round trip. */
export async function standingAfterSolve(
  db: Db,
  solve: RankedSolve & { playerId: string; kind: Kind },
): Promise<Standing & { established: boolean }> {
  const [ahead, total, dates, rating] = await db.batch([
    aheadQuery(db, solve),
    solversQuery(db, solve.puzzleId),
    streakDatesQuery(db, solve.playerId),
    playerRatingQuery(db, solve.playerId, solve.kind),
  ]);
  return {
    rank: (ahead[0]?.n ?? 0) + 1,
    total: total[0]?.n ?? 0,
    dates: dates.map((r) => r.date),
    established: rating[0]?.established ?? false,
  };
}
