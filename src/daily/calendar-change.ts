import { dateInTimeZone, type IsoDate } from './calendar.js';

/** A player's calendar for streaks: its zone now, and the zone it replaced with when. */
export interface PlayerCalendar {
  timeZone: string | null;
  /** The zone before the last change (UTC when the player had none); null when it never changed. */
  timeZonePrevious: string | null;
  timeZoneChangedAt: string | null;
}

/**
 * The date a solve at `now` takes in the player's streak. A change of zone takes effect from the next
 * local date only: the date the player was on when it changed (`d0`, in the old zone) holds until it ends
 * there, and from then on the new zone's date, never one before `d0`.
 *
 * Why: one visit must give one streak date. Without the rule, a solve at UTC−12 and a change to UTC+14 a
 * minute later gave the next date at once (the two zones are 26 hours apart), and the change back west
 * gave an earlier date to fill a gap. Holding `d0` until it ends in the zone it was taken in closes both:
 * eastward the next date comes when `d0` ends where it began (a change over more than 24 hours skips
 * one, as it does for a traveller), westward the new zone's dates are taken once they pass `d0`.
 *
 * The hold applies only when the streak already has `d0` (`hasDate`): a player that changes before
 * solving anything of that date takes one date either way, and a new player's first change (from the zone
 * its first session named, or from none) costs it nothing before it has played.
 */
export function streakDateAt(
  calendar: PlayerCalendar,
  fallbackZone: string,
  now: Date,
  hasDate: (date: IsoDate) => boolean,
): IsoDate {
  const current = dateInTimeZone(now, calendar.timeZone ?? fallbackZone);
  const { timeZonePrevious: previous, timeZoneChangedAt: changedAt } = calendar;
  if (previous === null || changedAt === null) return current;
  const before = dateInTimeZone(new Date(changedAt), previous);
  if (!hasDate(before)) return current;
  if (dateInTimeZone(now, previous) <= before) return before;
  // ISO dates compare as strings; never a date before d0.
  if (current < before) return before;
  return current;
}
