import { and, asc, desc, eq, lt, sql } from 'drizzle-orm';
import type { Kind } from '../kinds/index.js';
import { type AdminActionRow, type NewAdminAction, recordAdminActionQuery } from './audit-log.js';
import type { Db } from './client.js';
import { lowerRecordsQuery } from './lines.js';
import { resetPlayerRatingQuery } from './player-ratings.js';
import { resetPuzzleRatingsQuery } from './puzzle-ratings.js';
import { isRanked } from './ranked-solves.js';
import { adminActions, players, type SolveStatus, submissions } from './schema.js';
import type { SubmissionRow } from './submissions.js';

/** Where a page of the review queue ends: the places of its last solve, and its id. */
export interface HeldCursor {
  places: number;
  id: number;
}

/**
 * The public places a held solve would take if approved now: the counted solves of its puzzle it would
 * go ahead of (slower ones, and as fast ones submitted after it).
 */
const placesTaken = sql<number>`(select count(*) from submissions o
  where o.puzzle_id = ${submissions.puzzleId} and o.counted = 1
  and (o.counted_ms > ${submissions.countedMs} or (o.counted_ms = ${submissions.countedMs} and o.id > ${submissions.id})))`;

/** A solve of a puzzle as placed on its board: its time, and its id for ties. */
export interface PlacedSolve {
  puzzleId: string;
  countedMs: number;
  id: number;
}

/**
 * For each solve, the counted solves of its puzzle it stands (or would stand) ahead of, by the rule of
 * placesTaken: one statement however many solves (they travel as one JSON parameter, D1 counting each
 * statement of a batch against its queries per invocation), each count a range of the boards' index.
 */
export async function placesAhead(db: Db, solves: readonly PlacedSolve[]): Promise<number[]> {
  if (solves.length === 0) return [];
  const list = JSON.stringify(solves.map((s) => [s.puzzleId, s.countedMs, s.id]));
  const rows = await db.all<{ i: number; n: number }>(sql`select cast(j.key as integer) as i,
      (select count(*) from submissions o
        where o.puzzle_id = j.value ->> 0 and o.counted = 1
        and (o.counted_ms > j.value ->> 1 or (o.counted_ms = j.value ->> 1 and o.id > j.value ->> 2))) as n
    from json_each(${list}) j`);
  const counts = solves.map(() => 0);
  for (const row of rows) counts[row.i] = row.n;
  return counts;
}

/**
 * Pending and flagged solves as a moderator reviews them (the solve, its evidence, its player, the places it
 * would take), those that would take the most public places first: they matter most to the boards.
 */
export async function heldPage(db: Db, after: HeldCursor | null, limit: number) {
  return db
    .select({
      id: submissions.id,
      puzzleId: submissions.puzzleId,
      date: submissions.puzzleDate,
      kind: submissions.kind,
      level: submissions.level,
      status: submissions.status,
      countedMs: submissions.countedMs,
      submittedAt: submissions.createdAt,
      flags: submissions.flags,
      evidence: submissions.evidence,
      benchmarkSeconds: submissions.benchmarkSeconds,
      places: placesTaken,
      player: {
        id: players.id,
        displayName: players.displayName,
        createdAt: players.createdAt,
        bannedAt: players.bannedAt,
      },
    })
    .from(submissions)
    .innerJoin(players, eq(players.id, submissions.playerId))
    .where(
      and(
        sql`${submissions.status} in ('pending', 'flagged')`,
        after === null
          ? undefined
          : sql`(${placesTaken} < ${after.places} or (${placesTaken} = ${after.places} and ${submissions.id} > ${after.id}))`,
      ),
    )
    .orderBy(desc(placesTaken), asc(submissions.id))
    .limit(limit)
    .all();
}

export async function findSubmission(db: Db, id: number): Promise<SubmissionRow | undefined> {
  return db.select().from(submissions).where(eq(submissions.id, id)).get();
}

export async function findPlayerForModeration(db: Db, id: string) {
  return db
    .select({ id: players.id, bannedAt: players.bannedAt })
    .from(players)
    .where(eq(players.id, id))
    .get();
}

/**
 * Moves a ranked solve to `status`, counted or not, resets the ratings it was (or now is) part of so that
 * they replay their counted games from the start, and audits the action: one atomic batch. Applies only if
 * the solve still has the status it was read with.
 */
export async function setSolveStatus(
  db: Db,
  change: {
    solve: Pick<SubmissionRow, 'id' | 'puzzleId' | 'playerId' | 'kind' | 'status'>;
    status: SolveStatus;
    counted: boolean;
    audit: NewAdminAction;
  },
): Promise<boolean> {
  const { solve } = change;
  const [updated] = await db.batch([
    db
      .update(submissions)
      .set({ status: change.status, counted: change.counted })
      .where(and(eq(submissions.id, solve.id), isRanked, eq(submissions.status, solve.status ?? 'clean')))
      .returning({ id: submissions.id }),
    resetPuzzleRatingsQuery(db, [solve.puzzleId]),
    resetPlayerRatingQuery(db, solve.playerId, solve.kind),
    recordAdminActionQuery(db, change.audit),
    // An approved solve's pace is one a person reached: it may lower its kind and level's record pace.
    ...(change.status === 'approved' ? [lowerRecordsQuery(db, solve.playerId, solve.id)] : []),
  ]);
  return updated.length > 0;
}

/**
 * Bans a player, atomically: its tokens are refused from now on, none of its solves counts, every puzzle it
 * solved and each of its ratings is reset to replay its remaining counted games, and the action is audited.
 * Returns the puzzles and kinds it had solves of (the caller replays them now).
 */
export async function banPlayer(
  db: Db,
  ban: { playerId: string; reason: string; at: string; audit: NewAdminAction },
): Promise<{ puzzleIds: string[]; kinds: Kind[] }> {
  const { playerId } = ban;
  const ranked = and(eq(submissions.playerId, playerId), isRanked);
  const [solved] = await db.batch([
    db
      .selectDistinct({ puzzleId: submissions.puzzleId, kind: submissions.kind })
      .from(submissions)
      .where(ranked),
    db.update(players).set({ bannedAt: ban.at, banReason: ban.reason }).where(eq(players.id, playerId)),
    db.update(submissions).set({ counted: false }).where(ranked),
    resetPuzzleRatingsQuery(
      db,
      sql`(select puzzle_id from submissions where player_id = ${playerId} and ranked = 1)`,
    ),
    resetPlayerRatingQuery(db, playerId),
    recordAdminActionQuery(db, ban.audit),
  ]);
  return { puzzleIds: solved.map((r) => r.puzzleId), kinds: [...new Set(solved.map((r) => r.kind))] };
}

/** Admin actions, newest first. */
export async function auditPage(db: Db, beforeId: number | null, limit: number): Promise<AdminActionRow[]> {
  return db
    .select()
    .from(adminActions)
    .where(beforeId === null ? undefined : lt(adminActions.id, beforeId))
    .orderBy(desc(adminActions.id))
    .limit(limit)
    .all();
}
