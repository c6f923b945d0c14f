import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { SubmissionResultSchema } from '../../src/contract/submission.js';
import { appAt } from '../support/app.js';
import { bodyOf } from '../support/json.js';
import {
  bearer,
  later,
  type ResultJson,
  register,
  solveStored,
  startPuzzle,
  submit,
} from '../support/play.js';

/**
 * Issue 42, F: a change of time zone counts for streaks from the next local date only, so one visit gives
 * one streak date. The attack: a new player's first solve at UTC−12, a PATCH to UTC+14 a minute later (the
 * zone a first session named may be replaced at once), then a solve of the next date.
 */
async function setTimeZone(at: string, token: string, timeZone: string): Promise<void> {
  const res = await appAt(at)('/v1/players/me', {
    method: 'PATCH',
    headers: { ...bearer(token), 'content-type': 'application/json' },
    body: JSON.stringify({ timeZone }),
  });
  expect(res.status).toBe(200);
}

/** Fetches the date's loop at `at` (naming `tz` when given) and submits it five minutes later. */
async function solve(
  token: string,
  date: string,
  at: string,
  tz?: string,
  level: 'easy' | 'medium' = 'easy',
): Promise<ResultJson> {
  const query = tz === undefined ? '' : `?tz=${encodeURIComponent(tz)}`;
  await startPuzzle(at, token, date, 'loop', level, query);
  const solution = await solveStored(date, 'loop', level);
  const res = await submit(later(at, 300), token, `${date}/loop/${level}`, { solution });
  expect(res.status).toBe(200);
  const result = await bodyOf(res, SubmissionResultSchema);
  expect(result.verdict).toBe('clean');
  return result;
}

async function streakDates(playerId: string): Promise<string[]> {
  const rows = await env.DB.prepare(
    'select distinct streak_date as date from submissions where player_id = ? and streak_date is not null order by 1',
  )
    .bind(playerId)
    .all<{ date: string }>();
  return rows.results.map((r) => r.date);
}

describe('a change of time zone', () => {
  it('gives no second streak date in the visit: UTC−12, then UTC+14, then the next date', async () => {
    const { player, token } = await register('2026-11-11T00:20:00Z');
    // 00:30 UTC on the 11th is 12:30 on the 10th at UTC−12.
    await solve(token, '2026-11-10', '2026-11-11T00:30:00Z', 'Etc/GMT+12');
    await setTimeZone('2026-11-11T00:36:00Z', token, 'Pacific/Kiritimati');
    // 00:40 UTC is 14:40 on the 11th in Kiritimati: without the rule the 11th counted at once.
    const next = await solve(token, '2026-11-11', '2026-11-11T00:40:00Z');
    expect(next.streak).toMatchObject({ current: 1, best: 1 });
    expect(await streakDates(player.id)).toEqual(['2026-11-10']);
  });

  it('takes the new zone once the date it was made on has ended in the old one', async () => {
    const { player, token } = await register('2026-11-14T00:20:00Z');
    await solve(token, '2026-11-13', '2026-11-14T00:30:00Z', 'Etc/GMT+12');
    await setTimeZone('2026-11-14T00:36:00Z', token, 'Pacific/Kiritimati');
    // The 13th ends at UTC−12 at 12:00 UTC on the 14th, when it is 02:00 on the 15th in Kiritimati.
    await solve(token, '2026-11-15', '2026-11-14T11:50:00Z');
    expect(await streakDates(player.id)).toEqual(['2026-11-13']);
    await solve(token, '2026-11-15', '2026-11-14T12:05:00Z', undefined, 'medium');
    expect(await streakDates(player.id)).toEqual(['2026-11-13', '2026-11-15']);
  });

  it('gives no earlier date westwards: UTC+14, then UTC−12, then the date still open there', async () => {
    const { player, token } = await register('2026-11-17T10:50:00Z');
    // 11:00 UTC on the 17th is 01:00 on the 18th in Kiritimati and 23:00 on the 16th at UTC−12.
    await solve(token, '2026-11-18', '2026-11-17T11:00:00Z', 'Pacific/Kiritimati');
    await setTimeZone('2026-11-17T11:06:00Z', token, 'Etc/GMT+12');
    // 11:10 UTC is 23:10 on the 16th at UTC−12: without the rule the 16th counted, filling a gap.
    const earlier = await solve(token, '2026-11-16', '2026-11-17T11:10:00Z');
    expect(earlier.streak).toMatchObject({ current: 1, best: 1 });
    expect(await streakDates(player.id)).toEqual(['2026-11-18']);
  });

  it('counts the new zone’s date at once for a player that had not played the date it changed on', async () => {
    const { player, token } = await register('2026-11-20T00:20:00Z');
    await startPuzzle('2026-11-20T00:25:00Z', token, '2026-11-19', 'loop', 'easy', '?tz=Etc%2FGMT%2B12');
    await setTimeZone('2026-11-20T00:26:00Z', token, 'Pacific/Kiritimati');
    await solve(token, '2026-11-20', '2026-11-20T00:30:00Z');
    expect(await streakDates(player.id)).toEqual(['2026-11-20']);
  });
});
