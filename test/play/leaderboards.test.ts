import { describe, expect, it } from 'vitest';
import { appAt } from '../support/app.js';
import { bearer, type ResultJson, register, solveStored, startPuzzle, submit } from '../support/play.js';

const date = '2026-11-29';
const fetchedAt = '2026-11-29T12:00:00Z';
const path = `${date}/sudoku/medium`;

interface BoardJson {
  entries: { rank: number; playerId: string; countedMs: number }[];
  nextCursor: string | null;
  solvers: number;
  me: { rank: number; countedMs: number; fasterThanPercent: number } | null;
}

/** Players solving in the given seconds, in this order of submission (each submitted one second later). */
async function solvers(seconds: number[]) {
  await appAt(fetchedAt)(`/v1/puzzles/${path}`);
  const solution = await solveStored(date, 'sudoku', 'medium');
  const players = [];
  for (const [i, s] of seconds.entries()) {
    const { player, token } = await register(fetchedAt);
    const startToken = await startPuzzle(fetchedAt, token, date, 'sudoku', 'medium');
    const at = new Date(Date.parse('2026-11-29T13:00:00Z') + i * 1000).toISOString();
    const res = await submit(at, token, path, { solution, elapsedMs: s * 1000, startToken });
    players.push({ id: player.id, token, result: (await res.json()) as ResultJson });
  }
  return players;
}

describe('the puzzle leaderboard', () => {
  it('orders by counted time, ties going to the earlier submission, and pages with a cursor', async () => {
    const players = await solvers([400, 300, 500, 300, 350]);
    const api = appAt('2026-11-29T14:00:00Z');
    const first = (await (await api(`/v1/leaderboards/${path}?limit=2`)).json()) as BoardJson;
    expect(first.entries.map((e) => e.playerId)).toEqual([players[1]?.id, players[3]?.id]);
    expect(first.entries.map((e) => e.rank)).toEqual([1, 2]);
    expect(first.solvers).toBe(5);
    const second = (await (
      await api(`/v1/leaderboards/${path}?limit=2&cursor=${first.nextCursor}`)
    ).json()) as BoardJson;
    expect(second.entries.map((e) => [e.rank, e.countedMs])).toEqual([
      [3, 350_000],
      [4, 400_000],
    ]);
    const third = (await (
      await api(`/v1/leaderboards/${path}?limit=2&cursor=${second.nextCursor}`)
    ).json()) as BoardJson;
    expect(third.entries.map((e) => e.playerId)).toEqual([players[2]?.id]);
    expect(third.nextCursor).toBeNull();

    const mine = (await (
      await api(`/v1/leaderboards/${path}?limit=1`, { headers: bearer(players[2]?.token ?? '') })
    ).json()) as BoardJson;
    expect(mine.entries).toHaveLength(1);
    expect(mine.me).toEqual({ rank: 5, countedMs: 500_000, fasterThanPercent: 0 });

    expect(players[4]?.result).toMatchObject({ rank: 3, solvers: 5, fasterThanPercent: 50 });
  });

  it('refuses a cursor it did not hand out', async () => {
    const res = await appAt('2026-11-29T14:00:00Z')(`/v1/leaderboards/${path}?cursor=bm9wZQ`);
    expect(res.status).toBe(400);
  });

  it('refuses an out-of-range page size', async () => {
    const res = await appAt('2026-11-29T14:00:00Z')(`/v1/leaderboards/${path}?limit=1000`);
    expect(res.status).toBe(400);
  });
});

describe('the rating leaderboard', () => {
  it('lists only players with enough ranked solves, best first', async () => {
    const { player, token } = await register('2026-11-20T12:00:00Z', 'Regular');
    for (const day of ['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24']) {
      const at = `${day}T12:00:00Z`;
      const startToken = await startPuzzle(at, token, day, 'sudoku', 'easy');
      const solution = await solveStored(day, 'sudoku', 'easy');
      const res = await submit(`${day}T12:03:00Z`, token, `${day}/sudoku/easy`, {
        solution,
        elapsedMs: 150_000,
        startToken,
      });
      expect(res.status).toBe(200);
    }
    const me = await appAt('2026-11-24T13:00:00Z')('/v1/players/me', { headers: bearer(token) });
    expect(await me.json()).toMatchObject({ streak: { current: 5, best: 5 } });

    const board = (await (await appAt('2026-11-29T14:00:00Z')('/v1/leaderboards/ratings/sudoku')).json()) as {
      entries: { playerId: string; rating: number; games: number }[];
    };
    expect(board.entries.map((e) => e.playerId)).toEqual([player.id]);
    expect(board.entries[0]?.games).toBe(5);
    expect(board.entries[0]?.rating).toBeGreaterThan(1500);
  });
});
