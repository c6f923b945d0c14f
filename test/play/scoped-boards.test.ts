import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { NewGroupSchema } from '../../src/contract/groups.js';
import { DailyBoardSchema, PuzzleBoardSchema, RatingBoardSchema } from '../../src/contract/leaderboards.js';
import { appAt } from '../support/app.js';
import { establishedPlayer } from '../support/established.js';
import { bodyOf, errorOf } from '../support/json.js';
import { allPages } from '../support/pages.js';
import { bearer, later, type NewPlayer, register, solveAs, vouch } from '../support/play.js';

const date = '2026-11-29';
const at = '2026-11-29T16:00:00Z';
const api = appAt(at);
const json = { 'content-type': 'application/json' };

interface Entry {
  rank: number;
  playerId: string;
  displayName: string | null;
}
interface Board {
  entries: (Entry & { countedMs?: number; total?: number; solved?: number })[];
  me: { rank: number } | null;
  solvers?: number;
  players?: number;
  nextCursor: string | null;
}

const call = (token: string | null, method: string, path: string, body?: unknown) =>
  api(path, {
    method,
    headers: { ...(token ? bearer(token) : {}), ...json, 'cache-control': 'no-cache' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
/** A puzzle's, a day's or a kind's rating board, parsed by its contract schema and read as the test's Board. */
const BoardSchema = z.union([PuzzleBoardSchema, DailyBoardSchema, RatingBoardSchema]);
const board = async (token: string | null, path: string): Promise<Board> =>
  bodyOf(await call(token, 'GET', path), BoardSchema);
const names = (b: Board) => b.entries.map((e) => e.displayName);

/** Five players; each solves signal easy and medium of the date, fastest first in name order. */
const players: Record<string, NewPlayer> = {};
let groupId = '';

beforeAll(async () => {
  for (const [i, name] of ['Anna', 'Bert', 'Cleo', 'Dara', 'Emil'].entries()) {
    const p = await register('2026-11-29T08:00:00Z', name);
    await vouch(p);
    players[name] = p;
    for (const level of ['easy', 'medium'] as const) {
      const fetchAt = later('2026-11-29T09:00:00Z', i * 600 + (level === 'medium' ? 3600 * 2 : 0));
      const { status } = await solveAs(p.token, {
        date,
        kind: 'signal',
        level,
        fetchAt,
        submitAt: later(fetchAt, 60 + 30 * i),
      });
      expect(status).toBe(200);
    }
  }
  const { token } = players.Anna as NewPlayer;
  for (const name of ['Cleo', 'Emil'])
    await call(token, 'PUT', `/v1/players/me/follows/${players[name]?.player.id}`);
  const made = await bodyOf(
    await call((players.Bert as NewPlayer).token, 'POST', '/v1/groups', { name: 'Club' }),
    NewGroupSchema,
  );
  groupId = made.group.id;
  for (const name of ['Dara', 'Emil'])
    await call((players[name] as NewPlayer).token, 'POST', '/v1/groups/join', {
      inviteCode: made.inviteCode,
    });
});

describe('scoped puzzle boards', () => {
  const path = `/v1/leaderboards/${date}/signal/easy`;

  it('rank everyone on the global board', async () => {
    expect(names(await board(null, path))).toEqual(['Anna', 'Bert', 'Cleo', 'Dara', 'Emil']);
  });

  it('rank the players the caller follows and the caller on its following board, with its rank there', async () => {
    const b = await board((players.Anna as NewPlayer).token, `${path}?scope=following`);
    expect(names(b)).toEqual(['Anna', 'Cleo', 'Emil']);
    expect(b.entries.map((e) => e.rank)).toEqual([1, 2, 3]);
    expect(b).toMatchObject({ solvers: 3, me: { rank: 1 } });
  });

  it("rank a group's members on its board, the caller's rank among them, a page at a time", async () => {
    const first = await board((players.Emil as NewPlayer).token, `${path}?scope=group:${groupId}&limit=2`);
    expect(names(first)).toEqual(['Bert', 'Dara']);
    expect(first).toMatchObject({ solvers: 3, me: { rank: 3 } });
    const second = await board(
      (players.Emil as NewPlayer).token,
      `${path}?scope=group:${groupId}&limit=2&cursor=${first.nextCursor}`,
    );
    expect(second.entries.map((e) => [e.rank, e.displayName])).toEqual([[3, 'Emil']]);
    expect(second.nextCursor).toBeNull();
  });

  it('page a following board with a cursor, ranks going on from page to page', async () => {
    const anna = players.Anna as NewPlayer;
    const first = await board(anna.token, `${path}?scope=following&limit=2`);
    expect(first.entries.map((e) => [e.rank, e.displayName])).toEqual([
      [1, 'Anna'],
      [2, 'Cleo'],
    ]);
    const second = await board(anna.token, `${path}?scope=following&limit=2&cursor=${first.nextCursor}`);
    expect(second.entries.map((e) => [e.rank, e.displayName])).toEqual([[3, 'Emil']]);
    expect(second.nextCursor).toBeNull();
  });

  it('count the caller once on its following board, even beside a stored follow of itself', async () => {
    const anna = (players.Anna as NewPlayer).player.id;
    const self = env.DB.prepare(
      'insert into follows (follower_id, followee_id, created_at) values (?1, ?1, ?2)',
    );
    await self.bind(anna, at).run();
    try {
      const b = await board((players.Anna as NewPlayer).token, `${path}?scope=following`);
      expect(names(b)).toEqual(['Anna', 'Cleo', 'Emil']);
      expect(b).toMatchObject({ solvers: 3, me: { rank: 1 } });
      const daily = await board(
        (players.Anna as NewPlayer).token,
        `/v1/leaderboards/${date}/daily?scope=following`,
      );
      expect(daily).toMatchObject({ players: 3, me: { rank: 1 } });
    } finally {
      await env.DB.prepare('delete from follows where follower_id = ?1 and followee_id = ?1')
        .bind(anna)
        .run();
    }
  });

  it('refuse a following board without a player, a group board to a non-member, and a malformed scope', async () => {
    expect((await call(null, 'GET', `${path}?scope=following`)).status).toBe(401);
    const outsider = await call((players.Anna as NewPlayer).token, 'GET', `${path}?scope=group:${groupId}`);
    expect([outsider.status, (await errorOf(outsider)).error.code]).toEqual([404, 'not_found']);
    expect((await call(null, 'GET', `${path}?scope=friends`)).status).toBe(400);
  });
});

describe('the daily board', () => {
  it("ranks players by the sum of their scores over the date's puzzles", async () => {
    const b = await board(null, `/v1/leaderboards/${date}/daily`);
    expect(names(b)).toEqual(['Anna', 'Bert', 'Cleo', 'Dara', 'Emil']);
    expect(b.entries.every((e) => e.solved === 2)).toBe(true);
    const totals = b.entries.map((e) => e.total ?? 0);
    expect([...totals].sort((x, y) => y - x)).toEqual(totals);
    expect(b.players).toBe(5);
  });

  it('ranks the players the caller follows and the caller on its following board', async () => {
    const b = await board(
      (players.Anna as NewPlayer).token,
      `/v1/leaderboards/${date}/daily?scope=following`,
    );
    expect(names(b)).toEqual(['Anna', 'Cleo', 'Emil']);
    expect(b).toMatchObject({ players: 3, me: { rank: 1, solved: 2 } });
  });

  it("ranks within a scope, with the caller's own place, and pages to an exact end", async () => {
    const mine = await board(
      (players.Emil as NewPlayer).token,
      `/v1/leaderboards/${date}/daily?scope=group:${groupId}&limit=1`,
    );
    expect(mine).toMatchObject({ players: 3, me: { rank: 3, solved: 2 } });
    expect(names(mine)).toEqual(['Bert']);
    const everyone = await allPages((cursor) =>
      board(
        (players.Emil as NewPlayer).token,
        `/v1/leaderboards/${date}/daily?scope=group:${groupId}&limit=1${cursor ? `&cursor=${cursor}` : ''}`,
      ),
    );
    expect(everyone.map((e) => e.displayName)).toEqual(['Bert', 'Dara', 'Emil']);
  });
});

describe('board visibility', () => {
  it("leaves a hidden player off every board, skipping its place on everyone's, and shows it to itself", async () => {
    const cleo = players.Cleo as NewPlayer;
    expect((await call(cleo.token, 'PATCH', '/v1/players/me', { boardVisibility: 'hidden' })).status).toBe(
      200,
    );
    for (const path of [`/v1/leaderboards/${date}/signal/easy`, `/v1/leaderboards/${date}/daily`]) {
      const b = await board((players.Anna as NewPlayer).token, path);
      expect(b.entries.map((e) => [e.rank, e.displayName])).toEqual([
        [1, 'Anna'],
        [2, 'Bert'],
        [4, 'Dara'],
        [5, 'Emil'],
      ]);
      const own = await board(cleo.token, path);
      expect(own.entries.map((e) => [e.rank, e.displayName])).toContainEqual([3, 'Cleo']);
    }
    const profile = await call((players.Anna as NewPlayer).token, 'GET', `/v1/players/${cleo.player.id}`);
    expect(profile.status).toBe(404);
    expect((await call(cleo.token, 'GET', `/v1/players/${cleo.player.id}`)).status).toBe(200);
    await call(cleo.token, 'PATCH', '/v1/players/me', { boardVisibility: 'public' });
  });

  it('shows a followers-only player only to a player it follows that follows it back, in its group too', async () => {
    const dara = players.Dara as NewPlayer;
    await call(dara.token, 'PATCH', '/v1/players/me', { boardVisibility: 'followers' });
    const path = `/v1/leaderboards/${date}/signal/easy`;
    const anna = players.Anna as NewPlayer;
    const hasDara = (b: Board) => names(b).includes('Dara');
    expect(hasDara(await board(anna.token, path))).toBe(false);
    await call(anna.token, 'PUT', `/v1/players/me/follows/${dara.player.id}`);
    expect(hasDara(await board(anna.token, path))).toBe(false);
    expect(await board(anna.token, `${path}?scope=following`)).toMatchObject({ solvers: 3 });
    await call(dara.token, 'PUT', `/v1/players/me/follows/${anna.player.id}`);
    expect((await board(anna.token, path)).entries.find((e) => e.rank === 4)).toMatchObject({
      displayName: 'Dara',
    });
    expect((await call(anna.token, 'GET', `/v1/players/${dara.player.id}`)).status).toBe(200);
    const emil = players.Emil as NewPlayer;
    expect(hasDara(await board(emil.token, path))).toBe(false);
    const group = await board(emil.token, `${path}?scope=group:${groupId}`);
    expect(group.entries.map((e) => [e.rank, e.displayName])).toEqual([
      [1, 'Bert'],
      [2, 'Emil'],
    ]);
    expect(group).toMatchObject({ solvers: 2, me: { rank: 2 } });
    expect((await call(emil.token, 'GET', `/v1/players/${dara.player.id}`)).status).toBe(404);
    await call(dara.token, 'PATCH', '/v1/players/me', { boardVisibility: 'public' });
    await call(dara.token, 'DELETE', `/v1/players/me/follows/${anna.player.id}`);
    await call(anna.token, 'DELETE', `/v1/players/me/follows/${dara.player.id}`);
  });

  it('applies on the rating board too, which also takes a scope', async () => {
    const shy = await establishedPlayer('signal', date, { name: 'Shy' });
    const open = await establishedPlayer('signal', date, { name: 'Open' });
    await vouch(shy, open);
    await call(shy.token, 'PATCH', '/v1/players/me', { boardVisibility: 'hidden' });
    const everyone = await board(null, '/v1/leaderboards/ratings/signal');
    expect(names(everyone)).toEqual(['Open']);
    const own = await board(shy.token, '/v1/leaderboards/ratings/signal');
    expect(names(own).sort()).toEqual(['Open', 'Shy']);
    const viewer = players.Anna as NewPlayer;
    await call(viewer.token, 'PUT', `/v1/players/me/follows/${open.player.id}`);
    const following = await board(viewer.token, '/v1/leaderboards/ratings/signal?scope=following');
    expect(names(following)).toEqual(['Open']);
  });
});

describe('a scope beside another', () => {
  const other = '2026-11-28';
  const otherApi = appAt('2026-11-28T16:00:00Z');
  const as = (token: string, method: string, path: string, body?: unknown) =>
    otherApi(path, {
      method,
      headers: { ...bearer(token), ...json, 'cache-control': 'no-cache' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const namesOn = async (token: string, path: string) =>
    names(await bodyOf(await as(token, 'GET', path), BoardSchema));
  /** Four players of another date: Gail follows Hugo and Ivan follows Jude; groups {Gail, Hugo} and {Ivan, Jude}. */
  const four: Record<string, NewPlayer> = {};
  const groups: string[] = [];

  beforeAll(async () => {
    for (const [i, name] of ['Gail', 'Hugo', 'Ivan', 'Jude'].entries()) {
      const p = await register('2026-11-28T08:00:00Z', name);
      four[name] = p;
      const fetchAt = later('2026-11-28T09:00:00Z', i * 600);
      const { status } = await solveAs(p.token, {
        date: other,
        kind: 'signal',
        level: 'easy',
        fetchAt,
        submitAt: later(fetchAt, 60 + 30 * i),
      });
      expect(status).toBe(200);
    }
    for (const [follower, followee, mate] of [
      ['Gail', 'Hugo', 'Hugo'],
      ['Ivan', 'Jude', 'Jude'],
    ] as const) {
      const { token } = four[follower] as NewPlayer;
      const followed = await as(token, 'PUT', `/v1/players/me/follows/${four[followee]?.player.id}`);
      expect(followed.status).toBe(200);
      const made = await bodyOf(
        await as(token, 'POST', '/v1/groups', { name: `${follower}'s` }),
        NewGroupSchema,
      );
      groups.push(made.group.id);
      const joined = await as((four[mate] as NewPlayer).token, 'POST', '/v1/groups/join', {
        inviteCode: made.inviteCode,
      });
      expect(joined.status).toBe(200);
    }
  });

  it("holds on a following board only the caller's follows, not those of another player", async () => {
    const gail = (four.Gail as NewPlayer).token;
    expect(await namesOn(gail, `/v1/leaderboards/${other}/signal/easy?scope=following`)).toEqual([
      'Gail',
      'Hugo',
    ]);
    expect(await namesOn(gail, `/v1/leaderboards/${other}/daily?scope=following`)).toEqual(['Gail', 'Hugo']);
  });

  it("holds on a group's board only its own members, not those of another group", async () => {
    const gail = (four.Gail as NewPlayer).token;
    for (const path of [`${other}/signal/easy`, `${other}/daily`]) {
      expect(await namesOn(gail, `/v1/leaderboards/${path}?scope=group:${groups[0]}`)).toEqual([
        'Gail',
        'Hugo',
      ]);
    }
  });
});
