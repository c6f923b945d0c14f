import { createExecutionContext, createScheduledController, env } from 'cloudflare:test';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { DEV_SECRETS } from '../../src/config.js';
import { TEST_CLOCK_EARLIEST, TEST_CLOCK_LATEST, TestClockSchema } from '../../src/contract/clock.js';
import { HealthSchema } from '../../src/contract/health.js';
import { NewPlayerSchema, PlayerProfileSchema } from '../../src/contract/player.js';
import { DayPuzzlesSchema, type PlayablePuzzle, PlayablePuzzleSchema } from '../../src/contract/puzzle.js';
import { SubmissionResultSchema } from '../../src/contract/submission.js';
import { type IsoDate, utcDate } from '../../src/daily/calendar.js';
import { puzzlesOfDate } from '../../src/daily/schedule.js';
import type { Env } from '../../src/env.js';
import worker from '../../src/index.js';
import { bodyOf, errorOf } from '../support/json.js';
import { bearer, humanLogFor, type NewPlayer, solveStored, someAddress } from '../support/play.js';
import { settled } from '../support/settled.js';
import { DEPLOYED_VAPID } from '../support/vapid.js';

/** The real clock of most tests here: fixed, so every figure the test clock gives is exact. */
const REAL = '2026-12-01T08:00:00Z';
const api = (now: () => Date = () => new Date(REAL), extra: Partial<Env> = {}) => {
  const app = createApp({ now });
  return (path: string, init?: RequestInit) => app.request(path, init, { ...env, ...extra });
};
const fixed = api();

const admin = (token: string = DEV_SECRETS.ADMIN_TOKEN) => ({
  Authorization: `Bearer ${token}`,
  'content-type': 'application/json',
  ...someAddress(),
});

type Send = ReturnType<typeof api>;

const setClock = (send: Send, now: string, headers = admin()) =>
  send('/v1/admin/clock', { method: 'PUT', headers, body: JSON.stringify({ now }) });
const readClock = async (send: Send) =>
  bodyOf(await send('/v1/admin/clock', { headers: admin() }), TestClockSchema);
const clearClock = (send: Send) => send('/v1/admin/clock', { method: 'DELETE', headers: admin() });

async function todayOf(send: Send, query = ''): Promise<string> {
  const res = await send(`/v1/puzzles/today${query}`);
  if (res.status !== 200) throw new Error(`today: ${res.status} ${await res.text()}`);
  return (await bodyOf(res, DayPuzzlesSchema)).date;
}

async function registerWith(send: Send): Promise<NewPlayer> {
  const res = await send('/v1/players', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...someAddress() },
    body: '{}',
  });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${await res.text()}`);
  return await bodyOf(res, NewPlayerSchema);
}

async function fetchAsPlayer(send: Send, token: string, path: string): Promise<PlayablePuzzle> {
  const res = await send(`/v1/puzzles/${path}`, { headers: { ...bearer(token), ...someAddress() } });
  if (res.status !== 200) throw new Error(`fetch: ${res.status} ${await res.text()}`);
  return await bodyOf(res, PlayablePuzzleSchema);
}

/** A strong random secret, as a deployment would set it. */
function secret(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))));
}

afterEach(async () => {
  await clearClock(fixed);
});

describe('the test clock outside development', () => {
  const production = {
    ENVIRONMENT: 'production',
    PUZZLE_SALT: secret(),
    TOKEN_SECRET: secret(),
    ...DEPLOYED_VAPID,
  };
  const adminToken = secret();
  const deployed = api(undefined, { ...production, ADMIN_TOKEN: adminToken });

  it('answers 404 to GET, PUT and DELETE with the valid admin token, as an unknown route does', async () => {
    const body = JSON.stringify({ now: '2027-01-01T00:00:00Z' });
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const init = { method, headers: admin(adminToken), ...(method === 'PUT' ? { body } : {}) };
      const res = await deployed('/v1/admin/clock', init);
      expect(res.status, method).toBe(404);
      expect(await res.json()).toEqual({
        error: {
          code: 'not_found',
          message: `No route for ${method} /v1/admin/clock`,
          docUrl: '/docs/errors#not_found',
        },
      });
    }
  });

  it('answers the same 404 without a token and with a bad body', async () => {
    const noToken = await deployed('/v1/admin/clock', { method: 'PUT', body: '{"now":1}' });
    expect(noToken.status).toBe(404);
    expect((await errorOf(noToken)).error.code).toBe('not_found');
  });

  it('is never read: a test clock set in development leaves a deployment on the real clock', async () => {
    expect((await setClock(fixed, '2026-12-02T08:00:00Z')).status).toBe(200);
    const health = await bodyOf(await deployed('/v1/health'), HealthSchema);
    expect(health.time).toBe(new Date(REAL).toISOString());
    // The same database, read by development, is a day ahead: the figure above is not the default by chance.
    const dev = await bodyOf(await fixed('/v1/health'), HealthSchema);
    expect(dev.time).toBe('2026-12-02T08:00:00.000Z');
  });
});

describe('PUT /v1/admin/clock in development', () => {
  it('sets the service’s now, and GET and the health check show it', async () => {
    const res = await setClock(fixed, '2027-01-10T09:30:00+01:00');
    expect(res.status).toBe(200);
    const expected = {
      now: '2027-01-10T08:30:00.000Z',
      realNow: '2026-12-01T08:00:00.000Z',
      offsetMs: Date.parse('2027-01-10T08:30:00Z') - Date.parse(REAL),
      testClock: true,
    };
    expect(await res.json()).toEqual(expected);
    expect(await readClock(fixed)).toEqual(expected);
    const health = await bodyOf(await fixed('/v1/health'), HealthSchema);
    expect(health.time).toBe('2027-01-10T08:30:00.000Z');
  });

  it('runs on from the set time as real time passes', async () => {
    let real = Date.parse(REAL);
    const moving = api(() => new Date(real));
    await setClock(moving, '2027-01-10T12:00:00Z');
    real += 5000;
    expect(await readClock(moving)).toMatchObject({
      now: '2027-01-10T12:00:05.000Z',
      realNow: '2026-12-01T08:00:05.000Z',
    });
  });

  it('is kept in the database, where every isolate and the cron read it', async () => {
    await setClock(fixed, '2027-01-10T12:00:00Z');
    const row = await env.DB.prepare('select offset_ms from test_clock').first<{ offset_ms: number }>();
    expect(row?.offset_ms).toBe(Date.parse('2027-01-10T12:00:00Z') - Date.parse(REAL));
  });

  it('set by another isolate (straight into the database), is followed here within a second', async () => {
    expect(await todayOf(fixed)).toBe('2026-12-01');
    await env.DB.prepare('insert into test_clock (id, offset_ms) values (1, ?)').bind(86_400_000).run();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await todayOf(fixed)).toBe('2026-12-02');
  });

  it('moves the calendar: today follows it, in UTC and in the caller’s zone', async () => {
    await setClock(fixed, '2027-02-03T23:30:00Z');
    expect(await todayOf(fixed)).toBe('2027-02-03');
    expect(await todayOf(fixed, '?tz=Asia/Tokyo')).toBe('2027-02-04');
    await setClock(fixed, '2027-02-04T00:30:00Z');
    expect(await todayOf(fixed)).toBe('2027-02-04');
  });

  it('moves the playable window: a date not begun anywhere is 404 until the clock reaches it', async () => {
    await setClock(fixed, '2027-03-01T09:59:59.999Z');
    expect((await fixed('/v1/puzzles/2027-03-02')).status).toBe(404);
    // 2027-03-02 begins at UTC+14 at 10:00 UTC on the 1st.
    await setClock(fixed, '2027-03-01T10:00:00Z');
    expect((await fixed('/v1/puzzles/2027-03-02')).status).toBe(200);
  });

  it('starts a session at the test time and counts its time by the test clock', async () => {
    await setClock(fixed, '2027-04-05T10:00:00Z');
    const { token } = await registerWith(fixed);
    const first = await fetchAsPlayer(fixed, token, '2027-04-05/loop/easy');
    expect(first.session).toEqual({ startedAt: '2027-04-05T10:00:00.000Z', elapsedMs: 0 });
    await setClock(fixed, '2027-04-05T10:01:30Z');
    const again = await fetchAsPlayer(fixed, token, '2027-04-05/loop/easy');
    expect(again.session).toEqual({ startedAt: '2027-04-05T10:00:00.000Z', elapsedMs: 90_000 });
  });

  it('counts a streak of three over three test-clock days, one solve a day', async () => {
    await setClock(fixed, '2027-05-10T09:00:00Z');
    const { player, token } = await registerWith(fixed);
    const streaks: number[] = [];
    for (const date of ['2027-05-10', '2027-05-11', '2027-05-12'] as IsoDate[]) {
      await setClock(fixed, `${date}T10:00:00Z`);
      expect(await todayOf(fixed)).toBe(date);
      const path = `${date}/loop/easy`;
      const { startToken } = await fetchAsPlayer(fixed, token, path);
      const submitAt = `${date}T10:05:00Z`;
      await setClock(fixed, submitAt);
      const solution = await solveStored(date, 'loop', 'easy');
      const res = await fixed(`/v1/puzzles/${path}/submissions`, {
        method: 'POST',
        headers: { ...bearer(token), 'content-type': 'application/json', ...someAddress() },
        body: JSON.stringify({
          solution,
          startToken,
          log: await humanLogFor(player.id, path, solution, submitAt),
        }),
      });
      expect(res.status).toBe(200);
      const result = await bodyOf(res, SubmissionResultSchema);
      expect(result.countedMs).toBe(300_000);
      streaks.push(result.streak.current);
      // A day later the board has long copied the solve to D1, where the next day's submission reads it.
      await settled(`${date}:loop:easy`);
    }
    expect(streaks).toEqual([1, 2, 3]);
    // Days of play (what makes a player established) are the submissions' times: the test clock's.
    const { results } = await env.DB.prepare(
      'select created_at from submissions where player_id = ? order by id',
    )
      .bind(player.id)
      .all<{ created_at: string }>();
    expect(results.map((r) => r.created_at)).toEqual([
      '2027-05-10T10:05:00.000Z',
      '2027-05-11T10:05:00.000Z',
      '2027-05-12T10:05:00.000Z',
    ]);
    const me = await fixed('/v1/players/me', { headers: bearer(token) });
    expect((await bodyOf(me, PlayerProfileSchema)).streak.current).toBe(3);
  });
});

describe('DELETE /v1/admin/clock', () => {
  it('goes back to the real clock', async () => {
    await setClock(fixed, '2027-06-01T12:00:00Z');
    const res = await clearClock(fixed);
    expect(res.status).toBe(200);
    const expected = { now: '2026-12-01T08:00:00.000Z', realNow: '2026-12-01T08:00:00.000Z', offsetMs: 0 };
    expect(await res.json()).toEqual({ ...expected, testClock: false });
    expect(await readClock(fixed)).toEqual({ ...expected, testClock: false });
    expect(await todayOf(fixed)).toBe('2026-12-01');
    expect(await env.DB.prepare('select count(*) as n from test_clock').first('n')).toBe(0);
  });

  it('is a no-op without a test clock', async () => {
    expect((await clearClock(fixed)).status).toBe(200);
    expect((await readClock(fixed)).testClock).toBe(false);
  });
});

describe('a bad PUT /v1/admin/clock', () => {
  const bodies: [string, string][] = [
    ['no zone', '{"now":"2027-01-10T12:00:00"}'],
    ['a date without a time', '{"now":"2027-01-10"}'],
    ['a day that does not exist', '{"now":"2027-02-30T12:00:00Z"}'],
    ['milliseconds since the epoch', '{"now":1800000000000}'],
    ['a field more', '{"now":"2027-01-10T12:00:00Z","frozen":true}'],
    ['no now', '{}'],
  ];

  for (const [what, body] of bodies) {
    it(`is a 400 invalid_request and changes nothing: ${what}`, async () => {
      await setClock(fixed, '2027-07-01T12:00:00Z');
      const res = await fixed('/v1/admin/clock', { method: 'PUT', headers: admin(), body });
      expect(res.status).toBe(400);
      expect((await errorOf(res)).error.code).toBe('invalid_request');
      expect((await readClock(fixed)).now).toBe('2027-07-01T12:00:00.000Z');
    });
  }

  it('is a 400 from the year 9999 on, and an instant that reaches it through its zone too', async () => {
    const put = async (now: string) => (await setClock(fixed, now)).status;
    expect(await put(TEST_CLOCK_LATEST)).toBe(200);
    expect(await put('9999-01-01T00:00:00Z')).toBe(400);
    expect(await put('9998-12-31T23:30:00-01:00')).toBe(400);
    expect((await readClock(fixed)).now).toBe(TEST_CLOCK_LATEST);
    // Even there, today's date of the zone furthest ahead is still a date the routes take.
    expect(await todayOf(fixed, '?tz=Pacific/Kiritimati')).toBe('9999-01-01');
  });

  it('is a 400 before the year 2000, to the millisecond', async () => {
    const put = async (now: string) => (await setClock(fixed, now)).status;
    expect(await put('1999-12-31T23:59:59.999Z')).toBe(400);
    expect(await put('2000-01-01T00:30:00+01:00')).toBe(400);
    expect(await put(TEST_CLOCK_EARLIEST)).toBe(200);
  });

  it('is a 400 invalid_json for a body that is not JSON', async () => {
    const res = await fixed('/v1/admin/clock', { method: 'PUT', headers: admin(), body: 'tomorrow' });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).error.code).toBe('invalid_json');
    expect((await readClock(fixed)).testClock).toBe(false);
  });
});

describe('the test clock’s admin token', () => {
  it('is required by GET, PUT and DELETE: none or a wrong one is a 401 and the clock stays', async () => {
    await setClock(fixed, '2027-08-01T12:00:00Z');
    const body = JSON.stringify({ now: '2030-01-01T00:00:00Z' });
    for (const method of ['GET', 'PUT', 'DELETE']) {
      for (const headers of [{ 'content-type': 'application/json' }, admin('not-the-admin-token')]) {
        const res = await fixed('/v1/admin/clock', {
          method,
          headers: { ...someAddress(), ...headers },
          ...(method === 'PUT' ? { body } : {}),
        });
        expect(res.status, method).toBe(401);
      }
    }
    expect((await readClock(fixed)).now).toBe('2027-08-01T12:00:00.000Z');
  });

  it('keeps its lockout on real time: a clock set a day ahead does not end it', async () => {
    const address = { 'CF-Connecting-IP': '10.99.0.1' };
    let status = 0;
    for (let i = 0; i < 11 && status !== 429; i++) {
      status = (await fixed('/v1/admin/clock', { headers: { ...admin('wrong'), ...address } })).status;
    }
    expect(status).toBe(429);
    await setClock(fixed, '2026-12-02T08:00:00Z');
    const locked = await fixed('/v1/admin/clock', { headers: { ...admin(), ...address } });
    expect(locked.status).toBe(429);
  });
});

describe('the worker’s entry points under the test clock', () => {
  it('the cron makes the test clock’s today and the days ahead, not the real ones', async () => {
    const real = api(() => new Date());
    await setClock(real, '2027-09-20T12:00:00Z');
    await worker.scheduled(createScheduledController({ cron: '5 0 * * *' }), env);
    const { results } = await env.DB.prepare(
      "select date, count(*) as n from puzzles where date between '2027-09-19' and '2027-09-30' group by date order by date",
    ).all<{ date: string; n: number }>();
    const perDay = puzzlesOfDate('2027-09-20' as IsoDate).length;
    expect(results).toEqual([
      { date: '2027-09-20', n: perDay },
      { date: '2027-09-21', n: perDay },
      { date: '2027-09-22', n: perDay },
    ]);
    const realToday = await env.DB.prepare(
      "select count(*) as n from generation_runs where date = ? and trigger = 'cron'",
    )
      .bind(utcDate(new Date()))
      .first('n');
    expect(realToday).toBe(0);
  });

  it('the front cache does not keep yesterday’s today once the clock moves', async () => {
    const real = api(() => new Date());
    const get = (path: string) =>
      worker.fetch(new Request(`http://puzzles.test${path}`), env, createExecutionContext());
    const date = async () => (await bodyOf(await get('/v1/puzzles/today'), DayPuzzlesSchema)).date;
    await setClock(real, '2027-10-05T12:00:00Z');
    expect(await date()).toBe('2027-10-05');
    expect(await date()).toBe('2027-10-05');
    await setClock(real, '2027-10-06T12:00:00Z');
    expect(await date()).toBe('2027-10-06');
  });
});
