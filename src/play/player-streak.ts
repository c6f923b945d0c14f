import type { Streak } from '../contract/streak.js';
import { dateInTimeZone } from '../daily/calendar.js';
import { streakDates } from '../db/submissions.js';
import { streaks } from '../rating/streak.js';
import type { Services } from '../services.js';
import { streakView } from './streak-view.js';

/**
 * A player's current and best streak: runs of consecutive puzzle dates, each solved (cleanly, ranked) while
 * it was that date in the player's own calendar, as of today in that calendar (UTC until it has one).
 */
export async function playerStreak(
  services: Services,
  player: { id: string; timeZone: string | null },
): Promise<Streak> {
  const today = dateInTimeZone(services.now(), player.timeZone ?? 'UTC');
  return streakView(streaks(await streakDates(services.db, player.id), today));
}
