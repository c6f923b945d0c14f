import { insertAttempt, type NewSubmissionRow, streakDates } from '../db/submissions.js';
import { descriptorOf } from '../kinds/index.js';
import { score } from '../rating/score.js';
import { streaks } from '../rating/streak.js';
import type { Services } from '../services.js';
import { emit } from './emit-event.js';
import { judgeTiming } from './judge-timing.js';
import { baseRow, localDate, logMismatch, type ReadyState } from './ready-state.js';
import { solveEvents } from './solve-events.js';
import { storeDirect } from './store-direct.js';
import { storeOnBoard } from './store-on-board.js';
import { streakView } from './streak-view.js';
import type { Submission, SubmissionOutcome } from './submission.js';

/**
 * A ranked solve judged: the log replays to the solution, the engine checks it, the timing and the player's
 * pace give its verdict; then it is stored on the path the service runs (the live board, or D1 directly).
 */
export async function judgeSolve(
  services: Services,
  state: ReadyState,
  submission: Submission,
  now: Date,
): Promise<SubmissionOutcome> {
  const { puzzle } = state;
  const descriptor = descriptorOf(puzzle.kind);
  const parsed = descriptor.engine.parsePuzzle(puzzle.puzzle);
  const base = baseRow(state, submission, now);
  const mismatch = logMismatch(descriptor.engine, parsed, submission);
  if (mismatch) {
    await insertAttempt(services.db, { ...base, valid: false, reason: mismatch.message });
    return { ok: false, reason: 'log_mismatch', ...mismatch };
  }
  const checked = descriptor.engine.check(parsed, submission.solution);
  if (!checked.ok) {
    await insertAttempt(services.db, { ...base, valid: false, reason: checked.reason });
    const streak = streakView(streaks(await streakDates(services.db, base.playerId), localDate(state, now)));
    return { ok: true, result: { valid: false, reason: checked.reason, repeated: false, streak } };
  }
  const timing = judgeTiming(descriptor, parsed, state, submission, now);
  const result = score(timing.countedMs / 1000, puzzle.benchmarkSeconds);
  const { verdict } = timing;
  const judged: NewSubmissionRow = {
    ...base,
    valid: true,
    countedMs: timing.countedMs,
    capped: timing.capped,
    benchmarkSeconds: puzzle.benchmarkSeconds,
    score: result,
    evidence: timing.evidence,
    ...timing.signals,
    // Set for a held solve too: it counts for the streak once a moderator approves it.
    streakDate: puzzle.date === localDate(state, now) ? puzzle.date : null,
  };
  const held: Partial<NewSubmissionRow> =
    verdict.verdict === 'clean'
      ? {}
      : { status: verdict.verdict, flags: verdict.reasons, log: [...submission.log] };
  const game = { score: result, pace: timing.pace };
  const stored = services.boards
    ? await storeOnBoard(services.boards, state, { ...judged, ...held }, verdict.verdict, game, now)
    : await storeDirect(services, state, judged, held, game, now);
  await emit(services, ...solveEvents(base.playerId, puzzle, stored, state.heardEvents));
  return { ok: true, result: stored };
}
