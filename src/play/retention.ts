import { addDays, type IsoDate } from '../daily/calendar.js';

/** The days after a player's first day on which retention asks whether they played again. */
export const RETENTION_DAYS = [1, 7, 30] as const;

/** A date's row as retention reads it: players made that day, and of those made n days before, who played it. */
export interface RetentionDay {
  date: string;
  newPlayers: number;
  backAfter1: number;
  backAfter7: number;
  backAfter30: number;
}

/** One week's new players (the cohort) and the share of them who played again n days after their first day. */
export interface RetentionWeek {
  /** The Monday the week begins (ISO weeks, UTC). */
  week: string;
  /** The week's dates within the range asked for that have figures. */
  dates: number;
  newPlayers: number;
  /** Players back n days later, summed over the week's dates; null until every one of those days has figures. */
  back1: number | null;
  back7: number | null;
  back30: number | null;
  /** back n / new players; null when either is unknown or nobody was new. */
  rate1: number | null;
  rate7: number | null;
  rate30: number | null;
}

const BACK = { 1: 'backAfter1', 7: 'backAfter7', 30: 'backAfter30' } as const;

/** The Monday of a date's ISO week. */
export function weekOf(date: IsoDate): IsoDate {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

/**
 * Retention of each week's new players from the days' rows: the cohort is the players made on the week's
 * dates from `from` to `to`; its return on day n is the sum, over those dates d, of the row of d + n's
 * players made on d who played it (so `days` reaches 30 days past `to`).
 */
export function retentionByWeek(days: readonly RetentionDay[], from: IsoDate, to: IsoDate): RetentionWeek[] {
  const byDate = new Map(days.map((d) => [d.date, d]));
  const weeks = new Map<string, RetentionDay[]>();
  for (const day of days) {
    if (day.date < from || day.date > to) continue;
    const week = weekOf(day.date as IsoDate);
    weeks.set(week, [...(weeks.get(week) ?? []), day]);
  }
  return [...weeks].map(([week, cohort]) => {
    const newPlayers = cohort.reduce((sum, d) => sum + d.newPlayers, 0);
    const back = (n: (typeof RETENTION_DAYS)[number]): number | null => {
      let sum = 0;
      for (const d of cohort) {
        const later = byDate.get(addDays(d.date as IsoDate, n));
        if (!later) return null;
        sum += later[BACK[n]];
      }
      return sum;
    };
    const rate = (returned: number | null) =>
      returned === null || newPlayers === 0 ? null : returned / newPlayers;
    const [back1, back7, back30] = RETENTION_DAYS.map(back) as [number | null, number | null, number | null];
    return {
      week,
      dates: cohort.length,
      newPlayers,
      back1,
      back7,
      back30,
      rate1: rate(back1),
      rate7: rate(back7),
      rate30: rate(back30),
    };
  });
}
