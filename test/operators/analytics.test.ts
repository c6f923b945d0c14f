import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEV_SECRETS } from '../../src/config.js';
import type { Analytics } from '../../src/contract/analytics.js';
import { AnalyticsSchema } from '../../src/contract/analytics.js';
import type { IsoDate } from '../../src/daily/calendar.js';
import { generateDate } from '../../src/daily/generate.js';
import { createDb } from '../../src/db/client.js';
import { refreshAnalytics } from '../../src/play/analytics.js';
import { appAt } from '../support/app.js';
import { bodyOf, errorOf } from '../support/json.js';
import { bearer, later, register, solveAs, someAddress, startPuzzle } from '../support/play.js';

const db = createDb(env.DB);
const date = '2026-11-29' as IsoDate;
const at = '2026-11-29T12:00:00Z';
const admin = { Authorization: `Bearer ${DEV_SECRETS.ADMIN_TOKEN}`, ...someAddress() };

async function analytics(query: string): Promise<Response> {
  return appAt(at)(`/v1/admin/analytics${query}`, { headers: admin });
}

async function report(query: string): Promise<Analytics> {
  const res = await analytics(query);
  expect(res.status, await res.clone().text()).toBe(200);
  return bodyOf(res, AnalyticsSchema);
}

beforeAll(async () => {
  const ctx = { db, salt: DEV_SECRETS.PUZZLE_SALT, now: () => new Date(at) };
  await generateDate(ctx, date, 'cron', [
    { date, kind: 'signal', level: 'easy' },
    { date, kind: 'sudoku', level: 'easy' },
  ]);
  // A player from the day before, back today, and two made today: three play, one only looks.
  const returning = await register('2026-11-28T09:00:00Z');
  const first = await register('2026-11-29T08:00:00Z');
  const second = await register('2026-11-29T08:30:00Z');
  for (const [player, minutes] of [
    [returning, 3],
    [first, 5],
  ] as const) {
    const solved = await solveAs(player.token, {
      date,
      kind: 'signal',
      level: 'easy',
      fetchAt: '2026-11-29T09:00:00Z',
      submitAt: later('2026-11-29T09:00:00Z', minutes * 60),
    });
    expect(solved.status).toBe(200);
  }
  await startPuzzle('2026-11-29T09:00:00Z', second.token, date, 'signal', 'easy');
  const vote = await appAt(at)(`/v1/puzzles/${date}/signal/easy/vote`, {
    method: 'PUT',
    headers: { ...bearer(returning.token), 'content-type': 'application/json', ...someAddress() },
    body: JSON.stringify({ fun: 4, felt: 'easier' }),
  });
  expect(vote.status).toBe(200);
  await refreshAnalytics(db, new Date(at));
});

describe('analytics', () => {
  it('counts who started and who solved each puzzle of a date, with the completion rate', async () => {
    const { puzzles } = await report(`?from=${date}&to=${date}`);
    expect(puzzles.map((p) => [p.kind, p.level, p.started, p.solved])).toEqual([
      ['sudoku', 'easy', 0, 0],
      ['signal', 'easy', 3, 2],
    ]);
    expect(puzzles[1]?.completionRate).toBeCloseTo(2 / 3);
    expect(puzzles[0]?.completionRate).toBeNull();
  });

  it('gives the quartiles of the counted times beside the benchmark', async () => {
    const signal = (await report(`?from=${date}&to=${date}&kind=signal`)).puzzles[0];
    const times = await env.DB.prepare(
      'select counted_ms from submissions where puzzle_id = ? and counted = 1 order by counted_ms',
    )
      .bind(`${date}:signal:easy`)
      .all<{ counted_ms: number }>();
    const [fast, slow] = times.results.map((r) => r.counted_ms) as [number, number];
    expect(signal).toMatchObject({
      p25Ms: Math.round(fast + (slow - fast) / 4),
      medianMs: Math.round((fast + slow) / 2),
      p75Ms: Math.round(fast + ((slow - fast) * 3) / 4),
    });
    expect(signal?.benchmarkSeconds).toBeGreaterThan(0);
  });

  it('tallies the votes of each puzzle', async () => {
    const signal = (await report(`?from=${date}&to=${date}&kind=signal&level=easy`)).puzzles[0];
    expect(signal).toMatchObject({ voters: 1, funMean: 4, feltEasier: 1, feltRight: 0, feltHarder: 0 });
  });

  it('tells new players from returning ones', async () => {
    const { days } = await report(`?from=${date}&to=${date}`);
    // Both solvers' streaks reached the date at one day (the returning player had not solved before).
    expect(days).toEqual([
      {
        date,
        newPlayers: 2,
        activePlayers: 3,
        returningPlayers: 1,
        sharesMade: 0,
        streak1: 2,
        streak2to6: 0,
        streak7to29: 0,
        streak30up: 0,
      },
    ]);
  });

  it('keeps to the kind and level asked for', async () => {
    const { puzzles } = await report(`?from=${date}&to=${date}&kind=sudoku&level=easy`);
    expect(puzzles.map((p) => p.kind)).toEqual(['sudoku']);
  });

  it('answers an empty range with empty lists', async () => {
    expect(await report('?from=2026-10-01&to=2026-10-05')).toMatchObject({ days: [], puzzles: [] });
  });

  it('refuses a range that runs backwards or past 366 days with 400 invalid_range', async () => {
    for (const query of ['?from=2026-11-30&to=2026-11-29', '?from=2025-11-28&to=2026-11-29']) {
      const res = await analytics(query);
      expect(res.status, query).toBe(400);
      expect((await errorOf(res)).error.code).toBe('invalid_range');
    }
    expect((await analytics('?from=2025-11-29&to=2026-11-29')).status).toBe(200);
  });

  it('refuses a date, kind or level that does not parse with 400', async () => {
    for (const query of [
      '?from=2026-02-30',
      '?to=yesterday',
      '?kind=chess',
      '?kind=sudoku&level=superhard',
    ]) {
      expect((await analytics(query)).status, query).toBe(400);
    }
  });

  it('refuses a player token with 401', async () => {
    const { token } = await register(at);
    const res = await appAt(at)('/v1/admin/analytics', { headers: { ...bearer(token), ...someAddress() } });
    expect(res.status).toBe(401);
  });

  it('recomputes on request, so a solve since the last run shows', async () => {
    const late = await register(at);
    await solveAs(late.token, {
      date,
      kind: 'signal',
      level: 'easy',
      fetchAt: '2026-11-29T10:00:00Z',
      submitAt: '2026-11-29T10:04:00Z',
    });
    const res = await appAt(at)('/v1/admin/analytics/refresh', { method: 'POST', headers: admin });
    expect(((await res.json()) as { dates: string[] }).dates).toContain(date);
    const signal = (await report(`?from=${date}&to=${date}&kind=signal`)).puzzles[0];
    expect(signal).toMatchObject({ started: 4, solved: 3 });
  });
});
