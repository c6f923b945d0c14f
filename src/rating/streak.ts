/**
 * Streaks: runs of consecutive puzzle dates on which a player has at least one valid ranked solve.
 * Dates are puzzle dates (the calendar day of the puzzle, YYYY-MM-DD), not the moments of solving.
 */

export interface Streaks {
  /** The run ending at the latest solved date, if that date is today, yesterday or later; else 0. */
  current: number;
  best: number;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a proleptic Gregorian date (Hinnant's days_from_civil). */
function dayNumber(date: string): number {
  const m = DATE.exec(date);
  if (!m) throw new RangeError(`not a YYYY-MM-DD date: ${JSON.stringify(date)}`);
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const monthDays = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  if (monthDays === undefined || day < 1 || day > monthDays) throw new RangeError(`no such date: ${date}`);
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/**
 * Current and best streak from the dates a player solved validly (any order, repeats allowed) and the
 * player's today. A date after today (the day has already begun elsewhere on Earth) keeps the streak
 * alive like today does.
 */
export function streaks(dates: readonly string[], today: string): Streaks {
  const todayNumber = dayNumber(today);
  const days = [...new Set(dates.map(dayNumber))].sort((a, b) => a - b);
  let best = 0;
  let run = 0;
  let previous = Number.NaN;
  for (const d of days) {
    run = d === previous + 1 ? run + 1 : 1;
    best = Math.max(best, run);
    previous = d;
  }
  const current = days.length > 0 && previous >= todayNumber - 1 ? run : 0;
  return { current, best };
}
