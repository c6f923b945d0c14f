import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Level } from '../contract/kinds/index.js';
import type { Kind } from '../kinds/index.js';
import type { Db } from './client.js';
import { isRanked, rankOfRow, solversOfRow } from './ranked-solves.js';
import { players, puzzles, shares, submissions } from './schema.js';

export type ShareRow = typeof shares.$inferSelect;

/**
 * The player's ranked solves of a date (of one puzzle when kind and level are given) that are counted
 * (clean, approved) or under review (pending, flagged), with their status: a share shows only the counted
 * ones, and the held ones tell a refusal "under review" from "not solved". A voided solve is neither. Each
 * has its rank now and its puzzle's solvers, as the history counts them.
 */
export async function shareableSolves(
  db: Db,
  playerId: string,
  date: string,
  one: { kind: Kind; level: Level } | null,
) {
  return db
    .select({
      kind: submissions.kind,
      level: submissions.level,
      status: sql<'clean' | 'approved' | 'pending' | 'flagged'>`${submissions.status}`,
      countedMs: sql<number>`${submissions.countedMs}`,
      score: submissions.score,
      rank: rankOfRow,
      solvers: solversOfRow,
    })
    .from(submissions)
    .innerJoin(puzzles, eq(puzzles.id, submissions.puzzleId))
    .where(
      and(
        eq(submissions.playerId, playerId),
        eq(submissions.puzzleDate, date),
        isRanked,
        inArray(submissions.status, ['clean', 'approved', 'pending', 'flagged']),
        one === null ? undefined : and(eq(submissions.kind, one.kind), eq(submissions.level, one.level)),
      ),
    )
    .all();
}

export async function insertShare(db: Db, share: ShareRow): Promise<ShareRow> {
  return db.insert(shares).values(share).returning().get();
}

/** The player's shares, newest first. */
export async function sharesOf(db: Db, playerId: string): Promise<ShareRow[]> {
  return db
    .select()
    .from(shares)
    .where(eq(shares.playerId, playerId))
    .orderBy(desc(shares.createdAt), desc(shares.code))
    .all();
}

/** Deletes the player's share; false when the player has no share of that code (another's included). */
export async function deleteShare(db: Db, playerId: string, code: string): Promise<boolean> {
  const gone = await db
    .delete(shares)
    .where(and(eq(shares.code, code), eq(shares.playerId, playerId)))
    .returning({ code: shares.code })
    .get();
  return gone !== undefined;
}

/** A share as the public sees it: none for a revoked code, nor for a banned player's. */
export async function findPublicShare(db: Db, code: string): Promise<ShareRow | undefined> {
  const row = await db
    .select({ share: shares })
    .from(shares)
    .innerJoin(players, eq(players.id, shares.playerId))
    .where(and(eq(shares.code, code), isNull(players.bannedAt)))
    .get();
  return row?.share;
}
