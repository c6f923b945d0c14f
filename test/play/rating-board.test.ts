import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { RatingBoard } from '../../src/contract/leaderboards.js';
import { RatingBoardSchema } from '../../src/contract/leaderboards.js';
import type { Kind } from '../../src/kinds/index.js';
import { appAt } from '../support/app.js';
import { bodyOf } from '../support/json.js';
import { allPages } from '../support/pages.js';
import { bearer, type NewPlayer, register, vouch } from '../support/play.js';

const api = appAt('2026-11-29T14:00:00Z');

/** Players established in `kind` at these ratings, in this order of registration. */
async function rated(kind: Kind, ratings: number[]): Promise<NewPlayer[]> {
  const players: NewPlayer[] = [];
  for (const rating of ratings) {
    const player = await register('2026-11-20T12:00:00Z');
    await vouch(player);
    await env.DB.prepare(
      `insert into player_ratings (player_id, kind, rating, deviation, volatility, games, rated_through, version,
         established, updated_at)
       values (?, ?, ?, 80, 0.06, 12, 0, 1, 1, '2026-11-28T12:00:00Z')`,
    )
      .bind(player.player.id, kind, rating)
      .run();
    players.push(player);
  }
  return players;
}

async function board(kind: Kind, query = '', token?: string): Promise<RatingBoard> {
  const res = await api(`/v1/leaderboards/ratings/${kind}${query}`, token ? { headers: bearer(token) } : {});
  expect(res.status).toBe(200);
  return await bodyOf(res, RatingBoardSchema);
}

const idsByRank = (players: NewPlayer[]) => players.map((p) => p.player.id);

describe('the rating board', () => {
  it('ranks by rating, best first, and keeps counting ranks across pages', async () => {
    const players = await rated('loop', [1600, 1900, 1750, 1500, 1820]);
    const first = await board('loop', '?limit=2');
    expect(first.entries.map((e) => [e.rank, e.rating])).toEqual([
      [1, 1900],
      [2, 1820],
    ]);
    const second = await board('loop', `?limit=2&cursor=${first.nextCursor}`);
    expect(second.entries.map((e) => [e.rank, e.rating])).toEqual([
      [3, 1750],
      [4, 1600],
    ]);
    const third = await board('loop', `?limit=2&cursor=${second.nextCursor}`);
    expect(third.entries.map((e) => [e.rank, e.playerId])).toEqual([[5, players[3]?.player.id]]);
    expect(third.nextCursor).toBeNull();
  });

  it('breaks a tie of rating by the smaller player id, whichever registered first', async () => {
    const players = await rated('pattern', [1700, 1700, 1700]);
    const ids = idsByRank(players).sort();
    const { entries } = await board('pattern');
    expect(entries.map((e) => e.playerId)).toEqual(ids);
    expect(entries.map((e) => e.rank)).toEqual([1, 2, 3]);
    const paged = await board('pattern', '?limit=1');
    const next = await board('pattern', `?limit=2&cursor=${paged.nextCursor}`);
    expect(next.entries.map((e) => [e.rank, e.playerId])).toEqual([
      [2, ids[1]],
      [3, ids[2]],
    ]);
  });

  it('gives the caller its own rank and rating, even outside the page, and null to a caller not on the board', async () => {
    const players = await rated('signal', [1650, 1950, 1800]);
    const mine = await board('signal', '?limit=1', players[0]?.token);
    expect(mine.entries).toHaveLength(1);
    expect(mine.me).toEqual({ rank: 3, rating: 1650, deviation: 80, games: 12 });
    const newcomer = await register('2026-11-29T12:00:00Z');
    expect((await board('signal', '', newcomer.token)).me).toBeNull();
    expect((await board('signal')).me).toBeNull();
  });

  it('counts a hidden player in everyone’s ranks without showing it, and ranks a following scope among its own', async () => {
    const [top, hidden, viewer, other] = await rated('colorsort', [2000, 1900, 1800, 1700]);
    const hide = await api('/v1/players/me', {
      method: 'PATCH',
      headers: { ...bearer(hidden?.token ?? ''), 'content-type': 'application/json' },
      body: JSON.stringify({ boardVisibility: 'hidden' }),
    });
    expect(hide.status).toBe(200);
    const everyone = await board('colorsort', '', viewer?.token);
    expect(everyone.entries.map((e) => [e.rank, e.playerId])).toEqual([
      [1, top?.player.id],
      [3, viewer?.player.id],
      [4, other?.player.id],
    ]);
    expect(everyone.me?.rank).toBe(3);
    const follow = await api(`/v1/players/me/follows/${other?.player.id}`, {
      method: 'PUT',
      headers: bearer(viewer?.token ?? ''),
    });
    expect(follow.status).toBe(200);
    const following = await board('colorsort', '?scope=following', viewer?.token);
    expect(following.entries.map((e) => [e.rank, e.playerId])).toEqual([
      [1, viewer?.player.id],
      [2, other?.player.id],
    ]);
    expect(following.me?.rank).toBe(1);
  });

  it('leaves a banned player out of every rank', async () => {
    const [banned, second] = await rated('sudoku', [2100, 1600]);
    await env.DB.prepare(`update players set banned_at = '2026-11-28T00:00:00Z' where id = ?`)
      .bind(banned?.player.id)
      .run();
    const { entries, me } = await board('sudoku', '', second?.token);
    expect(entries.map((e) => [e.rank, e.playerId])).toEqual([[1, second?.player.id]]);
    expect(me?.rank).toBe(1);
  });

  it('ranks every page as the whole board does, with hidden players and ties across the pages’ edges', async () => {
    const ratings = [1900, 1800, 1800, 1800, 1750, 1750, 1700, 1600, 1600];
    const players = await rated('loop', ratings);
    for (const i of [2, 5, 7]) {
      const res = await api('/v1/players/me', {
        method: 'PATCH',
        headers: { ...bearer(players[i]?.token ?? ''), 'content-type': 'application/json' },
        body: JSON.stringify({ boardVisibility: 'hidden' }),
      });
      expect(res.status).toBe(200);
    }
    const { results } = await env.DB.prepare(
      `select r.player_id as id, p.board_visibility as visibility from player_ratings r
       join players p on p.id = r.player_id
       where r.kind = 'loop' and r.established = 1 and p.banned_at is null
       order by r.rating desc, r.player_id asc`,
    ).all<{ id: string; visibility: string }>();
    const expected = results.flatMap((row, i) => (row.visibility === 'hidden' ? [] : [[i + 1, row.id]]));
    for (const limit of [1, 2, 3]) {
      const entries = await allPages((cursor) =>
        board('loop', `?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`),
      );
      expect(
        entries.map((e) => [e.rank, e.playerId]),
        `pages of ${limit}`,
      ).toEqual(expected);
    }
  });
});
