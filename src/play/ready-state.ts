import type { IsoDate } from '../daily/calendar.js';
import { streakDateAt } from '../daily/calendar-change.js';
import type { SubmissionState } from '../db/submissions.js';
import type { AnyEngine } from '../engines/types.js';
import type { Submission } from './submission.js';

/** What judging read, once the player has a session of the puzzle and the puzzle is stored. */
export type ReadyState = SubmissionState & {
  session: NonNullable<SubmissionState['session']>;
  puzzle: NonNullable<SubmissionState['puzzle']>;
};

/** The columns every stored submission has, valid or not, ranked or practice. */
export function baseRow(state: ReadyState, submission: Submission, now: Date) {
  const { puzzle } = state;
  return {
    puzzleId: puzzle.id,
    puzzleDate: puzzle.date,
    kind: puzzle.kind,
    level: puzzle.level,
    playerId: state.session.playerId,
    createdAt: now.toISOString(),
    hints: state.session.hints,
    elapsedMs: Math.round(submission.elapsedMs ?? now.getTime() - state.session.startedAt.getTime()),
  };
}

/**
 * The calendar date of the player where the streak is counted: its own time zone, else the session's, a
 * change of zone taking effect from the next local date (src/daily/calendar-change.ts).
 */
export function localDate(
  state: Pick<SubmissionState, 'player' | 'session' | 'streakDates'>,
  now: Date,
): IsoDate {
  const calendar = state.player ?? { timeZone: null, timeZonePrevious: null, timeZoneChangedAt: null };
  const dates = state.streakDates;
  return streakDateAt(calendar, state.session?.timeZone ?? 'UTC', now, (date) => dates.includes(date));
}

/** Why the log does not lead to the submitted solution, or null when it does. */
export function logMismatch(
  engine: AnyEngine,
  puzzle: unknown,
  submission: Submission,
): { message: string; index?: number } | null {
  const replayed = engine.replayLog(puzzle, submission.log);
  if (!replayed.ok) return { message: `log: ${replayed.reason}`, index: replayed.index };
  if (JSON.stringify(replayed.board) !== JSON.stringify(submission.solution)) {
    return { message: 'log: its last board is not the submitted solution' };
  }
  return null;
}
