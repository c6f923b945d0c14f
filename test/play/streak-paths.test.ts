import { describe, expect, it } from 'vitest';
import { PlayerProfileSchema } from '../../src/contract/player.js';
import type { Streak } from '../../src/contract/streak.js';
import { appAt } from '../support/app.js';
import { bodyOf } from '../support/json.js';
import { bearer, type ResultJson, register, solveAs } from '../support/play.js';

/**
 * Issue 27: every streak path, with freezes left over, through the API (src/rating/streak.ts holds the
 * rule; README, "Streak freezes"). A player earns a freeze every 7 days of a run and holds at most 2; each
 * missed date spends exactly one, and a gap of more missed dates than it holds resets the run. Players are
 * in UTC and solve each date's loop easy at noon, so the date solved is the date of their calendar.
 * test/play/player-data.test.ts covers one freeze spent on one missed date and a reset without one.
 */

const FIRST = Date.parse('2026-10-01T00:00:00Z');
/** The date `n` days after 2026-10-01 (n = 0 is the 1st). */
const day = (n: number) => new Date(FIRST + n * 86_400_000).toISOString().slice(0, 10);

async function solveOn(token: string, date: string): Promise<Streak> {
  const { status, body } = await solveAs(token, {
    date,
    kind: 'loop',
    level: 'easy',
    fetchAt: `${date}T12:00:00Z`,
    submitAt: `${date}T12:05:00Z`,
  });
  expect(status, JSON.stringify(body)).toBe(200);
  return (body as ResultJson).streak;
}

/** A player that solved every date from the 1st for `days` days: its last answer's streak. */
async function runOf(days: number): Promise<{ token: string; last: Streak }> {
  const { token } = await register(`${day(0)}T08:00:00Z`);
  let last: Streak | undefined;
  for (let n = 0; n < days; n++) last = await solveOn(token, day(n));
  if (!last) throw new Error('no day solved');
  return { token, last };
}

async function streakOn(date: string, token: string): Promise<Streak> {
  const res = await appAt(`${date}T20:00:00Z`)('/v1/players/me', { headers: bearer(token) });
  return (await bodyOf(res, PlayerProfileSchema)).streak;
}

describe('a streak on consecutive days', () => {
  it('starts with the first solve and is extended by one on each next date', async () => {
    const { token } = await register(`${day(0)}T08:00:00Z`);
    expect(await solveOn(token, day(0))).toEqual({ current: 1, best: 1, freezes: 0, change: 'started' });
    expect(await solveOn(token, day(1))).toEqual({ current: 2, best: 2, freezes: 0, change: 'extended' });
    expect(await solveOn(token, day(2))).toEqual({ current: 3, best: 3, freezes: 0, change: 'extended' });
  });

  it('is not changed again by a second puzzle of a date it already has', async () => {
    const { token } = await register(`${day(0)}T08:00:00Z`);
    await solveOn(token, day(0));
    expect(await solveOn(token, day(1))).toMatchObject({ current: 2, change: 'extended' });
    const second = await solveAs(token, {
      date: day(1),
      kind: 'sudoku',
      level: 'easy',
      fetchAt: `${day(1)}T13:00:00Z`,
      submitAt: `${day(1)}T13:10:00Z`,
    });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect((second.body as ResultJson).streak).toEqual({ current: 2, best: 2, freezes: 0, change: null });
  });

  it('earns its first freeze on the 7th date, not the 6th', async () => {
    const { token, last } = await runOf(6);
    expect(last).toMatchObject({ current: 6, freezes: 0 });
    expect(await solveOn(token, day(6))).toEqual({ current: 7, best: 7, freezes: 1, change: 'extended' });
  });

  it('holds at most 2 freezes: the 14th date earns the second and the 21st none more', async () => {
    const { token, last } = await runOf(13);
    expect(last).toMatchObject({ current: 13, freezes: 1 });
    expect(await solveOn(token, day(13))).toMatchObject({ current: 14, freezes: 2 });
    let latest = await solveOn(token, day(14));
    for (let n = 15; n < 21; n++) latest = await solveOn(token, day(n));
    expect(latest).toEqual({ current: 21, best: 21, freezes: 2, change: 'extended' });
  });
});

describe('a missed date', () => {
  it('resets a run without a freeze: the best stays', async () => {
    const { token } = await runOf(3);
    expect(await solveOn(token, day(4))).toEqual({ current: 1, best: 3, freezes: 0, change: 'reset' });
  });

  it('spends exactly one of two freezes, leaving the other held', async () => {
    const { token } = await runOf(14);
    expect(await solveOn(token, day(15))).toEqual({ current: 15, best: 15, freezes: 1, change: 'frozen' });
    // The freeze left over covers the next missed date.
    expect(await solveOn(token, day(17))).toEqual({ current: 16, best: 16, freezes: 0, change: 'frozen' });
  });
});

describe('two missed dates', () => {
  it('reset a run that holds one freeze, and the freeze is lost', async () => {
    const { token, last } = await runOf(7);
    expect(last.freezes).toBe(1);
    expect(await solveOn(token, day(9))).toEqual({ current: 1, best: 7, freezes: 0, change: 'reset' });
  });

  it('spend both freezes of a run that holds two', async () => {
    const { token } = await runOf(14);
    expect(await solveOn(token, day(16))).toEqual({ current: 15, best: 15, freezes: 0, change: 'frozen' });
  });
});

describe('the streak shown between solves', () => {
  it('stays current over as many missed dates as the freezes held, and is gone one date later', async () => {
    const { token } = await runOf(14);
    // The 14th date solved is day(13); day(14) and day(15) are missed, the two freezes would cover them.
    expect(await streakOn(day(15), token)).toEqual({ current: 14, best: 14, freezes: 2, change: null });
    expect(await streakOn(day(16), token)).toEqual({ current: 14, best: 14, freezes: 2, change: null });
    expect(await streakOn(day(17), token)).toEqual({ current: 0, best: 14, freezes: 0, change: null });
  });
});
