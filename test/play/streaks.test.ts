import { describe, expect, it } from 'vitest';
import { PlayerProfileSchema } from '../../src/contract/player.js';
import { appAt } from '../support/app.js';
import { bodyOf, errorOf } from '../support/json.js';
import { bearer, type ResultJson, register, solveAs } from '../support/play.js';

async function setTimeZone(at: string, token: string, timeZone: string) {
  return appAt(at)('/v1/players/me', {
    method: 'PATCH',
    headers: { ...bearer(token), 'content-type': 'application/json' },
    body: JSON.stringify({ timeZone }),
  });
}

async function streakAt(at: string, token: string) {
  const me = await bodyOf(await appAt(at)('/v1/players/me', { headers: bearer(token) }), PlayerProfileSchema);
  return me.streak;
}

const solve = (token: string, date: string, at: string, level: 'easy' | 'medium' = 'easy') =>
  solveAs(token, {
    date,
    kind: 'loop',
    level,
    fetchAt: at,
    submitAt: new Date(Date.parse(at) + 300_000).toISOString(),
  }).then((r) => r.body as ResultJson);

describe('streaks by the player’s own calendar', () => {
  it('count one date for one visit that solves three playable dates (yesterday, today, tomorrow)', async () => {
    const { token } = await register('2026-11-15T11:00:00Z');
    const visit = '2026-11-15T11:00:00Z';
    expect((await setTimeZone(visit, token, 'UTC')).status).toBe(200);
    for (const date of ['2026-11-14', '2026-11-15', '2026-11-16']) {
      expect((await solve(token, date, visit)).valid).toBe(true);
    }
    expect(await streakAt('2026-11-15T12:00:00Z', token)).toMatchObject({ current: 1, best: 1 });
    // The next day's visit extends it by one.
    await solve(token, '2026-11-16', '2026-11-16T11:00:00Z', 'medium');
    expect(await streakAt('2026-11-16T12:00:00Z', token)).toMatchObject({ current: 2, best: 2 });
  });

  it('count for a player at UTC+14 the date that has begun there, not the UTC one', async () => {
    const { token } = await register('2026-11-17T11:00:00Z');
    await setTimeZone('2026-11-17T11:00:00Z', token, 'Pacific/Kiritimati');
    // 11:00 UTC on the 17th is 01:00 on the 18th in Kiritimati.
    const utcDate = await solve(token, '2026-11-17', '2026-11-17T11:00:00Z');
    expect(utcDate.streak).toMatchObject({ current: 0, best: 0 });
    const localDate = await solve(token, '2026-11-18', '2026-11-17T11:00:00Z');
    expect(localDate.streak).toMatchObject({ current: 1, best: 1 });
  });

  it('count for a player at UTC−12 the date that is still theirs, not the UTC one', async () => {
    const { token } = await register('2026-11-20T08:00:00Z');
    await setTimeZone('2026-11-20T08:00:00Z', token, 'Etc/GMT+12');
    // 08:00 UTC on the 20th is 20:00 on the 19th at UTC−12.
    const utcDate = await solve(token, '2026-11-20', '2026-11-20T08:00:00Z');
    expect(utcDate.streak).toMatchObject({ current: 0, best: 0 });
    const localDate = await solve(token, '2026-11-19', '2026-11-20T08:00:00Z');
    expect(localDate.streak).toMatchObject({ current: 1, best: 1 });
  });

  it("take the first session's tz as the calendar of a player that never set one", async () => {
    const { token } = await register('2026-11-22T11:00:00Z');
    const result = await solveAs(token, {
      date: '2026-11-23',
      kind: 'loop',
      level: 'hard',
      fetchAt: '2026-11-22T11:00:00Z',
      submitAt: '2026-11-22T11:20:00Z',
    });
    expect(result.status).toBe(200);
    // No tz given: UTC, where it is still the 22nd, so the 23rd does not count.
    expect((result.body as ResultJson).streak.current).toBe(0);
  });
});

describe('the time zone a player sets', () => {
  it('must be an IANA name', async () => {
    const { token } = await register('2026-11-25T10:00:00Z');
    const res = await setTimeZone('2026-11-25T10:00:00Z', token, 'Mars/Base');
    expect(res.status).toBe(400);
    expect((await errorOf(res)).error.code).toBe('invalid_time_zone');
  });

  it('can change once every 24 hours: a second change sooner is a 429 with Retry-After', async () => {
    const { token } = await register('2026-11-25T10:00:00Z');
    expect((await setTimeZone('2026-11-25T10:00:00Z', token, 'Europe/Paris')).status).toBe(200);
    const soon = await setTimeZone('2026-11-25T16:00:00Z', token, 'Asia/Tokyo');
    expect(soon.status).toBe(429);
    expect(soon.headers.get('Retry-After')).toBe(String(18 * 3600));
    expect((await errorOf(soon)).error.code).toBe('time_zone_locked');
    const me = await (
      await appAt('2026-11-25T16:00:00Z')('/v1/players/me', { headers: bearer(token) })
    ).json();
    expect(me).toMatchObject({ timeZone: 'Europe/Paris' });
    expect((await setTimeZone('2026-11-26T10:00:00Z', token, 'Asia/Tokyo')).status).toBe(200);
  });

  it('is stored as the runtime spells it, and naming the same zone again changes nothing', async () => {
    const { token } = await register('2026-11-25T10:00:00Z');
    const first = await (await setTimeZone('2026-11-25T10:00:00Z', token, 'america/new_york')).json();
    expect(first).toMatchObject({ timeZone: 'America/New_York' });
    expect((await setTimeZone('2026-11-25T11:00:00Z', token, 'America/New_York')).status).toBe(200);
  });
});
