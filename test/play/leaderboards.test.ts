import { describe, expect, it } from 'vitest';
import { appAt } from '../support/app.js';
import { bearer, later, type ResultJson, register, solveAs } from '../support/play.js';

const date = '2026-11-29';
const fetchedAt = '2026-11-29T12:00:00Z';
const path = `${date}/sudoku/medium`;

interface BoardJson {
  entries: { rank: number; playerId: string; countedMs: number }[];
  nextCursor: string | null;
  solvers: number;
  me: { rank: number; countedMs: number; fasterThanPercent: number } | null;
}

/**
 * Players solving in the given seconds, in this order of submission (each submitted one second later):
 * each fetches the puzzle that long before it submits, as the server times from the first fetch.
 */
async function solvers(seconds: number[], level: 'medium' | 'hard' = 'medium') {
  const players = [];
  for (const [i, s] of seconds.entries()) {
    const { player, token } = await register(fetchedAt);
    const submitAt = later('2026-11-29T13:00:00Z', i);
    const { body } = await solveAs(token, {
      date,
      kind: 'sudoku',
      level,
      fetchAt: later(submitAt, -s),
      submitAt,
    });
    players.push({ id: player.id, token, result: body as ResultJson });
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
    ).json()) as BoardJson & { meUnderReview: boolean };
    expect(mine.entries).toHaveLength(1);
    expect(mine.me).toEqual({ rank: 5, countedMs: 500_000, fasterThanPercent: 0 });
    expect(mine.meUnderReview).toBe(false);

    expect(players[4]?.result).toMatchObject({ rank: 3, solvers: 5, fasterThanPercent: 50 });
  });

  it('ranks a solve as fast as an earlier one right behind it, wherever its rank is shown', async () => {
    const [first, second] = await solvers([400, 400, 300], 'hard');
    expect(first?.result).toMatchObject({ rank: 1, countedMs: 400_000 });
    expect(second?.result).toMatchObject({ rank: 2, countedMs: 400_000 });
    const api = appAt('2026-11-29T14:00:00Z');
    const board = (await (
      await api(`/v1/leaderboards/${date}/sudoku/hard`, { headers: bearer(second?.token ?? '') })
    ).json()) as BoardJson;
    expect(board.entries.map((e) => e.playerId).slice(1)).toEqual([first?.id, second?.id]);
    expect(board.me?.rank).toBe(3);
    const follow = await api(`/v1/players/me/follows/${first?.id}`, {
      method: 'PUT',
      headers: bearer(second?.token ?? ''),
    });
    expect(follow.status).toBe(200);
    const following = (await (
      await api(`/v1/leaderboards/${date}/sudoku/hard?scope=following`, {
        headers: bearer(second?.token ?? ''),
      })
    ).json()) as BoardJson;
    expect(following.me?.rank).toBe(2);
    const history = (await (
      await api('/v1/players/me/history?kind=sudoku&level=hard', { headers: bearer(second?.token ?? '') })
    ).json()) as { entries: { rank: number | null; solvers: number | null }[] };
    expect(history.entries[0]).toMatchObject({ rank: 3, solvers: 3 });
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
  it('lists established players only, best first', async () => {
    const { player, token } = await register('2026-11-20T12:00:00Z', 'Regular');
    const provisional = await register('2026-11-20T12:00:00Z', 'Newcomer');
    for (const day of ['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24']) {
      for (const level of ['easy', 'medium', 'hard'] as const) {
        const fetchAt = `${day}T12:00:00Z`;
        const { status } = await solveAs(token, {
          date: day,
          kind: 'signal',
          level,
          fetchAt,
          submitAt: later(fetchAt, 150),
        });
        expect(status).toBe(200);
      }
    }
    await solveAs(provisional.token, {
      date: '2026-11-24',
      kind: 'signal',
      level: 'easy',
      fetchAt: '2026-11-24T12:00:00Z',
      submitAt: '2026-11-24T12:00:40Z',
    });
    const me = await appAt('2026-11-24T13:00:00Z')('/v1/players/me', { headers: bearer(token) });
    expect(await me.json()).toMatchObject({
      streak: { current: 5, best: 5 },
      ratings: [{ kind: 'signal', games: 15, provisional: false }],
    });

    const board = (await (await appAt('2026-11-29T14:00:00Z')('/v1/leaderboards/ratings/signal')).json()) as {
      entries: { playerId: string; rating: number; games: number }[];
    };
    expect(board.entries.map((e) => e.playerId)).toEqual([player.id]);
    expect(board.entries[0]?.games).toBe(15);
    expect(board.entries[0]?.rating).toBeGreaterThan(1500);
  });
});
