import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Kind } from '../engines/types.js';
import type { Db } from './client.js';
import { playerRatings, puzzles, submissions } from './schema.js';

export type SubmissionRow = typeof submissions.$inferSelect;
/** `ranked` is decided by which function stores the row. */
export type NewSubmissionRow = Omit<typeof submissions.$inferInsert, 'ranked' | 'id'>;
export type PlayerRatingRow = typeof playerRatings.$inferSelect;

const isRanked = sql`${submissions.ranked} = 1`;

export async function findRankedSubmission(
  db: Db,
  puzzleId: string,
  playerId: string,
): Promise<SubmissionRow | undefined> {
  return db
    .select()
    .from(submissions)
    .where(and(eq(submissions.puzzleId, puzzleId), eq(submissions.playerId, playerId), isRanked))
    .get();
}

export async function insertAttempt(db: Db, row: NewSubmissionRow): Promise<void> {
  await db.insert(submissions).values({ ...row, ranked: false });
}

export async function findPlayerRating(
  db: Db,
  playerId: string,
  kind: Kind,
): Promise<PlayerRatingRow | undefined> {
  return db
    .select()
    .from(playerRatings)
    .where(and(eq(playerRatings.playerId, playerId), eq(playerRatings.kind, kind)))
    .get();
}

export class AlreadyRankedError extends Error {
  override name = 'AlreadyRankedError';
}

/**
 * Stores a ranked solve with both rating updates in one atomic batch. The unique partial index on
 * (puzzle, player) makes a concurrent duplicate fail as a whole: then AlreadyRankedError, and nothing changed.
 */
export async function recordRankedSolve(
  db: Db,
  solve: {
    submission: NewSubmissionRow;
    playerRating: PlayerRatingRow;
    puzzleRating: { id: string; rating: number; deviation: number; volatility: number };
  },
): Promise<SubmissionRow> {
  const { playerRating, puzzleRating } = solve;
  try {
    const [inserted] = await db.batch([
      db
        .insert(submissions)
        .values({ ...solve.submission, ranked: true })
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
      db
        .update(puzzles)
        .set({
          rating: puzzleRating.rating,
          ratingDeviation: puzzleRating.deviation,
          ratingVolatility: puzzleRating.volatility,
        })
        .where(eq(puzzles.id, puzzleRating.id)),
    ]);
    const row = inserted[0];
    if (!row) throw new Error('ranked submission insert returned no row');
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

/** 1-based rank of a ranked solve on its puzzle (ties by earlier submission) and how many ranked solves exist. */
export async function rankOnPuzzle(
  db: Db,
  solve: { puzzleId: string; countedMs: number; id: number },
): Promise<{ rank: number; total: number }> {
  const ahead = or(
    lt(submissions.countedMs, solve.countedMs),
    and(eq(submissions.countedMs, solve.countedMs), lt(submissions.id, solve.id)),
  );
  const [aheadRow, totalRow] = await db.batch([
    db
      .select({ n: sql<number>`count(*)` })
      .from(submissions)
      .where(and(eq(submissions.puzzleId, solve.puzzleId), isRanked, ahead)),
    db
      .select({ n: sql<number>`count(*)` })
      .from(submissions)
      .where(and(eq(submissions.puzzleId, solve.puzzleId), isRanked)),
  ]);
  return { rank: (aheadRow[0]?.n ?? 0) + 1, total: totalRow[0]?.n ?? 0 };
}

/** The distinct puzzle dates a player has a ranked solve on, newest first (enough for any streak we show). */
export async function solvedDates(db: Db, playerId: string, limit = 1000): Promise<string[]> {
  const rows = await db
    .selectDistinct({ date: submissions.puzzleDate })
    .from(submissions)
    .where(and(eq(submissions.playerId, playerId), isRanked))
    .orderBy(sql`${submissions.puzzleDate} desc`)
    .limit(limit)
    .all();
  return rows.map((r) => r.date);
}
