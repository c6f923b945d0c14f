import { beforeAll, describe, expect, it } from 'vitest';
import { appAt } from '../support/app.js';
import { d1Number, onBoards } from '../support/live.js';
import { bearer, later, register, solveStored, startPuzzle, submit } from '../support/play.js';

const date = '2026-11-29';
const fetchedAt = '2026-11-29T12:00:00Z';
const readAt = later(fetchedAt, 400);

interface BoardJson {
  solvers: number;
  me: { rank: number; countedMs: number } | null;
}
interface StatsJson {
  solvers: number;
  histogram: { count: number; mine: boolean }[];
}

/** A player who fetched the puzzle and solved it on its board 300 s later; D1 does not have it yet. */
async function solvedOnBoard(level: 'easy' | 'medium' | 'hard'): Promise<string> {
  const { token } = await register(fetchedAt);
  await startPuzzle(fetchedAt, token, date, 'sudoku', level);
  const solution = await solveStored(date, 'sudoku', level);
  const res = await submit(later(fetchedAt, 300), token, `${date}/sudoku/${level}`, { solution }, onBoards);
  expect(res.status).toBe(200);
  return token;
}

const rankedRows = (level: string) =>
  d1Number(
    'select count(*) as n from submissions where puzzle_id = ? and ranked = 1',
    `${date}:sudoku:${level}`,
  );

const read = (path: string, token?: string) =>
  appAt(readAt, onBoards)(path, { headers: token ? bearer(token) : {} });

beforeAll(async () => {
  await appAt(fetchedAt)(`/v1/puzzles/${date}/sudoku/easy`);
});

describe("a player's read of a live puzzle right after its solve on the board", () => {
  it('finds the player on the leaderboard with its rank, before the board would have copied it', async () => {
    const token = await solvedOnBoard('easy');
    const res = await read(`/v1/leaderboards/${date}/sudoku/easy`, token);
    expect(res.status).toBe(200);
    const body = (await res.json()) as BoardJson;
    expect(body.solvers).toBe(1);
    expect(body.me).toMatchObject({ rank: 1, countedMs: 300_000 });
    expect(await rankedRows('easy')).toBe(1);
  });

  it("finds the player's own bucket in the puzzle's stats", async () => {
    const token = await solvedOnBoard('medium');
    const res = await read(`/v1/puzzles/${date}/sudoku/medium/stats`, token);
    expect(res.status).toBe(200);
    const body = (await res.json()) as StatsJson;
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
