import type { Analytics } from '../contract/analytics.js';
import type { Level } from '../contract/kinds/index.js';
import { addDays, daysBetween, type IsoDate, latestPlayableDate, utcDate } from '../daily/calendar.js';
import {
  type Cohort,
  type DailyPuzzleStatsRow,
  dateFigures,
  saveDateStats,
  statsBetween,
  streakDatesUpTo,
} from '../db/analytics.js';
import type { Db } from '../db/client.js';
import type { Kind } from '../kinds/index.js';
import { inKindLevelOrder } from '../kinds/order.js';
import { quartiles } from '../rating/quartiles.js';
import { streaks } from '../rating/streak.js';
import { streakBuckets } from '../rating/streak-buckets.js';
import { RETENTION_DAYS, retentionByWeek } from './retention.js';

/**
 * Dates the cron recomputes on each run, counting back from the newest playable one: a date's figures move
 * until its ranking has closed everywhere (a day and a half after it began), and a missed run is covered
 * by the next.
 */
export const REFRESHED_DAYS = 4;

/** The longest range one analytics request covers. */
export const MAX_ANALYTICS_DAYS = 366;

/** Recomputes and stores the aggregates of the last REFRESHED_DAYS dates (the daily cron). */
export async function refreshAnalytics(db: Db, now: Date): Promise<IsoDate[]> {
  const newest = latestPlayableDate(now);
  const dates = Array.from({ length: REFRESHED_DAYS }, (_, i) => addDays(newest, -i));
  const done: IsoDate[] = [];
  for (const date of dates) if (await refreshDate(db, date, now)) done.push(date);
  return done;
}

/** Computes one date's aggregates from its rows and stores them; false when the date has no puzzles. */
export async function refreshDate(db: Db, date: IsoDate, now: Date): Promise<boolean> {
  const madeBefore = (n: number): Cohort => ({ from: addDays(date, -n), to: addDays(date, 1 - n) });
  const [one, seven, thirty] = RETENTION_DAYS;
  const cohorts = [madeBefore(one), madeBefore(seven), madeBefore(thirty)] as const;
  const figures = await dateFigures(db, date, addDays(date, 1), cohorts);
  if (!figures) return false;
  // Each streak as of the date: the player's run of solved dates ending on it (freezes as players see them).
  const datesOf = await streakDatesUpTo(db, figures.streakers, date);
  const lengths = figures.streakers.map((id) => streaks(datesOf.get(id) ?? [], date).current);
  const computedAt = now.toISOString();
  const rows: DailyPuzzleStatsRow[] = figures.puzzles.map((puzzle) => {
    const session = figures.sessions.find((s) => s.puzzleId === puzzle.id);
    const times = figures.times.filter((t) => t.puzzleId === puzzle.id).map((t) => t.countedMs ?? 0);
    const spread = quartiles(times);
    const held = (status: string) =>
      figures.held.find((h) => h.puzzleId === puzzle.id && h.status === status)?.n ?? 0;
    const votes = figures.votes.find((v) => v.puzzleId === puzzle.id);
    return {
      date,
      kind: puzzle.kind,
      level: puzzle.level,
      started: session?.started ?? 0,
      solved: times.length,
      p25Ms: spread ? Math.round(spread.p25) : null,
      medianMs: spread ? Math.round(spread.median) : null,
      p75Ms: spread ? Math.round(spread.p75) : null,
      benchmarkSeconds: puzzle.benchmarkSeconds,
      hints: session?.hints ?? 0,
      pending: held('pending'),
      flagged: held('flagged'),
      voters: votes?.voters ?? 0,
      funMean: votes?.funMean ?? null,
      feltEasier: votes?.easier ?? 0,
      feltRight: votes?.right ?? 0,
      feltHarder: votes?.harder ?? 0,
      computedAt,
    };
  });
  await saveDateStats(db, rows, {
    date,
    newPlayers: figures.newPlayers,
    activePlayers: figures.activePlayers,
    returningPlayers: figures.returningPlayers,
    sharesMade: figures.sharesMade,
    ...streakBuckets(lengths),
    backAfter1: figures.back[0],
    backAfter7: figures.back[1],
    backAfter30: figures.back[2],
    computedAt,
  });
  return true;
}

export type AnalyticsOutcome =
  | { ok: true; analytics: Analytics }
  | { ok: false; reason: 'reversed' | 'too_long' };

/** The stored aggregates of a range of dates, optionally of one kind and level, with completion rates. */
export async function analyticsReport(
  db: Db,
  now: Date,
  query: {
    from?: IsoDate | undefined;
    to?: IsoDate | undefined;
    kind?: Kind | undefined;
    level?: Level | undefined;
  },
): Promise<AnalyticsOutcome> {
  const to = query.to ?? latestPlayableDate(now);
  const from = query.from ?? addDays(to, -29);
  if (from > to) return { ok: false, reason: 'reversed' };
  if (daysBetween(from, to) + 1 > MAX_ANALYTICS_DAYS) return { ok: false, reason: 'too_long' };
  const daysTo = addDays(to, Math.max(...RETENTION_DAYS));
  const { puzzleRows, dayRows } = await statsBetween(db, {
    from,
    to,
    daysTo,
    kind: query.kind,
    level: query.level,
  });
  const dates = [...new Set(puzzleRows.map((r) => r.date))];
  const ordered = dates.flatMap((date) => inKindLevelOrder(puzzleRows.filter((r) => r.date === date)));
  return {
    ok: true,
    analytics: {
      from,
      to,
      today: utcDate(now),
      days: dayRows
        .filter((day) => day.date <= to)
        .map(({ computedAt: _, backAfter1: _1, backAfter7: _7, backAfter30: _30, ...day }) => day),
      retention: retentionByWeek(dayRows, from, to),
      puzzles: ordered.map(({ computedAt, ...row }) => ({
        ...row,
        completionRate: row.started === 0 ? null : row.solved / row.started,
        computedAt,
      })),
    },
  };
}
