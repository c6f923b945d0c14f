import { utcDate } from '../daily/calendar.js';
import { solvedDates } from '../db/submissions.js';
import type { Services } from '../http/context.js';
import { type Streaks, streaks } from '../rating/streak.js';

/** A player's current and best streak of puzzle days with a valid ranked solve. */
export async function playerStreak(services: Services, playerId: string): Promise<Streaks> {
  return streaks(await solvedDates(services.db, playerId), utcDate(services.now()));
}
