import { reviewNoteOf, type SubmissionResult } from '../contract/submission.js';
import {
  type AnsweredSolveFields,
  type SubmissionRow,
  type SubmissionState,
  standingAfterSolve,
} from '../db/submissions.js';
import { fasterThan } from '../rating/faster-than.js';
import { streaks } from '../rating/streak.js';
import type { Services } from '../services.js';
import { localDate } from './ready-state.js';
import { streakView } from './streak-view.js';

/** A ranked solve's stored result, with where it stands now. */
export async function repeatedResult(
  services: Services,
  row: SubmissionRow,
  state: SubmissionState,
  repeated = true,
): Promise<SubmissionResult> {
  const standing = await standingAfterSolve(services.db, {
    puzzleId: row.puzzleId,
    countedMs: row.countedMs ?? 0,
    id: row.id,
    playerId: row.playerId,
    kind: row.kind,
  });
  return resultOf(
    row,
    standing,
    repeated,
    streakView(streaks(standing.dates, localDate(state, services.now()))),
  );
}

export function resultOf(
  row: AnsweredSolveFields,
  standing: { rank: number; total: number; established: boolean },
  repeated: boolean,
  streak: SubmissionResult['streak'],
): SubmissionResult {
  const base = {
    valid: true,
    repeated,
    verdict: row.status ?? 'clean',
    countedMs: row.countedMs ?? 0,
    capped: row.capped,
    score: row.score ?? 0,
    streak,
  } as const;
  const { rank, total } = standing;
  // A held solve says so in plain words only (src/contract/submission.ts REVIEW_NOTES).
  const review = reviewNoteOf(row.status);
  // A pending solve's player sees where it would stand; nothing public shows it until it is approved.
  if (review !== null && !row.counted) {
    return row.status === 'pending'
      ? { ...base, review, wouldBeRank: rank, solvers: total }
      : { ...base, review };
  }
  if (!row.counted) return base;
  return {
    ...base,
    rating: {
      before: Math.round(row.ratingBefore ?? 0),
      after: Math.round(row.ratingAfter ?? 0),
      deviation: Math.round(row.deviationAfter ?? 0),
      provisional: !standing.established,
    },
    rank,
    solvers: total,
    fasterThanPercent: fasterThan(rank, total),
  };
}
