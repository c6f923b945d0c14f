import type { PlayerId } from '../auth/player-token.js';
import { verifyStartToken } from '../auth/start-token.js';
import { areAnswersPublic } from '../daily/calendar.js';
import { type PuzzleKey, puzzleId } from '../daily/puzzle-id.js';
import { submissionState } from '../db/submissions.js';
import { BoardOverloadedError } from '../live/call-desk.js';
import type { Services } from '../services.js';
import { judgePractice } from './judge-practice.js';
import { judgeSolve } from './judge-solve.js';
import { judgingState, windowsAt } from './judging-state.js';
import type { ReadyState } from './ready-state.js';
import { repeatedResult } from './solve-result.js';
import { boardResult } from './store-on-board.js';
import { START_TOKEN_REASONS, type Submission, type SubmissionOutcome } from './submission.js';

/**
 * Judges one submission. The session kept since the player's first fetch gives the time; the log must
 * replay to the submitted solution; the engine decides validity; the evidence of the log decides whether
 * the solve is ranked at once (clean) or waits for a moderator (flagged). The first valid solve per player
 * and puzzle is the ranked one. With live boards (`services.boards`) one D1 read of everything it needs,
 * then the puzzle's board stores it, plays its game and ranks it (D1 gets it from the board's flush);
 * on the direct path it is stored atomically with both ratings: two database round trips, one read and one
 * write that also reads its standing.
 */
export async function submitSolution(
  services: Services,
  token: { playerId: PlayerId; tokenId: string },
  key: PuzzleKey,
  submission: Submission,
): Promise<SubmissionOutcome> {
  const now = services.now();
  if (areAnswersPublic(key.date, now)) return practice(services, token, key, submission);
  try {
    return await submitRanked(services, token, key, submission, now);
  } catch (error) {
    if (error instanceof BoardOverloadedError) return { ok: false, reason: 'board_overloaded' };
    throw error;
  }
}

/** A submission while the puzzle is ranked: judged, and stored as the player's ranked solve if it is the first. */
async function submitRanked(
  services: Services,
  token: { playerId: PlayerId; tokenId: string },
  key: PuzzleKey,
  submission: Submission,
  now: Date,
): Promise<SubmissionOutcome> {
  const { playerId } = token;
  const id = puzzleId(key);
  if (submission.startToken !== undefined) {
    const verdict = await verifyStartToken(services.config.tokenSecret, submission.startToken, {
      playerId,
      puzzleId: id,
      now: now.getTime(),
    });
    if (!verdict.ok) {
      return {
        ok: false,
        reason: 'invalid_start_token',
        cause: verdict.reason,
        message: START_TOKEN_REASONS[verdict.reason],
      };
    }
  }
  const state = await judgingState(services, id, token, key, now);
  if (!state.player) return { ok: false, reason: 'unknown_player' };
  if (state.player.bannedAt !== null) return { ok: false, reason: 'banned' };
  if (state.ranked) {
    // A ranked solve's puzzle exists, so its row was read with the rest; one shard is the board's default.
    const live = { id, boardShards: state.puzzle?.boardShards ?? 1 };
    const onBoard = await services.boards?.standing(live, playerId);
    return {
      ok: true,
      result: onBoard
        ? boardResult(onBoard, state, now)
        : await repeatedResult(services, state.ranked, state),
    };
  }
  if (!state.session || !state.puzzle) return { ok: false, reason: 'no_session' };
  const ready: ReadyState = { ...state, session: state.session, puzzle: state.puzzle };
  // A solve its session was given hints for is the grader's as much as the player's: practice, counted nowhere.
  if (state.session.hints > 0) return judgePractice(services, ready, submission, now);
  return judgeSolve(services, { ...state, session: state.session, puzzle: state.puzzle }, submission, now);
}

/** A submission of a date whose ranking has closed (its answers are public): practice. */
async function practice(
  services: Services,
  token: { playerId: PlayerId; tokenId: string },
  key: PuzzleKey,
  submission: Submission,
): Promise<SubmissionOutcome> {
  const now = services.now();
  const state = await submissionState(services.db, puzzleId(key), token, key.kind, key.level, windowsAt(now));
  if (!state.player) return { ok: false, reason: 'unknown_player' };
  if (state.player.bannedAt !== null) return { ok: false, reason: 'banned' };
  if (!state.session || !state.puzzle) return { ok: false, reason: 'no_session' };
  return judgePractice(services, { ...state, session: state.session, puzzle: state.puzzle }, submission, now);
}
