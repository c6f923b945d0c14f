import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { NewGroupSchema } from '../../src/contract/groups.js';
import { DailyBoardSchema, PuzzleBoardSchema, RatingBoardSchema } from '../../src/contract/leaderboards.js';
import { appAt } from '../support/app.js';
import { seedEstablishedPlayers } from '../support/established.js';
import { bodyOf } from '../support/json.js';
import { allPages } from '../support/pages.js';
import { bearer, later, type NewPlayer, register, solveAs, someAddress, vouch } from '../support/play.js';

/**
 * Issue 27: ties on every board. Each board's order (README, "Leaderboards") breaks a tie one way: the
 * puzzle board by the earlier submission, the daily and rating boards by player id. Each test ties
 * players so that the documented order differs from its reverse and from the other board's tiebreak
 * (submission order against player id), so that either change fails it, and pages through the tie one row
 * at a time, so that a cursor that skips or repeats a tied row fails it too.
 */

const api = (at: string) => (path: string, token?: string) =>
  appAt(at)(path, {
    headers: { ...(token ? bearer(token) : {}), ...someAddress(), 'cache-control': 'no-cache' },
  });

interface Row {
  rank?: number;
  playerId: string;
  total?: number;
  rating?: number;
}
interface Page {
  entries: Row[];
  nextCursor: string | null;
  me?: { rank: number } | null;
}

/** Any of the three boards, parsed by its contract schema: each reads as a page of rows. */
const BoardSchema = z.union([PuzzleBoardSchema, DailyBoardSchema, RatingBoardSchema]);

async function pageOf(res: Response | Promise<Response>): Promise<Page> {
  return bodyOf(await res, BoardSchema);
}

/**
 * Two new players, the one with the lower id first. Like every player here they are vouched for: the ties
 * are what is tested, not the top's evidence rule (board-top.test.ts).
 */
async function pairByIdAt(at: string): Promise<[NewPlayer, NewPlayer]> {
  const a = await register(at);
  const b = await register(at);
  await vouch(a, b);
  return a.player.id < b.player.id ? [a, b] : [b, a];
}

/** Three new players, by id. */
async function trioByIdAt(at: string): Promise<[NewPlayer, NewPlayer, NewPlayer]> {
  const three = [await register(at), await register(at), await register(at)];
  await vouch(...three);
  three.sort((x, y) => (x.player.id < y.player.id ? -1 : 1));
  return three as [NewPlayer, NewPlayer, NewPlayer];
}

/** Solves sudoku `level` of `date` in exactly `seconds`, submitting at `submitAt`. */
async function solveIn(
  player: NewPlayer,
  date: string,
  level: 'easy' | 'medium',
  submitAt: string,
  seconds: number,
) {
  const { status, body } = await solveAs(player.token, {
    date,
    kind: 'sudoku',
    level,
    fetchAt: later(submitAt, -seconds),
    submitAt,
  });
  expect(status, JSON.stringify(body)).toBe(200);
  expect(body).toMatchObject({ verdict: 'clean', countedMs: seconds * 1000 });
}

/** Every row of a board, one page of one row at a time. */
async function pageByPage(
  read: (path: string) => Response | Promise<Response>,
  path: string,
): Promise<Row[]> {
  return allPages(async (cursor) => {
    const res = await read(
      `${path}${path.includes('?') ? '&' : '?'}limit=1${cursor ? `&cursor=${cursor}` : ''}`,
    );
    expect(res.status).toBe(200);
    return pageOf(res);
  });
}

const ids = (players: NewPlayer[]) => players.map((p) => p.player.id);

describe("a puzzle board's tie", () => {
  const date = '2026-11-29';
  const path = `/v1/leaderboards/${date}/sudoku/medium`;
  const read = api('2026-11-29T14:00:00Z');

  it('goes to the earlier submission, whether its player has the lower id or the higher', async () => {
    const [lowFirst, highSecond] = await pairByIdAt('2026-11-29T11:00:00Z');
    const [lowSecond, highFirst] = await pairByIdAt('2026-11-29T11:00:00Z');
    // 300 s: the lower id submits first; 400 s: the higher id does.
    await solveIn(lowFirst, date, 'medium', '2026-11-29T13:00:00Z', 300);
    await solveIn(highSecond, date, 'medium', '2026-11-29T13:00:01Z', 300);
    await solveIn(highFirst, date, 'medium', '2026-11-29T13:00:02Z', 400);
    await solveIn(lowSecond, date, 'medium', '2026-11-29T13:00:03Z', 400);
    const order = ids([lowFirst, highSecond, highFirst, lowSecond]);

    const board = await pageOf(read(path));
    expect(board.entries.map((e) => [e.rank, e.playerId])).toEqual(order.map((id, i) => [i + 1, id]));
    expect((await pageByPage(read, path)).map((e) => [e.rank, e.playerId])).toEqual(
      order.map((id, i) => [i + 1, id]),
    );
    for (const [i, player] of [lowFirst, highSecond, highFirst, lowSecond].entries()) {
      const mine = await pageOf(read(path, player.token));
      expect(mine.me?.rank, `player ${i + 1}`).toBe(i + 1);
    }
  });
});

describe("a daily board's tie", () => {
  const date = '2026-11-27';
  const path = `/v1/leaderboards/${date}/daily`;
  const read = api('2026-11-27T14:00:00Z');

  it('goes to the lower player id, whichever of the two submitted first', async () => {
    const [lowFirst, highSecond] = await pairByIdAt('2026-11-27T11:00:00Z');
    const [lowSecond, highFirst] = await pairByIdAt('2026-11-27T11:00:00Z');
    // Equal times on the date's one puzzle they play are equal scores, so equal totals.
    await solveIn(lowFirst, date, 'easy', '2026-11-27T13:00:00Z', 300);
    await solveIn(highSecond, date, 'easy', '2026-11-27T13:00:01Z', 300);
    await solveIn(highFirst, date, 'easy', '2026-11-27T13:00:02Z', 400);
    await solveIn(lowSecond, date, 'easy', '2026-11-27T13:00:03Z', 400);
    const order = [lowFirst, highSecond, lowSecond, highFirst];

    const board = await pageOf(read(path));
    expect(board.entries.map((e) => [e.rank, e.playerId])).toEqual(ids(order).map((id, i) => [i + 1, id]));
    expect(board.entries[0]?.total).toBe(board.entries[1]?.total);
    expect(board.entries[2]?.total).toBe(board.entries[3]?.total);
    expect((await pageByPage(read, path)).map((e) => [e.rank, e.playerId])).toEqual(
      ids(order).map((id, i) => [i + 1, id]),
    );
    for (const [i, player] of order.entries()) {
      const mine = await pageOf(read(path, player.token));
      expect(mine.me?.rank, `player ${i + 1}`).toBe(i + 1);
    }
  });
});

describe("a rating board's tie", () => {
  it('goes to the lower player id, page after page', async () => {
    // Four established players seeded at exactly 1500 in colour sort, which nobody else here plays.
    const seeded = await seedEstablishedPlayers(4, 'colorsort', '2026-11-29');
    await vouch(...seeded);
    const byId = [...seeded].sort((x, y) => (x.player.id < y.player.id ? -1 : 1));
    const read = api('2026-11-29T14:00:00Z');
    const path = '/v1/leaderboards/ratings/colorsort';
    const board = await pageOf(read(path));
    expect(board.entries.map((e) => e.rating)).toEqual([1500, 1500, 1500, 1500]);
    expect(board.entries.map((e) => e.playerId)).toEqual(ids(byId));
    expect((await pageByPage(read, path)).map((e) => e.playerId)).toEqual(ids(byId));
  });

  it('goes to the lower player id within a following scope too', async () => {
    const seeded = await seedEstablishedPlayers(3, 'loop', '2026-11-29');
    await vouch(...seeded);
    const byId = [...seeded].sort((x, y) => (x.player.id < y.player.id ? -1 : 1));
    const viewer = byId[1] as NewPlayer;
    const at = '2026-11-29T14:00:00Z';
    for (const other of [byId[0], byId[2]] as NewPlayer[]) {
      const res = await appAt(at)(`/v1/players/me/follows/${other.player.id}`, {
        method: 'PUT',
        headers: { ...bearer(viewer.token), ...someAddress() },
      });
      expect(res.status).toBe(200);
    }
    const read = api(at);
    const rows = await pageByPage(
      (p) => read(p, viewer.token),
      '/v1/leaderboards/ratings/loop?scope=following',
    );
    expect(rows.map((e) => e.playerId)).toEqual(ids(byId));
  });
});

describe("a scoped board's tie", () => {
  const date = '2026-11-26';
  const at = '2026-11-26T14:00:00Z';
  const read = api(at);

  /**
   * Three players tied at 300 s on the date's sudoku easy, submitting in the order middle id, highest,
   * lowest: neither id order. The middle one follows the other two and owns a group they join.
   */
  async function tiedTrio() {
    const [low, middle, high] = await trioByIdAt('2026-11-26T11:00:00Z');
    await solveIn(middle, date, 'easy', '2026-11-26T13:00:00Z', 300);
    await solveIn(high, date, 'easy', '2026-11-26T13:00:01Z', 300);
    await solveIn(low, date, 'easy', '2026-11-26T13:00:02Z', 300);
    const call = (method: string, token: string, path: string, body?: unknown) =>
      appAt(at)(path, {
        method,
        headers: { ...bearer(token), ...someAddress(), 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    for (const other of [low, high])
      expect((await call('PUT', middle.token, `/v1/players/me/follows/${other.player.id}`)).status).toBe(200);
    const made = await bodyOf(
      await call('POST', middle.token, '/v1/groups', { name: 'Ties' }),
      NewGroupSchema,
    );
    for (const member of [low, high])
      expect(
        (await call('POST', member.token, '/v1/groups/join', { inviteCode: made.inviteCode })).status,
      ).toBe(200);
    return { low, middle, high, groupId: made.group.id };
  }

  it('goes to the earlier submission on the puzzle board and to the lower id on the daily board, in every scope', async () => {
    const { low, middle, high, groupId } = await tiedTrio();
    const bySubmission = ids([middle, high, low]);
    const byId = ids([low, middle, high]);
    for (const scope of ['following', `group:${groupId}`]) {
      const puzzle = `/v1/leaderboards/${date}/sudoku/easy?scope=${scope}`;
      const daily = `/v1/leaderboards/${date}/daily?scope=${scope}`;
      const asViewer = (p: string) => read(p, middle.token);
      expect(
        (await pageByPage(asViewer, puzzle)).map((e) => [e.rank, e.playerId]),
        scope,
      ).toEqual(bySubmission.map((id, i) => [i + 1, id]));
      expect(
        (await pageByPage(asViewer, daily)).map((e) => [e.rank, e.playerId]),
        scope,
      ).toEqual(byId.map((id, i) => [i + 1, id]));
      const mine = async (p: string) => (await pageOf(asViewer(p))).me?.rank;
      expect(await mine(puzzle), scope).toBe(1);
      expect(await mine(daily), scope).toBe(2);
    }
  });
});
