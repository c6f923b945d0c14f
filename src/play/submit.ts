import type { PlayerId } from '../auth/player-token.js';
import { verifyStartToken } from '../auth/start-token.js';
import { areAnswersPublic } from '../daily/calendar.js';
import { type PuzzleKey, puzzleId } from '../daily/puzzle-id.js';
import {
  AlreadyRankedError,
  findRankedSubmission,
  insertAttempt,
  type PuzzleToJudge,
  recordRankedSolve,
  type Standing,
  type SubmissionRow,
  standingAfterSolve,
  submissionState,
} from '../db/submissions.js';
import type { Services } from '../http/context.js';
import { ApiError } from '../http/errors.js';
import { invalidPlayerToken } from '../http/player-auth.js';
import { engineFor } from '../kinds/index.js';
import { countedTime } from '../rating/counted-time.js';
import { newRating } from '../rating/glicko2.js';
import { rateSolve } from '../rating/puzzle-games.js';
import { score } from '../rating/score.js';
import { timeFloorSeconds } from '../rating/time-floor.js';
import { playerStreak, streakFrom } from './player-streak.js';

export interface Submission {
  solution: unknown;
  elapsedMs: number;
  startToken: string;
}

export interface SubmissionResult {
  valid: boolean;
  /** Why the solution was rejected (valid: false). */
  reason?: string;
  /** True when this repeats an earlier ranked solve, whose result is returned unchanged. */
  repeated: boolean;
  countedMs?: number;
  /** True when the claimed time exceeded what the server saw and was cut down. */
  capped?: boolean;
  score?: number;
  rating?: { before: number; after: number; deviation: number };
  rank?: number;
  solvers?: number;
  /** Share of the other solvers this solve beat, in percent ("faster than 83 %"). */
  fasterThanPercent?: number;
  streak: { current: number; best: number };
}

const START_TOKEN_REASONS = {
  malformed: 'the start token is malformed',
  forged: 'the start token was not issued by this server',
  other_player: 'the start token belongs to another player',
  other_puzzle: 'the start token belongs to another puzzle',
  expired: 'the start token has expired; fetch the puzzle again',
  from_future: 'the start token is dated in the future',
} as const;

/**
 * Judges one submission: the engine decides validity, the server's clock caps the time, the floor refuses
 * the impossible, and the first valid solve per player and puzzle is rated, atomically. A first ranked solve
 * costs two database round trips: one read of everything it needs, one atomic write that also reads its rank.
 * `generatePuzzle` makes the puzzle when it is not stored yet (a date cron has not reached).
 */
export async function submitSolution(
  services: Services,
  playerId: PlayerId,
  key: PuzzleKey,
  submission: Submission,
  generatePuzzle: () => Promise<PuzzleToJudge>,
): Promise<SubmissionResult> {
  const { db, config } = services;
  const now = services.now();
  if (areAnswersPublic(key.date, now)) {
    throw new ApiError(403, 'ranking_closed', 'The answers of this date are public; it is no longer ranked');
  }
  const id = puzzleId(key);
  const verdict = await verifyStartToken(config.tokenSecret, submission.startToken, {
    playerId,
    puzzleId: id,
    now: now.getTime(),
  });
  if (!verdict.ok) throw new ApiError(403, 'invalid_start_token', START_TOKEN_REASONS[verdict.reason]);

  const state = await submissionState(db, id, playerId, key.kind);
  if (!state.playerExists) throw invalidPlayerToken();
  if (state.ranked) return repeatedResult(services, state.ranked);
  const puzzle = state.puzzle ?? (await generatePuzzle());

  const engine = engineFor(puzzle.kind);
  const checked = engine.check(engine.parsePuzzle(puzzle.puzzle), submission.solution);
  const base = {
    puzzleId: puzzle.id,
    puzzleDate: puzzle.date,
    kind: puzzle.kind,
    level: puzzle.level,
    playerId,
    createdAt: now.toISOString(),
    elapsedMs: Math.round(submission.elapsedMs),
  };
  if (!checked.ok) {
    await insertAttempt(db, { ...base, valid: false, reason: checked.reason });
    return {
      valid: false,
      reason: checked.reason,
      repeated: false,
      streak: await playerStreak(services, playerId),
    };
  }

  const counted = countedTime(submission.elapsedMs, now.getTime() - verdict.claim.startedAt);
  const floorMs = timeFloorSeconds(puzzle.benchmarkSeconds, checked.moves) * 1000;
  if (counted.countedMs < floorMs) {
    throw new ApiError(
      422,
      'impossible_time',
      `No one solves this puzzle in under ${Math.ceil(floorMs / 1000)} s`,
      {
        countedMs: Math.round(counted.countedMs),
        floorMs,
      },
    );
  }
  const countedMs = Math.round(counted.countedMs);
  const result = score(countedMs / 1000, puzzle.benchmarkSeconds);
  const before = state.rating ?? newRating();
  const stored = {
    rating: puzzle.rating,
    deviation: puzzle.ratingDeviation,
    volatility: puzzle.ratingVolatility,
  };
  const rated = rateSolve(before, stored, state.pendingGames, result);
  const lastPending = state.pendingGames.at(-1)?.id ?? puzzle.ratedThrough;
  try {
    const { row, ...standing } = await recordRankedSolve(db, {
      submission: {
        ...base,
        valid: true,
        countedMs,
        capped: counted.capped,
        benchmarkSeconds: puzzle.benchmarkSeconds,
        score: result,
        ratingBefore: before.rating,
        deviationBefore: before.deviation,
        ratingAfter: rated.player.rating,
        deviationAfter: rated.player.deviation,
      },
      playerRating: { playerId, kind: puzzle.kind, ...rated.player, games: 1, updatedAt: now.toISOString() },
      puzzleRating: {
        withOwnGame: {
          id: puzzle.id,
          ...rated.puzzleAfter,
          from: puzzle.ratedThrough,
          lastBefore: lastPending,
          playerId,
        },
        pendingOnly: {
          id: puzzle.id,
          ...rated.puzzleBefore,
          from: puzzle.ratedThrough,
          through: lastPending,
        },
      },
    });
    return rankedResult(row, standing, false, now);
  } catch (error) {
    if (!(error instanceof AlreadyRankedError)) throw error;
    const winner = await findRankedSubmission(db, puzzle.id, playerId);
    if (!winner) throw error;
    return repeatedResult(services, winner);
  }
}

/** A repeat of an earlier ranked solve: its stored result, with where it stands now. */
async function repeatedResult(services: Services, row: SubmissionRow): Promise<SubmissionResult> {
  const standing = await standingAfterSolve(services.db, {
    puzzleId: row.puzzleId,
    countedMs: row.countedMs ?? 0,
    id: row.id,
    playerId: row.playerId,
  });
  return rankedResult(row, standing, true, services.now());
}

function rankedResult(
  row: SubmissionRow,
  standing: Standing,
  repeated: boolean,
  now: Date,
): SubmissionResult {
  const { rank, total, dates } = standing;
  return {
    valid: true,
    repeated,
    countedMs: row.countedMs ?? 0,
    capped: row.capped,
    score: row.score ?? 0,
    rating: {
      before: Math.round(row.ratingBefore ?? 0),
      after: Math.round(row.ratingAfter ?? 0),
      deviation: Math.round(row.deviationAfter ?? 0),
    },
    rank,
    solvers: total,
    fasterThanPercent: fasterThan(rank, total),
    streak: streakFrom(dates, now),
  };
}

/** Percent of the other solvers that were slower; a lone solver has beaten everyone there is. */
export function fasterThan(rank: number, total: number): number {
  return total <= 1 ? 100 : Math.round(((total - rank) / (total - 1)) * 100);
}
