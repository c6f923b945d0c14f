import { canonicalTimeZone } from '../daily/calendar.js';
import type { PlayerRow } from '../db/players.js';

/** A player may change its calendar once a day: more often would let one visit count several dates. */
export const TIME_ZONE_CHANGE_INTERVAL_MS = 24 * 3_600_000;

export type TimeZoneChange =
  | {
      ok: true;
      changes: { timeZone: string; timeZonePrevious: string; timeZoneChangedAt: string } | null;
    }
  | { ok: false; reason: 'unknown_time_zone' }
  | { ok: false; reason: 'too_soon'; retryAfterSeconds: number };

/**
 * Whether the player may take `timeZone` as its calendar now. The zone a first session set for it may be
 * replaced at once; after that, one change per TIME_ZONE_CHANGE_INTERVAL_MS. Naming the current zone
 * changes nothing. Either way a change counts for streaks from the next local date only.
 */
export function timeZoneChange(player: PlayerRow, name: string, now: Date): TimeZoneChange {
  const timeZone = canonicalTimeZone(name);
  if (timeZone === null) return { ok: false, reason: 'unknown_time_zone' };
  if (timeZone === player.timeZone) return { ok: true, changes: null };
  if (player.timeZoneChangedAt !== null) {
    const wait = Date.parse(player.timeZoneChangedAt) + TIME_ZONE_CHANGE_INTERVAL_MS - now.getTime();
    if (wait > 0) return { ok: false, reason: 'too_soon', retryAfterSeconds: Math.ceil(wait / 1000) };
  }
  // The zone streaks were counted in until now (UTC for a player that had none): its date holds until it
  // ends there, so the change gives no second date in one visit (src/daily/calendar-change.ts).
  const timeZonePrevious = player.timeZone ?? 'UTC';
  return { ok: true, changes: { timeZone, timeZonePrevious, timeZoneChangedAt: now.toISOString() } };
}
