import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { batch } from './batch.js';
import type { Db } from './client.js';
import { jsonRowsInsert } from './json-rows-insert.js';
import { players, submissions } from './schema.js';
import type { AnsweredSolveFields, NewSubmissionRow, SubmissionRow } from './submissions.js';

/** A live board's ranked solve as the board keeps it: what it copies to D1, with `ranked` and `counted` decided. */
export type LiveSolveRow = NewSubmissionRow & { ranked: true; counted: boolean };

/** What a board answers a repeat with, and ranks by: the parts of a ranked solve it keeps for D1's rows. */
export type RankedSolveFields = AnsweredSolveFields & Pick<SubmissionRow, 'id' | 'playerId' | 'streakDate'>;

/** The puzzle's ranked solves in D1, in submission order: what a board starts from when D1 has some already. */
export async function rankedSolvesOf(db: Db, puzzleId: string): Promise<RankedSolveFields[]> {
  return db
    .select({
      id: submissions.id,
      playerId: submissions.playerId,
      status: submissions.status,
      counted: submissions.counted,
      countedMs: submissions.countedMs,
      capped: submissions.capped,
      score: submissions.score,
      ratingBefore: submissions.ratingBefore,
      ratingAfter: submissions.ratingAfter,
      deviationAfter: submissions.deviationAfter,
      streakDate: submissions.streakDate,
    })
    .from(submissions)
    .where(and(eq(submissions.puzzleId, puzzleId), sql`${submissions.ranked} = 1`))
    .orderBy(asc(submissions.id));
}

/**
 * Copies a board's solves to D1 in one atomic batch (one statement for a flush's rows), in the order given
 * (so that D1's ids keep the board's arrival order, which both ratings replay in). Idempotent: a solve already there (the board's record of
 * a flush was lost after D1 committed it) hits the one-ranked-solve index and is skipped, so a replay adds
 * nothing. A solve whose player is gone (deleted meanwhile) is left out; one whose player was banned
 * meanwhile is stored uncounted, as the ban stored the player's other solves.
 */
export async function insertLiveSolves(db: Db, rows: readonly LiveSolveRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const ids = [...new Set(rows.map((r) => r.playerId))];
  const known = await db
    .select({ id: players.id, bannedAt: players.bannedAt })
    .from(players)
    .where(inArray(players.id, ids));
  const banned = new Map(known.map((p) => [p.id, p.bannedAt !== null]));
  const stored = rows.flatMap((row) => {
    const isBanned = banned.get(row.playerId);
    return isBanned === undefined ? [] : [{ ...row, counted: row.counted && !isBanned }];
  });
  if (stored.length === 0) return 0;
  const inserted = await batch(db, jsonRowsInsert(db, submissions, stored));
  return inserted.reduce((n, rows) => n + rows.length, 0);
}
