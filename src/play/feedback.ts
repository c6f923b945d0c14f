import {
  type LevelFeedback,
  type PuzzleFeedback,
  type PuzzleVotes,
  type Report,
  type ReportRequest,
  VOTES_SHOWN_FROM,
  type Vote,
  type VoteRequest,
} from '../contract/feedback.js';
import { addDays, utcDate } from '../daily/calendar.js';
import { recordAdminAction } from '../db/audit-log.js';
import { listBenchmarks } from '../db/benchmarks.js';
import {
  hasStarted,
  levelFeedback,
  openReportsPage,
  puzzleFeedbackRows,
  type ReportRow,
  resolveReport,
  saveReport,
  saveVote,
  tallyOf,
  type VoteRow,
  type VoteTally,
  validSolvesOf,
} from '../db/feedback.js';
import type { Moderator } from '../db/moderators.js';
import type { PlayerRow } from '../db/players.js';
import { findPuzzle, type PuzzleRow } from '../db/puzzles.js';
import type { Services } from '../services.js';
import { auditEntry } from './audit-entry.js';

export type VoteOutcome =
  | { ok: true; vote: Vote }
  | { ok: false; reason: 'not_solved' }
  | { ok: false; reason: 'solve_under_review' };

/**
 * A vote needs a solve of the puzzle that counts (clean or approved) or a practice solve: only a player who
 * finished it may judge it. Votes are public counts, so a ranked solve under review (pending, flagged) votes
 * only once approved, and a voided one never.
 */
export async function castVote(
  services: Services,
  player: PlayerRow,
  puzzle: PuzzleRow,
  request: VoteRequest,
): Promise<VoteOutcome> {
  const solves = await validSolvesOf(services.db, player.id, puzzle.id);
  const held = solves.some((s) => s.status === 'pending' || s.status === 'flagged');
  if (held) return { ok: false, reason: 'solve_under_review' };
  const counts = solves.some((s) => !s.ranked || s.status === 'clean' || s.status === 'approved');
  if (!counts) return { ok: false, reason: 'not_solved' };
  const row = await saveVote(services.db, {
    puzzleId: puzzle.id,
    playerId: player.id,
    fun: request.fun,
    felt: request.felt,
    votedAt: services.now().toISOString(),
  });
  return { ok: true, vote: voteView(row) };
}

export function voteView(row: VoteRow): Vote {
  return { puzzleId: row.puzzleId, fun: row.fun, felt: row.felt, votedAt: row.votedAt };
}

/** A puzzle's tally as the public sees it: nothing until enough players voted that no one vote shows. */
export function shownVotes(tally: VoteTally): PuzzleVotes | null {
  return tally.voters >= VOTES_SHOWN_FROM ? tally : null;
}

export type ReportOutcome = { ok: true; report: Report } | { ok: false; reason: 'not_started' };

export function reportView(row: ReportRow): Report {
  return {
    id: row.id,
    puzzleId: row.puzzleId,
    reason: row.reason,
    note: row.note,
    reportedAt: row.reportedAt,
  };
}

/** A report needs a session of the puzzle: a player reports what it played, not what it heard of. */
export async function fileReport(
  services: Services,
  player: PlayerRow,
  puzzle: PuzzleRow,
  request: ReportRequest,
): Promise<ReportOutcome> {
  if (!(await hasStarted(services.db, player.id, puzzle.id))) return { ok: false, reason: 'not_started' };
  const row = await saveReport(services.db, {
    puzzleId: puzzle.id,
    playerId: player.id,
    reason: request.reason,
    note: request.note ?? null,
    reportedAt: services.now().toISOString(),
  });
  return { ok: true, report: reportView(row) };
}

export async function openReports(services: Services, beforeId: number | null, limit: number) {
  const rows = await openReportsPage(services.db, beforeId, limit);
  return rows.map((row) => ({ ...reportView(row), playerId: row.playerId }));
}

/** A puzzle's votes and reports for the moderators, or null when there is no such puzzle. */
export async function puzzleFeedback(services: Services, puzzleId: string): Promise<PuzzleFeedback | null> {
  if (!(await findPuzzle(services.db, puzzleId))) return null;
  const { tally, reports } = await puzzleFeedbackRows(services.db, puzzleId);
  return {
    puzzleId,
    votes: tally,
    reports: reports.map((row) => ({
      ...reportView(row),
      playerId: row.playerId,
      resolvedAt: row.resolvedAt,
    })),
  };
}

export type ResolveReportOutcome = { ok: true } | { ok: false; reason: 'not_found' };

/** Closes a report, audited with the moderator's note; refused when no open report has that id. */
export async function resolveReportNow(
  services: Services,
  id: number,
  by: Moderator,
  note: string,
): Promise<ResolveReportOutcome> {
  const at = services.now().toISOString();
  const resolved = await resolveReport(services.db, id, at);
  if (!resolved) return { ok: false, reason: 'not_found' };
  await recordAdminAction(
    services.db,
    auditEntry(by, 'resolve_report', String(id), note, new Date(at), {
      puzzleId: resolved.puzzleId,
      reason: resolved.reason,
    }),
  );
  return { ok: true };
}

/** Days of puzzles the level report looks back over, today included. */
export const LEVEL_FEEDBACK_DAYS = 30;

/** Every level's votes and open reports beside its grader's hardest techniques and its benchmark. */
export async function levelReport(services: Services): Promise<LevelFeedback> {
  const to = utcDate(services.now());
  const from = addDays(to, 1 - LEVEL_FEEDBACK_DAYS);
  const [benchmarks, found] = await Promise.all([
    listBenchmarks(services.db),
    levelFeedback(services.db, from, to),
  ]);
  const levels = benchmarks.map((b) => {
    const same = (row: { kind: string; level: string }) => row.kind === b.kind && row.level === b.level;
    const techniques = found.techniques.filter(same);
    const reports = { broken: 0, wrong_level: 0, other: 0 };
    for (const row of found.reports.filter(same)) reports[row.reason] += row.n;
    return {
      kind: b.kind,
      level: b.level,
      benchmark: { seconds: b.seconds, unit: b.unit },
      puzzles: techniques.reduce((sum, row) => sum + row.n, 0),
      hardest: Object.fromEntries(techniques.map((row) => [row.hardest, row.n])),
      votes: tallyOf(found.votes.filter(same)),
      reports,
    };
  });
  return { from, to, levels };
}
