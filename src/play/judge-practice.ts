import { insertAttempt, streakDates } from '../db/submissions.js';
import { descriptorOf } from '../kinds/index.js';
import { countedTime } from '../rating/counted-time.js';
import { score } from '../rating/score.js';
import { streaks } from '../rating/streak.js';
import type { Services } from '../services.js';
import { baseRow, localDate, logMismatch, type ReadyState } from './ready-state.js';
import { streakView } from './streak-view.js';
import type { Submission, SubmissionOutcome } from './submission.js';

/**
 * A solve of a date whose ranking has closed, or one its session had hints for: judged like any other,
 * recorded in the player's history as practice, counted nowhere (no board, rating, streak, calibration or
 * puzzle stats).
 */
export async function judgePractice(
  services: Services,
  ready: ReadyState,
  submission: Submission,
  now: Date,
): Promise<SubmissionOutcome> {
  const state = ready;
  const { engine } = descriptorOf(ready.puzzle.kind);
  const parsed = engine.parsePuzzle(ready.puzzle.puzzle);
  const base = { ...baseRow(ready, submission, now), practice: true };
  const mismatch = logMismatch(engine, parsed, submission);
  if (mismatch) {
    await insertAttempt(services.db, { ...base, valid: false, reason: mismatch.message });
    return { ok: false, reason: 'log_mismatch', ...mismatch };
  }
  const checked = engine.check(parsed, submission.solution);
  const streak = streakView(streaks(await streakDates(services.db, base.playerId), localDate(state, now)));
  const hints = ready.session.hints > 0 ? { hints: ready.session.hints } : {};
  if (!checked.ok) {
    await insertAttempt(services.db, { ...base, valid: false, reason: checked.reason });
    return {
      ok: true,
      result: { valid: false, reason: checked.reason, repeated: false, practice: true, ...hints, streak },
    };
  }
  const { countedMs, capped } = countedTime(
    now.getTime() - ready.session.startedAt.getTime(),
    submission.elapsedMs,
  );
  const result = score(countedMs / 1000, ready.puzzle.benchmarkSeconds);
  await insertAttempt(services.db, {
    ...base,
    valid: true,
    countedMs,
    capped,
    benchmarkSeconds: ready.puzzle.benchmarkSeconds,
    score: result,
  });
  return {
    ok: true,
    result: {
      valid: true,
      repeated: false,
      practice: true,
      ...hints,
      countedMs,
      capped,
      score: result,
      streak,
    },
  };
}
