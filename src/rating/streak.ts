/**
 * Streaks: runs of consecutive puzzle dates a player solved, each while it was that date in the player's
 * own calendar (the caller passes those dates). Streak freezes keep a run alive over missed dates: one is
 * earned for every FREEZE_EVERY days of a run, at most MAX_FREEZES are held, and they are spent
 * automatically, one per missed date, when the player comes back; a frozen date keeps the run but does not
 * lengthen it.
 */

export const FREEZE_EVERY = 7;
export const MAX_FREEZES = 2;

/** What the latest solved date did to the run. */
export type StreakChange = 'started' | 'extended' | 'frozen' | 'reset';

export interface Streaks {
  /** The run ending at the latest solved date, while it can still go on (today, yesterday, or freezes to bridge); else 0. */
  current: number;
  best: number;
  /** Freezes held now. */
  freezes: number;
  /** What the latest solved date did: began a run, extended it, extended it over frozen dates, or began anew. */
  latest: StreakChange | null;
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The number written by `date`'s digits from `start` to `end`, or NaN when one is not a digit. */
function digits(date: string, start: number, end: number): number {
  let n = 0;
  for (let i = start; i < end; i++) {
    const d = date.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return Number.NaN;
    n = n * 10 + d;
  }
  return n;
}

/**
 * Days since 1970-01-01 of a proleptic Gregorian date (Hinnant's days_from_civil). Read digit by digit: a
 * player of a year has 365 dates read at each solve, where a pattern match and its array cost a solve more
 * than all the rest of its streak.
 */
function dayNumber(date: string): number {
  const year = digits(date, 0, 4);
  const month = digits(date, 5, 7);
  const day = digits(date, 8, 10);
  if (date.length !== 10 || date[4] !== '-' || date[7] !== '-' || Number.isNaN(year + month + day)) {
    throw new RangeError(`not a YYYY-MM-DD date: ${JSON.stringify(date)}`);
  }
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const monthDays = month === 2 && leap ? 29 : MONTH_DAYS[month - 1];
  if (monthDays === undefined || day < 1 || day > monthDays) throw new RangeError(`no such date: ${date}`);
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** Current and best streak, freezes held and what the latest date did, from the solved dates and today. */
export function streaks(dates: readonly string[], today: string): Streaks {
  const todayNumber = dayNumber(today);
  const days = [...new Set(dates.map(dayNumber))].sort((a, b) => a - b);
  let best = 0;
  let run = 0;
  let freezes = 0;
  let latest: StreakChange | null = null;
  let previous = Number.NaN;
  for (const d of days) {
    const missed = d - previous - 1;
    if (missed === 0) {
      run++;
      latest = 'extended';
    } else if (missed > 0 && missed <= freezes) {
      freezes -= missed;
      run++;
      latest = 'frozen';
    } else {
      latest = Number.isNaN(previous) ? 'started' : 'reset';
      run = 1;
      freezes = 0;
    }
    if (run % FREEZE_EVERY === 0) freezes = Math.min(MAX_FREEZES, freezes + 1);
    best = Math.max(best, run);
    previous = d;
  }
  const alive = days.length > 0 && todayNumber - previous - 1 <= freezes;
  return { current: alive ? run : 0, best, freezes: alive ? freezes : 0, latest };
}
