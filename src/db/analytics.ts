import { and, asc, count, eq, gte, inArray, isNotNull, lt, lte, sql } from 'drizzle-orm';
import type { Level } from '../contract/kinds/index.js';
import type { Kind } from '../kinds/index.js';
import { chunkRows } from './chunk.js';
import type { Db } from './client.js';
import { isCounted } from './ranked-solves.js';
import {
  dailyPlayerStats,
  dailyPuzzleStats,
  players,
  playSessions,
  puzzles,
  puzzleVotes,
  shares,
  submissions,
} from './schema.js';

export type DailyPuzzleStatsRow = typeof dailyPuzzleStats.$inferSelect;
export type DailyPlayerStatsRow = typeof dailyPlayerStats.$inferSelect;

/** The players made from `from` (inclusive) to `to` (exclusive): a cohort of retention. */
export interface Cohort {
  from: string;
  to: string;
}

/**
 * What one date's aggregates are made from, each read through an index: its puzzles, their sessions (by
 * puzzle), counted times (the boards' index), held solves (the review queue's index), votes (by puzzle),
 * the players made that day (by creation time), its share cards (by date), the players whose streak reached
 * it (its counted solves, by puzzle) and, of each cohort, those who played it (its sessions, by puzzle).
 */
export async function dateFigures(
  db: Db,
  date: string,
  nextDate: string,
  cohorts: readonly [Cohort, Cohort, Cohort],
) {
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
  const cohortBack = (cohort: Cohort) =>
    db
      .select({ n: sql<number>`count(distinct ${playSessions.playerId})` })
      .from(playSessions)
      .innerJoin(players, eq(players.id, playSessions.playerId))
      .where(
        and(
          inArray(playSessions.puzzleId, ids),
          gte(players.createdAt, cohort.from),
          lt(players.createdAt, cohort.to),
        ),
      );
  const [sessions, times, held, votes, made, active, returning, shared, streakers, back1, back7, back30] =
    await db.batch([
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
      db.select({ n: count() }).from(shares).where(eq(shares.date, date)),
      db
        .selectDistinct({ playerId: submissions.playerId })
        .from(submissions)
        .where(and(inArray(submissions.puzzleId, ids), isCounted, eq(submissions.streakDate, date))),
      cohortBack(cohorts[0]),
      cohortBack(cohorts[1]),
      cohortBack(cohorts[2]),
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
    sharesMade: shared[0]?.n ?? 0,
    streakers: streakers.map((s) => s.playerId),
    back: [back1[0]?.n ?? 0, back7[0]?.n ?? 0, back30[0]?.n ?? 0] as const,
  };
}

/**
 * The streak dates up to `date` of each of the players, through the players' streak index: a statement per
 * chunk of players (within D1's bound parameters), all in one batch.
 */
export async function streakDatesUpTo(
  db: Db,
  playerIds: readonly string[],
  date: string,
): Promise<Map<string, string[]>> {
  // The players and the date are bound parameters: 50 players a statement keeps far within 100.
  const [first, ...rest] = chunkRows(playerIds, 2).map((chunk) =>
    db
      .selectDistinct({ playerId: submissions.playerId, date: sql<string>`${submissions.streakDate}` })
      .from(submissions)
      .where(
        and(
          inArray(submissions.playerId, chunk),
          isCounted,
          isNotNull(submissions.streakDate),
          lte(submissions.streakDate, date),
        ),
      ),
  );
  const byPlayer = new Map<string, string[]>();
  if (!first) return byPlayer;
  for (const rows of await db.batch([first, ...rest])) {
    for (const row of rows) {
      const dates = byPlayer.get(row.playerId);
      if (dates) dates.push(row.date);
      else byPlayer.set(row.playerId, [row.date]);
    }
  }
  return byPlayer;
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

/**
 * The stored aggregates of the dates from `from` to `to`, optionally one kind (and level), and the days'
 * rows on to `daysTo` (the later returns of the range's new players): primary-key ranges.
 */
export async function statsBetween(
  db: Db,
  range: { from: string; to: string; daysTo: string; kind?: Kind | undefined; level?: Level | undefined },
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
      .where(and(gte(dailyPlayerStats.date, range.from), lte(dailyPlayerStats.date, range.daysTo)))
      .orderBy(asc(dailyPlayerStats.date)),
  ]);
  return { puzzleRows, dayRows };
}
