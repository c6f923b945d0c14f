import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEV_SECRETS } from '../../src/config.js';
import type { Analytics } from '../../src/contract/analytics.js';
import { AnalyticsSchema } from '../../src/contract/analytics.js';
import { addDays, type IsoDate } from '../../src/daily/calendar.js';
import { generateDate } from '../../src/daily/generate.js';
import { createDb } from '../../src/db/client.js';
import { refreshDate } from '../../src/play/analytics.js';
import { appAt, requestAs } from '../support/app.js';
import { bodyOf } from '../support/json.js';
import { later, type NewPlayer, register, solveAs, someAddress, startPuzzle } from '../support/play.js';

// Share cards, streak lengths and the retention of a week's new players, from what the test plays over a
// month: Ada solves eight days running and shares, Ben only looks on his first day and comes back on days 7
// and 30, a player made the day before plays on the first day (not of the cohort).
const db = createDb(env.DB);
const first = '2026-10-05' as IsoDate; // a Monday
const day = (n: number) => addDays(first, n);
const played = [0, 1, 2, 3, 4, 5, 6, 7, 30].map(day);
const admin = { Authorization: `Bearer ${DEV_SECRETS.ADMIN_TOKEN}`, ...someAddress() };

async function report(from: string, to: string): Promise<Analytics> {
  const res = await appAt(`${day(31)}T12:00:00Z`)(`/v1/admin/analytics?from=${from}&to=${to}`, {
    headers: admin,
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return bodyOf(res, AnalyticsSchema);
}

async function solveOn(player: NewPlayer, date: IsoDate): Promise<void> {
  const fetchAt = `${date}T09:00:00Z`;
  const solved = await solveAs(player.token, {
    date,
    kind: 'signal',
    level: 'easy',
    fetchAt,
    submitAt: later(fetchAt, 5 * 60),
  });
  expect(solved.status, JSON.stringify(solved.body)).toBe(200);
}

async function share(player: NewPlayer, body: { date: string; kind?: string; level?: string }) {
  const res = await requestAs(`${body.date}T10:00:00Z`, player.token, 'POST', '/v1/players/me/shares', body);
  expect(res.status, await res.clone().text()).toBe(201);
}

beforeAll(async () => {
  for (const date of played) {
    const ctx = { db, salt: DEV_SECRETS.PUZZLE_SALT, now: () => new Date(`${date}T00:00:00Z`) };
    await generateDate(ctx, date, 'cron', [{ date, kind: 'signal', level: 'easy' }]);
  }
  const before = await register(`${day(-1)}T20:00:00Z`);
  const ada = await register(`${first}T08:00:00Z`);
  const ben = await register(`${first}T08:30:00Z`);
  await solveOn(before, first);
  for (const n of [0, 1, 2, 3, 4, 5, 6, 7]) await solveOn(ada, day(n));
  await share(ada, { date: first });
  await share(ada, { date: day(1) });
  await share(ada, { date: day(1), kind: 'signal', level: 'easy' });
  for (const n of [0, 7, 30]) await startPuzzle(`${day(n)}T11:00:00Z`, ben.token, day(n), 'signal', 'easy');
  for (const date of played) expect(await refreshDate(db, date, new Date(`${day(31)}T12:00:00Z`))).toBe(true);
});

describe('analytics of shares, streaks and retention', () => {
  it('counts the share cards made of each date', async () => {
    const { days } = await report(first, day(2));
    expect(days.map((d) => [d.date, d.sharesMade])).toEqual([
      [first, 1],
      [day(1), 2],
      [day(2), 0],
    ]);
  });

  it('buckets the streaks that reached each date by their length', async () => {
    const { days } = await report(first, day(7));
    const buckets = days.map((d) => [d.date, d.streak1, d.streak2to6, d.streak7to29, d.streak30up]);
    expect(buckets).toEqual([
      // Ada's first day and the player from the day before's first solve.
      [first, 2, 0, 0, 0],
      [day(1), 0, 1, 0, 0],
      [day(2), 0, 1, 0, 0],
      [day(3), 0, 1, 0, 0],
      [day(4), 0, 1, 0, 0],
      [day(5), 0, 1, 0, 0],
      [day(6), 0, 0, 1, 0],
      [day(7), 0, 0, 1, 0],
    ]);
  });

  it("gives the share of a week's new players who played again 1, 7 and 30 days after their first", async () => {
    const { retention } = await report(first, first);
    expect(retention).toEqual([
      {
        week: first,
        dates: 1,
        newPlayers: 2,
        back1: 1,
        back7: 2,
        back30: 1,
        rate1: 0.5,
        rate7: 1,
        rate30: 0.5,
      },
    ]);
  });

  it('leaves a return unknown (null) while a day it needs has no figures', async () => {
    // The second day's players back 7 and 30 days later would be on days 8 and 31, which nobody played.
    const { retention } = await report(first, day(1));
    expect(retention).toEqual([
      {
        week: first,
        dates: 2,
        newPlayers: 2,
        back1: 1,
        back7: null,
        back30: null,
        rate1: 0.5,
        rate7: null,
        rate30: null,
      },
    ]);
  });

  it('keeps the days of the range to the range, though it reads 30 days past it', async () => {
    const { days } = await report(first, first);
    expect(days.map((d) => d.date)).toEqual([first]);
  });
});
