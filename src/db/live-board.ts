import { and, asc, eq, getTableName, sql } from 'drizzle-orm';
import { batch, type Statement } from './batch.js';
import type { Db } from './client.js';
import { jsonRowsInsert } from './json-rows-insert.js';
import { players, submissions } from './schema.js';
import type { AnsweredSolveFields, NewSubmissionRow, SubmissionRow } from './submissions.js';

/** A live board's ranked solve as the board keeps it: what it copies to D1, with `ranked` and `counted` decided. */
export type LiveSolveRow = NewSubmissionRow & { ranked: true; counted: boolean };

/** A flushed solve as D1 stored it: its id (D1's order) and whether it counts (a ban meanwhile: not). */
export interface StoredLiveSolve {
  id: number;
  playerId: string;
  counted: boolean;
}

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
 * Copies a board's solves to D1 as one statement for a flush's rows (the players checked in it, no read
 * first), in the order given (so that D1's ids keep the board's arrival order, which both ratings replay
 * in). Idempotent: a solve already there (the board's record of a flush was lost after D1 committed it)
 * hits the one-ranked-solve index and is skipped, so a replay adds nothing. A solve whose player is gone
 * (deleted meanwhile) is left out; one whose player was banned meanwhile is stored uncounted, as the ban
 * stored the player's other solves. Each statement reads as the solves it stored.
 */
export function insertLiveSolvesStatements(
  db: Db,
  rows: readonly LiveSolveRow[],
): Statement<StoredLiveSolve[]>[] {
  const p = getTableName(players);
  const stored = [submissions.id, submissions.playerId, submissions.counted];
  const inserts = jsonRowsInsert(db, submissions, rows, stored, {
    // `cross join`: the flush's rows stay the outer loop, so the insert seeks each player, never walks them all.
    join: (given) => `cross join "${p}" on "${p}"."${players.id.name}" = ${given(submissions.playerId)}`,
    columns: (given) =>
      new Map([
        [
          submissions.counted,
          `(${given(submissions.counted)} and "${p}"."${players.bannedAt.name}" is null)`,
        ],
      ]),
  });
  return inserts.map((insert) => ({
    statement: insert.statement,
    read: (result) =>
      insert.read(result).map((value) => {
        const [id, playerId, counted] = JSON.parse(String(value)) as [number, string, number];
        return { id, playerId, counted: counted === 1 };
      }),
  }));
}

/** `insertLiveSolvesStatements` run on its own: how many solves it stored. */
export async function insertLiveSolves(db: Db, rows: readonly LiveSolveRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await batch(db, insertLiveSolvesStatements(db, rows));
  return inserted.reduce((n, rows) => n + rows.length, 0);
}
