import { and, between, desc, eq, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Felt } from '../contract/feedback.js';
import type { Db } from './client.js';
import {
  players,
  playSessions,
  puzzleReports,
  puzzles,
  puzzleVotes,
  type SolveStatus,
  submissions,
} from './schema.js';

export type VoteRow = typeof puzzleVotes.$inferSelect;
export type ReportRow = typeof puzzleReports.$inferSelect;

/**
 * A banned player's vote counts nowhere: every tally joins the voter (`players`) and keeps this condition,
 * so a ban uncounts its votes at once and lifting it counts them again.
 */
const VOTER_COUNTS = isNull(players.bannedAt);

/** The puzzles of the window: those of dates in [from, to], both days included. */
function puzzlesOfWindow(from: string, to: string): SQL {
  return between(puzzles.date, from, to);
}

/**
 * The player's valid solves of the puzzle (ranked or practice), each with its status (null for practice):
 * what a vote needs is one that counts or is practice, and a held one is told apart from none.
 */
export async function validSolvesOf(
  db: Db,
  playerId: string,
  puzzleId: string,
): Promise<{ ranked: boolean; status: SolveStatus | null }[]> {
  return db
    .select({ ranked: submissions.ranked, status: submissions.status })
    .from(submissions)
    .where(
      and(
        eq(submissions.puzzleId, puzzleId),
        eq(submissions.playerId, playerId),
        eq(submissions.valid, true),
      ),
    )
    .all();
}

/** Whether the player has a session of the puzzle (fetched it with its token): what a report needs. */
export async function hasStarted(db: Db, playerId: string, puzzleId: string): Promise<boolean> {
  const row = await db
    .select({ at: playSessions.startedAt })
    .from(playSessions)
    .where(and(eq(playSessions.puzzleId, puzzleId), eq(playSessions.playerId, playerId)))
    .limit(1)
    .get();
  return row !== undefined;
}

/** Casts or changes the player's vote on the puzzle. */
export async function saveVote(db: Db, vote: VoteRow): Promise<VoteRow> {
  const row = await db
    .insert(puzzleVotes)
    .values(vote)
    .onConflictDoUpdate({
      target: [puzzleVotes.puzzleId, puzzleVotes.playerId],
      set: { fun: vote.fun, felt: vote.felt, votedAt: vote.votedAt },
    })
    .returning()
    .get();
  return row;
}

export interface VoteTally {
  voters: number;
  /** Votes per fun value, 1 to 5. */
  fun: [number, number, number, number, number];
  felt: Record<Felt, number>;
}

/** The votes of a puzzle's players who are not banned, counted per fun value and per felt difficulty. */
export function voteTallyQuery(db: Db, puzzleId: string) {
  return db
    .select({ fun: puzzleVotes.fun, felt: puzzleVotes.felt, n: sql<number>`count(*)` })
    .from(puzzleVotes)
    .innerJoin(players, eq(players.id, puzzleVotes.playerId))
    .where(and(eq(puzzleVotes.puzzleId, puzzleId), VOTER_COUNTS))
    .groupBy(puzzleVotes.fun, puzzleVotes.felt);
}

export function tallyOf(rows: readonly { fun: number; felt: Felt; n: number }[]): VoteTally {
  const tally: VoteTally = { voters: 0, fun: [0, 0, 0, 0, 0], felt: { easier: 0, right: 0, harder: 0 } };
  for (const row of rows) {
    tally.voters += row.n;
    tally.fun[row.fun - 1] = (tally.fun[row.fun - 1] ?? 0) + row.n;
    tally.felt[row.felt] += row.n;
  }
  return tally;
}

/** The viewer's own vote on the puzzle, as a query for a batch (no rows without a viewer). */
export function ownVoteQuery(db: Db, puzzleId: string, viewerId: string | null) {
  return db
    .select()
    .from(puzzleVotes)
    .where(and(eq(puzzleVotes.puzzleId, puzzleId), eq(puzzleVotes.playerId, viewerId ?? '')))
    .limit(1);
}

/** Files the player's report of the puzzle; a second report replaces the first and opens it again. */
export async function saveReport(db: Db, report: Omit<ReportRow, 'id' | 'resolvedAt'>): Promise<ReportRow> {
  return db
    .insert(puzzleReports)
    .values({ ...report, resolvedAt: null })
    .onConflictDoUpdate({
      target: [puzzleReports.puzzleId, puzzleReports.playerId],
      set: { reason: report.reason, note: report.note, reportedAt: report.reportedAt, resolvedAt: null },
    })
    .returning()
    .get();
}

/** Open reports, newest first, after the cursor's id. */
export async function openReportsPage(db: Db, beforeId: number | null, limit: number): Promise<ReportRow[]> {
  return db
    .select()
    .from(puzzleReports)
    .where(
      and(isNull(puzzleReports.resolvedAt), beforeId === null ? undefined : lt(puzzleReports.id, beforeId)),
    )
    .orderBy(desc(puzzleReports.id))
    .limit(limit)
    .all();
}

/** Closes an open report and returns it; undefined when there is no open report `id`. */
export async function resolveReport(db: Db, id: number, at: string): Promise<ReportRow | undefined> {
  return db
    .update(puzzleReports)
    .set({ resolvedAt: at })
    .where(and(eq(puzzleReports.id, id), isNull(puzzleReports.resolvedAt)))
    .returning()
    .get();
}

/** Per level, over puzzles of dates in [from, to]: its felt-difficulty and fun votes (of players not banned). */
function levelVotesQuery(db: Db, from: string, to: string) {
  return db
    .select({
      kind: puzzles.kind,
      level: puzzles.level,
      felt: puzzleVotes.felt,
      fun: puzzleVotes.fun,
      n: sql<number>`count(*)`,
    })
    .from(puzzleVotes)
    .innerJoin(puzzles, eq(puzzles.id, puzzleVotes.puzzleId))
    .innerJoin(players, eq(players.id, puzzleVotes.playerId))
    .where(and(puzzlesOfWindow(from, to), VOTER_COUNTS))
    .groupBy(puzzles.kind, puzzles.level, puzzleVotes.felt, puzzleVotes.fun);
}

/** Per level, over puzzles of dates in [from, to]: how many there were and the hardest technique each needed. */
function levelTechniquesQuery(db: Db, from: string, to: string) {
  const hardest = sql<string>`json_extract(${puzzles.difficulty}, '$.hardest')`;
  return db
    .select({ kind: puzzles.kind, level: puzzles.level, hardest, n: sql<number>`count(*)` })
    .from(puzzles)
    .where(puzzlesOfWindow(from, to))
    .groupBy(puzzles.kind, puzzles.level, hardest);
}

/** Per level, the open reports of puzzles of dates in [from, to], by reason. */
function levelReportsQuery(db: Db, from: string, to: string) {
  return db
    .select({
      kind: puzzles.kind,
      level: puzzles.level,
      reason: puzzleReports.reason,
      n: sql<number>`count(*)`,
    })
    .from(puzzleReports)
    .innerJoin(puzzles, eq(puzzles.id, puzzleReports.puzzleId))
    .where(and(puzzlesOfWindow(from, to), isNull(puzzleReports.resolvedAt)))
    .groupBy(puzzles.kind, puzzles.level, puzzleReports.reason);
}

/** What players said of each level's puzzles of dates in [from, to], beside what the grader found: one round trip. */
export async function levelFeedback(db: Db, from: string, to: string) {
  const [votes, techniques, reports] = await db.batch([
    levelVotesQuery(db, from, to),
    levelTechniquesQuery(db, from, to),
    levelReportsQuery(db, from, to),
  ]);
  return { votes, techniques, reports };
}

/**
 * A puzzle's votes counted per fun value and felt difficulty, and every report of it, open or resolved,
 * newest first: what a moderator weighs about one puzzle. The votes of banned players do not count.
 */
export async function puzzleFeedbackRows(db: Db, puzzleId: string) {
  const [votes, reports] = await db.batch([
    voteTallyQuery(db, puzzleId),
    db
      .select()
      .from(puzzleReports)
      .where(eq(puzzleReports.puzzleId, puzzleId))
      .orderBy(desc(puzzleReports.id)),
  ]);
  return { tally: tallyOf(votes), reports };
}
