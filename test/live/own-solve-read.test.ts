import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { HistorySchema, PlayerStatsSchema } from '../../src/contract/history.js';
import type { Level } from '../../src/contract/kinds/index.js';
import { DailyBoardSchema, PuzzleBoardSchema, PuzzleStatsSchema } from '../../src/contract/leaderboards.js';
import { PlayerProfileSchema } from '../../src/contract/player.js';
import { ShareSchema } from '../../src/contract/shares.js';
import type { Kind } from '../../src/kinds/index.js';
import { appAt } from '../support/app.js';
import { bodyOf } from '../support/json.js';
import { d1Number } from '../support/live.js';
import { bearer, later, register, solveStored, startPuzzle, submitUnsettled } from '../support/play.js';

const date = '2026-11-29';
const fetchedAt = '2026-11-29T12:00:00Z';
const readAt = later(fetchedAt, 400);

/** A player who fetched the puzzle and solved it on its board 300 s later; D1 does not have it yet. */
async function solvedOnBoard(level: Level, kind: Kind = 'sudoku'): Promise<string> {
  const { token } = await register(fetchedAt);
  await startPuzzle(fetchedAt, token, date, kind, level);
  const solution = await solveStored(date, kind, level);
  const res = await submitUnsettled(later(fetchedAt, 300), token, `${date}/${kind}/${level}`, { solution });
  expect(res.status).toBe(200);
  return token;
}

const rankedRows = (level: string, kind: Kind = 'sudoku') =>
  d1Number(
    'select count(*) as n from submissions where puzzle_id = ? and ranked = 1',
    `${date}:${kind}:${level}`,
  );

/** A fresh address per write, so that the per-address limits stay out of these tests. */
let address = 0;
const send = (method: string, path: string, token: string, body: unknown) =>
  appAt(readAt, env)(path, {
    method,
    headers: {
      ...bearer(token),
      'content-type': 'application/json',
      'CF-Connecting-IP': `198.18.0.${++address}`,
    },
    body: JSON.stringify(body),
  });

const read = (path: string, token?: string) =>
  appAt(readAt, env)(path, { headers: token ? bearer(token) : {} });

beforeAll(async () => {
  await appAt(fetchedAt)(`/v1/puzzles/${date}/sudoku/easy`);
});

describe("a player's read of a live puzzle right after its solve on the board", () => {
  it('finds the player on the leaderboard with its rank, before the board would have copied it', async () => {
    const token = await solvedOnBoard('easy');
    const res = await read(`/v1/leaderboards/${date}/sudoku/easy`, token);
    expect(res.status).toBe(200);
    const body = await bodyOf(res, PuzzleBoardSchema);
    expect(body.solvers).toBe(1);
    expect(body.me).toMatchObject({ rank: 1, countedMs: 300_000 });
    expect(await rankedRows('easy')).toBe(1);
  });

  it("finds the player's own bucket in the puzzle's stats", async () => {
    const token = await solvedOnBoard('medium');
    const res = await read(`/v1/puzzles/${date}/sudoku/medium/stats`, token);
    expect(res.status).toBe(200);
    const body = await bodyOf(res, PuzzleStatsSchema);
    expect(body.solvers).toBe(1);
    expect(body.histogram.filter((bucket) => bucket.mine).map((bucket) => bucket.count)).toEqual([1]);
  });

  it("copies nothing for a reader with no solve waiting, nor for an anonymous one: the board's batch waits", async () => {
    await solvedOnBoard('hard');
    const { token } = await register(fetchedAt);
    expect((await read(`/v1/leaderboards/${date}/sudoku/hard`, token)).status).toBe(200);
    expect((await read(`/v1/puzzles/${date}/sudoku/hard/stats`)).status).toBe(200);
    expect(await rankedRows('hard')).toBe(0);
  });
});

describe("a player's use of its solve of a live puzzle right after the board acknowledged it", () => {
  it('takes its vote on the puzzle at once', async () => {
    const token = await solvedOnBoard('expert');
    const res = await send('PUT', `/v1/puzzles/${date}/sudoku/expert/vote`, token, { fun: 4, felt: 'right' });
    expect(res.status).toBe(200);
    expect(await rankedRows('expert')).toBe(1);
  });

  it('puts the solve on a share of the puzzle, with its time and rank', async () => {
    const token = await solvedOnBoard('easy', 'loop');
    const res = await send('POST', '/v1/players/me/shares', token, { date, kind: 'loop', level: 'easy' });
    expect(res.status).toBe(201);
    const { card } = await bodyOf(res, ShareSchema);
    expect(card.puzzles).toMatchObject([{ kind: 'loop', level: 'easy', countedMs: 300_000 }]);
  });

  it('puts every solve of the date still on its board on a share of the whole day', async () => {
    const { token } = await register(fetchedAt);
    for (const level of ['easy', 'medium'] as const) {
      await startPuzzle(fetchedAt, token, date, 'signal', level);
      const solution = await solveStored(date, 'signal', level);
      const path = `${date}/signal/${level}`;
      expect((await submitUnsettled(later(fetchedAt, 300), token, path, { solution })).status).toBe(200);
    }
    const res = await send('POST', '/v1/players/me/shares', token, { date });
    expect(res.status).toBe(201);
    const { card } = await bodyOf(res, ShareSchema);
    expect(card.puzzles.map((p) => `${p.kind} ${p.level}`)).toEqual(['signal easy', 'signal medium']);
  });
});

describe("a player's own profile, history, stats and day board right after a solve on a live board", () => {
  it('GET /v1/players/me counts the solve in the rating of its kind', async () => {
    const token = await solvedOnBoard('easy', 'pattern');
    const res = await read('/v1/players/me', token);
    expect(res.status).toBe(200);
    const { ratings } = await bodyOf(res, PlayerProfileSchema);
    expect(ratings).toMatchObject([{ kind: 'pattern', games: 1 }]);
  });

  it('the history lists the solve with its rank', async () => {
    const token = await solvedOnBoard('medium', 'pattern');
    const res = await read('/v1/players/me/history', token);
    expect(res.status).toBe(200);
    const { entries } = await bodyOf(res, HistorySchema);
    expect(entries).toMatchObject([{ kind: 'pattern', level: 'medium', rank: 1 }]);
  });

  it('the stats count the solve', async () => {
    const token = await solvedOnBoard('medium', 'loop');
    const res = await read('/v1/players/me/stats?kind=loop', token);
    expect(res.status).toBe(200);
    const { kinds } = await bodyOf(res, PlayerStatsSchema);
    expect(kinds).toMatchObject([{ kind: 'loop', levels: [{ level: 'medium', solves: 1 }] }]);
  });

  it("the day's board has the player on it", async () => {
    const token = await solvedOnBoard('hard', 'signal');
    const res = await read(`/v1/leaderboards/${date}/daily`, token);
    expect(res.status).toBe(200);
    const { me } = await bodyOf(res, DailyBoardSchema);
    expect(me?.total).toBeGreaterThan(0);
  });
});
