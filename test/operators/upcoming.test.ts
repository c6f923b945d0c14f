import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEV_SECRETS } from '../../src/config.js';
import { AuditPageSchema } from '../../src/contract/admin.js';
import { CreatedModeratorSchema } from '../../src/contract/moderators.js';
import { RerolledSchema, type UpcomingPuzzle, UpcomingSchema } from '../../src/contract/upcoming.js';
import type { IsoDate } from '../../src/daily/calendar.js';
import { generateDate } from '../../src/daily/generate.js';
import { makePuzzleRow } from '../../src/daily/make-puzzle.js';
import { dailySeed } from '../../src/daily/seed.js';
import { createDb } from '../../src/db/client.js';
import { appAt, requestAs } from '../support/app.js';
import { bodyOf, errorOf } from '../support/json.js';
import { bearer, register, someAddress } from '../support/play.js';

const db = createDb(env.DB);
const today = '2026-11-29' as IsoDate;
const tomorrow = '2026-11-30' as IsoDate;
/** 05:00 UTC: the 29th has begun in UTC+14 (at 10:00 the day before), the 30th begins at 10:00 UTC. */
const at = '2026-11-29T05:00:00Z';
const tomorrowBegins = '2026-11-29T10:00:00.000Z';
const OWNER_TOKEN = DEV_SECRETS.ADMIN_TOKEN;

const as = (token: string, method: string, path: string, body?: unknown, now = at) =>
  requestAs(now, token, method, path, body);

function reroll(
  token: string,
  puzzle: string,
  reason: unknown = 'The grader placed it a level low',
  now = at,
) {
  return as(token, 'POST', `/v1/admin/puzzles/${puzzle}/reroll`, { reason }, now);
}

async function upcoming(token: string = OWNER_TOKEN): Promise<UpcomingPuzzle[]> {
  const res = await as(token, 'GET', '/v1/admin/puzzles/upcoming');
  expect(res.status).toBe(200);
  return (await bodyOf(res, UpcomingSchema)).puzzles;
}

async function moderatorToken(): Promise<string> {
  const res = await as(OWNER_TOKEN, 'POST', '/v1/admin/moderators', { name: 'Grace', role: 'moderator' });
  return (await bodyOf(res, CreatedModeratorSchema)).token;
}

beforeAll(async () => {
  const ctx = { db, salt: DEV_SECRETS.PUZZLE_SALT, now: () => new Date(at) };
  const keys = (date: IsoDate) =>
    [
      { date, kind: 'signal', level: 'easy' },
      { date, kind: 'sudoku', level: 'easy' },
      { date, kind: 'signal', level: 'medium' },
    ] as const;
  await generateDate(ctx, today, 'cron', keys(today));
  await generateDate(ctx, tomorrow, 'cron', keys(tomorrow));
});

describe("tomorrow's puzzles", () => {
  it('shows a moderator the made puzzles of the dates not begun, with grade, benchmark and picture', async () => {
    const puzzles = await upcoming(await moderatorToken());
    expect(puzzles.map((p) => p.id)).toEqual([
      `${tomorrow}:sudoku:easy`,
      `${tomorrow}:signal:easy`,
      `${tomorrow}:signal:medium`,
    ]);
    const signal = puzzles[1] as UpcomingPuzzle;
    expect(signal).toMatchObject({ attempt: 0, beginsAt: tomorrowBegins, grade: { level: 'easy' } });
    expect(signal.grade.techniques.length).toBeGreaterThan(0);
    expect(signal.benchmarkSeconds).toBeGreaterThan(0);
    expect(signal.rendering.split('\n').length).toBeGreaterThan(3);
  });

  it('leaves out a date once it has begun somewhere', async () => {
    const res = await as(OWNER_TOKEN, 'GET', '/v1/admin/puzzles/upcoming', undefined, tomorrowBegins);
    const { puzzles } = await bodyOf(res, UpcomingSchema);
    expect(puzzles.filter((p) => p.date === tomorrow)).toEqual([]);
  });

  it("never serves tomorrow's puzzle to a player", async () => {
    const { token } = await register(at);
    const own = await appAt(at)(`/v1/puzzles/${tomorrow}/signal/easy`, { headers: bearer(token) });
    expect(own.status).toBe(404);
    const list = await appAt(at)(`/v1/puzzles/${tomorrow}`, { headers: bearer(token) });
    expect(list.status).toBe(404);
    expect((await as(token, 'GET', '/v1/admin/puzzles/upcoming')).status).toBe(401);
  });

  it('refuses the preview without a token with 401', async () => {
    const res = await appAt(at)('/v1/admin/puzzles/upcoming', { headers: someAddress() });
    expect(res.status).toBe(401);
  });
});

describe('rerolling a puzzle', () => {
  it("replaces tomorrow's puzzle with attempt 1 of its date's seed, the same on every run", async () => {
    const res = await reroll(OWNER_TOKEN, `${tomorrow}/signal/easy`);
    expect(res.status, await res.clone().text()).toBe(200);
    const body = await bodyOf(res, RerolledSchema);
    expect(body.previousAttempt).toBe(0);
    expect(body.puzzle.attempt).toBe(1);
    const seed = await dailySeed(DEV_SECRETS.PUZZLE_SALT, tomorrow, 'signal', 'easy', 1);
    const expected = makePuzzleRow({ date: tomorrow, kind: 'signal', level: 'easy' }, seed, {
      seconds: 1,
      unit: 'puzzle',
    });
    const stored = await env.DB.prepare('select seed, puzzle_json, attempt from puzzles where id = ?')
      .bind(`${tomorrow}:signal:easy`)
      .first<{ seed: string; puzzle_json: string; attempt: number }>();
    expect(stored?.seed).toBe(seed);
    expect(JSON.parse(stored?.puzzle_json ?? 'null')).toEqual(expected.puzzle);
  });

  it('moves to the next attempt on each reroll', async () => {
    await reroll(OWNER_TOKEN, `${tomorrow}/signal/medium`);
    const res = await reroll(OWNER_TOKEN, `${tomorrow}/signal/medium`);
    expect((await bodyOf(res, RerolledSchema)).puzzle.attempt).toBe(2);
  });

  it('audits a reroll with the owner, the reason and the attempts', async () => {
    await reroll(OWNER_TOKEN, `${tomorrow}/sudoku/easy`, 'Reported as too close to yesterday');
    const res = await as(OWNER_TOKEN, 'GET', '/v1/admin/audit?limit=1');
    const { actions } = await bodyOf(res, AuditPageSchema);
    expect(actions[0]).toMatchObject({
      action: 'reroll',
      target: `${tomorrow}:sudoku:easy`,
      reason: 'Reported as too close to yesterday',
      details: { fromAttempt: 0, toAttempt: 1 },
      moderator: { id: 'owner' },
    });
  });

  it("refuses to reroll today's puzzle with 409 date_begun", async () => {
    const res = await reroll(OWNER_TOKEN, `${today}/signal/easy`);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).error.code).toBe('date_begun');
  });

  it('refuses a reroll from the moment the date begins in UTC+14, and allows it 1 ms before', async () => {
    const begun = await reroll(OWNER_TOKEN, `${tomorrow}/sudoku/easy`, 'Too easy', tomorrowBegins);
    expect(begun.status).toBe(409);
    const before = new Date(Date.parse(tomorrowBegins) - 1).toISOString();
    expect((await reroll(OWNER_TOKEN, `${tomorrow}/sudoku/easy`, 'Too easy', before)).status).toBe(200);
  });

  it('refuses a moderator rerolling with 403, leaving the puzzle as it was', async () => {
    const before = await upcoming();
    const res = await reroll(await moderatorToken(), `${tomorrow}/signal/easy`);
    expect(res.status).toBe(403);
    expect(await upcoming()).toEqual(before);
  });

  it('refuses a reroll of a puzzle not made yet with 404', async () => {
    const res = await reroll(OWNER_TOKEN, '2026-12-01/signal/easy');
    expect(res.status).toBe(404);
  });

  it('refuses a reroll without a reason, or of a level its kind lacks, with 400', async () => {
    expect((await reroll(OWNER_TOKEN, `${tomorrow}/signal/easy`, '')).status).toBe(400);
    expect((await reroll(OWNER_TOKEN, `${tomorrow}/signal/superhard`)).status).toBe(400);
    expect((await reroll(OWNER_TOKEN, '2026-02-30/signal/easy')).status).toBe(400);
  });
});
