import { describe, expect, it } from 'vitest';
import { clientAt } from '../support/client.js';
import { later, type ResultJson, register, solveAs, vouch } from '../support/play.js';

const date = '2026-11-29';
const fetchedAt = '2026-11-29T12:00:00Z';
const afterwards = '2026-11-29T14:00:00Z';

/**
 * Players solving in the given seconds, in this order of submission (each submitted one second later):
 * each fetches the puzzle that long before it submits, as the server times from the first fetch.
 */
async function solvers(seconds: number[], level: 'medium' | 'hard' = 'medium') {
  const players = [];
  for (const [i, s] of seconds.entries()) {
    const solver = await register(fetchedAt);
    await vouch(solver);
    const { player, token } = solver;
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
    const api = clientAt(afterwards);
    const first = await api.leaderboard(date, 'sudoku', 'medium', { limit: 2 });
    expect(first.entries.map((e) => e.playerId)).toEqual([players[1]?.id, players[3]?.id]);
    expect(first.entries.map((e) => e.rank)).toEqual([1, 2]);
    expect(first.solvers).toBe(5);
    const second = await api.leaderboard(date, 'sudoku', 'medium', {
      limit: 2,
      cursor: String(first.nextCursor),
    });
    expect(second.entries.map((e) => [e.rank, e.countedMs])).toEqual([
      [3, 350_000],
      [4, 400_000],
    ]);
    const third = await api.leaderboard(date, 'sudoku', 'medium', {
      limit: 2,
      cursor: String(second.nextCursor),
    });
    expect(third.entries.map((e) => e.playerId)).toEqual([players[2]?.id]);
    expect(third.nextCursor).toBeNull();

    const mine = await clientAt(afterwards, { token: players[2]?.token ?? '' }).leaderboard(
      date,
      'sudoku',
      'medium',
      { limit: 1 },
    );
    expect(mine.entries).toHaveLength(1);
    expect(mine.me).toEqual({ rank: 5, countedMs: 500_000, fasterThanPercent: 0 });
    expect(mine.meUnderReview).toBe(false);

    expect(players[4]?.result).toMatchObject({ rank: 3, solvers: 5, fasterThanPercent: 50 });
  });

  it('ranks a solve as fast as an earlier one right behind it, wherever its rank is shown', async () => {
    const [first, second] = await solvers([400, 400, 300], 'hard');
    expect(first?.result).toMatchObject({ rank: 1, countedMs: 400_000 });
    expect(second?.result).toMatchObject({ rank: 2, countedMs: 400_000 });
    const api = clientAt(afterwards, { token: second?.token ?? '' });
    const board = await api.leaderboard(date, 'sudoku', 'hard');
    expect(board.entries.map((e) => e.playerId).slice(1)).toEqual([first?.id, second?.id]);
    expect(board.me?.rank).toBe(3);
    await api.follow(first?.id ?? '');
    expect(api.responses.at(-1)?.status).toBe(200);
    const following = await api.leaderboard(date, 'sudoku', 'hard', { scope: 'following' });
    expect(following.me?.rank).toBe(2);
    const history = await api.history({ kind: 'sudoku', level: 'hard' });
    expect(history.entries[0]).toMatchObject({ rank: 3, solvers: 3 });
  });

  it('refuses a cursor it did not hand out', async () => {
    await expect(
      clientAt(afterwards).leaderboard(date, 'sudoku', 'medium', { cursor: 'bm9wZQ' }),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('refuses an out-of-range page size', async () => {
    await expect(
      clientAt(afterwards).leaderboard(date, 'sudoku', 'medium', { limit: 1000 }),
    ).rejects.toMatchObject({ status: 400 });
  });
});

describe('the rating leaderboard', () => {
  it('lists established players only, best first', async () => {
    const regular = await register('2026-11-20T12:00:00Z', 'Regular');
    const provisional = await register('2026-11-20T12:00:00Z', 'Newcomer');
    await vouch(regular, provisional);
    const { player, token } = regular;
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
    expect(await clientAt('2026-11-24T13:00:00Z', { token }).me()).toMatchObject({
      streak: { current: 5, best: 5 },
      ratings: [{ kind: 'signal', games: 15, provisional: false }],
    });

    const board = await clientAt(afterwards).ratingLeaderboard('signal');
    expect(board.entries.map((e) => e.playerId)).toEqual([player.id]);
    expect(board.entries[0]?.games).toBe(15);
    expect(board.entries[0]?.rating).toBeGreaterThan(1500);
  });
});
