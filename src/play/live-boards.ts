import { areAnswersPublic, type IsoDate } from '../daily/calendar.js';
import type { LiveDesks, LivePuzzle } from '../live/desks.js';
import type { Services } from '../services.js';

/** A live puzzle as its boards are found, with the date that says whether it has them. */
export type DatedLivePuzzle = LivePuzzle & { date: string };

/**
 * The boards of a puzzle of `date`, where it has them: on the boards' path, while its ranking is open. A
 * puzzle whose answers are public is played for practice, and D1 holds every one of its ranked solves.
 */
export function boardsOf(services: Pick<Services, 'boards' | 'now'>, date: string): LiveDesks | undefined {
  if (!services.boards || areAnswersPublic(date as IsoDate, services.now())) return undefined;
  return services.boards;
}
