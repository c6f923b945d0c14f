import { addDays, dateInTimeZone, formatterPerZone, type IsoDate } from './calendar.js';

const HOUR_MS = 3_600_000;
/** Offsets on Earth lie within a day of UTC: the offsets a wall time can have are the zone's within 14 hours. */
const OFFSET_REACH_MS = 14 * HOUR_MS;

const wallClockFormat = formatterPerZone(
  {
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  },
  'en-US',
);

/** The wall-clock time at `ms` in `tz`, written as if it were UTC (so two wall times compare as numbers). */
function wallClock(ms: number, tz: string): number {
  const format = wallClockFormat(tz);
  const part: Record<string, number> = {};
  for (const p of format.formatToParts(ms)) part[p.type] = Number(p.value);
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = part;
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

/**
 * The instant `date` reaches `hour`:00 on the wall clocks of `tz`. When clocks go back and the hour comes
 * twice, its first coming; when they go forward over it, the instant they jump (the first moment after
 * the missing wall time).
 */
export function localHourStart(date: IsoDate, hour: number, tz: string): Date {
  const wall = Date.parse(`${date}T00:00:00Z`) + hour * HOUR_MS;
  const candidates = [wall - OFFSET_REACH_MS, wall + OFFSET_REACH_MS]
    .map((probe) => wall - (wallClock(probe, tz) - probe))
    .sort((a, b) => a - b);
  const exact = candidates.find((at) => wallClock(at, tz) === wall);
  const after = candidates.find((at) => wallClock(at, tz) > wall);
  return new Date(exact ?? after ?? wall);
}

/** One reminder's hour: the player's date it belongs to, when it begins and when it is over. */
export interface ReminderSlot {
  date: IsoDate;
  start: Date;
  end: Date;
}

/**
 * The next hour `hour` of the player's calendar `tz` that has not ended by `now`, on a date after
 * `lastSent` (the date of the last reminder sent, if any): the slot the next reminder belongs to. It is due
 * when its start has come.
 */
export function nextReminderSlot(
  now: Date,
  tz: string,
  hour: number,
  lastSent: IsoDate | null,
): ReminderSlot {
  let date = dateInTimeZone(now, tz);
  if (lastSent !== null && date <= lastSent) date = addDays(lastSent, 1);
  for (;;) {
    const start = localHourStart(date, hour, tz);
    const end = new Date(start.getTime() + HOUR_MS);
    if (end.getTime() > now.getTime()) return { date, start, end };
    date = addDays(date, 1);
  }
}

/** When the player's date `date` ends in `tz`: a reminder of that date is stale from then on. */
export function localDateEnd(date: IsoDate, tz: string): Date {
  return localHourStart(addDays(date, 1), 0, tz);
}
