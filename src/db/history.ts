import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Level } from '../contract/kinds/index.js';
import type { Kind } from '../kinds/index.js';
import type { Db } from './client.js';
import { isCounted, rankOfRow, solversOfRow } from './ranked-solves.js';
import { puzzles, submissions } from './schema.js';

export interface HistoryFilter {
  kind?: Kind;
  level?: Level;
}

/**
 * A page of a player's submissions, newest first: ranked solves, practice and wrong attempts, each counted
 * solve with its rank and its puzzle's solvers as they stand now. Per row, the rank counts the solves ahead
 * (one index range) and the solvers come from the puzzle's counter (countedSolvers).
 */
export async function historyPage(
  db: Db,
  playerId: string,
  filter: HistoryFilter,
  beforeId: number | null,
  limit: number,
) {
  return db
    .select({
      id: submissions.id,
      date: submissions.puzzleDate,
      kind: submissions.kind,
      level: submissions.level,
      valid: submissions.valid,
      status: submissions.status,
      practice: submissions.practice,
      hints: submissions.hints,
      counted: submissions.counted,
      countedMs: submissions.countedMs,
      score: submissions.score,
      ratingAfter: submissions.ratingAfter,
      submittedAt: submissions.createdAt,
      rank: rankOfRow,
      solvers: solversOfRow,
    })
    .from(submissions)
    .innerJoin(puzzles, eq(puzzles.id, submissions.puzzleId))
    .where(
      and(
        eq(submissions.playerId, playerId),
        filter.kind === undefined ? undefined : eq(submissions.kind, filter.kind),
        filter.level === undefined ? undefined : eq(submissions.level, filter.level),
        beforeId === null ? undefined : lt(submissions.id, beforeId),
      ),
    )
    .orderBy(desc(submissions.id))
    .limit(limit)
    .all();
}

export type HistoryRow = Awaited<ReturnType<typeof historyPage>>[number];

/** A player's counted solves since a date, oldest first, with the techniques their puzzles needed. */
export async function countedSolvesSince(db: Db, playerId: string, since: string, kind?: Kind) {
  return db
    .select({
      kind: submissions.kind,
      level: submissions.level,
      date: submissions.puzzleDate,
      countedMs: sql<number>`${submissions.countedMs}`,
      score: sql<number>`${submissions.score}`,
      ratingAfter: submissions.ratingAfter,
      submittedAt: submissions.createdAt,
      difficulty: puzzles.difficulty,
    })
    .from(submissions)
    .innerJoin(puzzles, eq(puzzles.id, submissions.puzzleId))
    .where(
      and(
        eq(submissions.playerId, playerId),
        isCounted,
        kind === undefined ? undefined : eq(submissions.kind, kind),
        gte(submissions.puzzleDate, since),
      ),
    )
    .orderBy(asc(submissions.id))
    .all();
}

export type CountedSolve = Awaited<ReturnType<typeof countedSolvesSince>>[number];
