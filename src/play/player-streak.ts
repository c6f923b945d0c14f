import { utcDate } from '../daily/calendar.js';
import { solvedDates } from '../db/submissions.js';
import type { Services } from '../http/context.js';
import { type Streaks, streaks } from '../rating/streak.js';

/** Current and best streak from a player's solved puzzle dates, as of `now` (UTC). */
export function streakFrom(dates: readonly string[], now: Date): Streaks {
  return streaks(dates, utcDate(now));
}

/** A player's current and best streak of puzzle days with a valid ranked solve. */
export async function playerStreak(services: Services, playerId: string): Promise<Streaks> {
  return streakFrom(await solvedDates(services.db, playerId), services.now());
}
