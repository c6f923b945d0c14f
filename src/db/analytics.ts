import { and, asc, count, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Level } from '../contract/kinds/index.js';
import type { Kind } from '../kinds/index.js';
import type { Db } from './client.js';
import {
  dailyPlayerStats,
  dailyPuzzleStats,
  players,
  playSessions,
  puzzles,
  puzzleVotes,
  submissions,
} from './schema.js';

export type DailyPuzzleStatsRow = typeof dailyPuzzleStats.$inferSelect;
export type DailyPlayerStatsRow = typeof dailyPlayerStats.$inferSelect;

/**
 * What one date's aggregates are made from, each read through an index: its puzzles, their sessions (by
 * puzzle), counted times (the boards' index), held solves (the review queue's index), votes (by puzzle)
 * and the players made that day (by creation time).
 */
export async function dateFigures(db: Db, date: string, nextDate: string) {
  const ofDate = await db
    .select({
      id: puzzles.id,
      kind: puzzles.kind,
      level: puzzles.level,
      benchmarkSeconds: puzzles.benchmarkSeconds,
    })
    .from(puzzles)
    .where(eq(puzzles.date, date))
    .all();
  const ids = ofDate.map((p) => p.id);
  if (ids.length === 0) return null;
  const [sessions, times, held, votes, made, active, returning] = await db.batch([
    db
      .select({
        puzzleId: playSessions.puzzleId,
        started: count(),
        hints: sql<number>`coalesce(sum(${playSessions.hints}), 0)`,
      })
      .from(playSessions)
      .where(inArray(playSessions.puzzleId, ids))
      .groupBy(playSessions.puzzleId),
    db
      .select({ puzzleId: submissions.puzzleId, countedMs: submissions.countedMs })
      .from(submissions)
      .where(and(inArray(submissions.puzzleId, ids), eq(submissions.counted, true))),
    db
      .select({ puzzleId: submissions.puzzleId, status: submissions.status, n: count() })
      .from(submissions)
      .where(and(sql`${submissions.status} in ('pending', 'flagged')`, eq(submissions.puzzleDate, date)))
      .groupBy(submissions.puzzleId, submissions.status),
    db
      .select({
        puzzleId: puzzleVotes.puzzleId,
        voters: count(),
        funMean: sql<number | null>`avg(${puzzleVotes.fun})`,
        easier: sql<number>`sum(${puzzleVotes.felt} = 'easier')`,
        right: sql<number>`sum(${puzzleVotes.felt} = 'right')`,
        harder: sql<number>`sum(${puzzleVotes.felt} = 'harder')`,
      })
      .from(puzzleVotes)
      .where(inArray(puzzleVotes.puzzleId, ids))
      .groupBy(puzzleVotes.puzzleId),
    db
      .select({ n: count() })
      .from(players)
      .where(and(gte(players.createdAt, date), lt(players.createdAt, nextDate))),
    db
      .select({ n: sql<number>`count(distinct ${playSessions.playerId})` })
      .from(playSessions)
      .where(inArray(playSessions.puzzleId, ids)),
    db
      .select({ n: sql<number>`count(distinct ${playSessions.playerId})` })
      .from(playSessions)
      .innerJoin(players, eq(players.id, playSessions.playerId))
      .where(and(inArray(playSessions.puzzleId, ids), lt(players.createdAt, date))),
  ]);
  return {
    puzzles: ofDate,
    sessions,
    times,
    held,
    votes,
    newPlayers: made[0]?.n ?? 0,
    activePlayers: active[0]?.n ?? 0,
    returningPlayers: returning[0]?.n ?? 0,
  };
}

/** Stores a date's aggregates, replacing what an earlier run stored for it. */
export async function saveDateStats(
  db: Db,
  rows: readonly DailyPuzzleStatsRow[],
  day: DailyPlayerStatsRow,
): Promise<void> {
  const puzzleRows = rows.map((row) =>
    db
      .insert(dailyPuzzleStats)
      .values(row)
      .onConflictDoUpdate({
        target: [dailyPuzzleStats.date, dailyPuzzleStats.kind, dailyPuzzleStats.level],
        set: row,
      }),
  );
  await db.batch([
    db.insert(dailyPlayerStats).values(day).onConflictDoUpdate({ target: dailyPlayerStats.date, set: day }),
    ...puzzleRows,
  ]);
}

/** The stored aggregates of the dates from `from` to `to`, optionally one kind (and level): primary-key ranges. */
export async function statsBetween(
  db: Db,
  range: { from: string; to: string; kind?: Kind | undefined; level?: Level | undefined },
) {
  const [puzzleRows, dayRows] = await db.batch([
    db
      .select()
      .from(dailyPuzzleStats)
      .where(
        and(
          gte(dailyPuzzleStats.date, range.from),
          lte(dailyPuzzleStats.date, range.to),
          range.kind === undefined ? undefined : eq(dailyPuzzleStats.kind, range.kind),
          range.level === undefined ? undefined : eq(dailyPuzzleStats.level, range.level),
        ),
      )
      .orderBy(asc(dailyPuzzleStats.date)),
    db
      .select()
      .from(dailyPlayerStats)
      .where(and(gte(dailyPlayerStats.date, range.from), lte(dailyPlayerStats.date, range.to)))
      .orderBy(asc(dailyPlayerStats.date)),
  ]);
  return { puzzleRows, dayRows };
}
