import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { DEV_SECRETS } from '../../src/config.js';
import { HistorySchema } from '../../src/contract/history.js';
import { PuzzleBoardSchema } from '../../src/contract/leaderboards.js';
import { SubmissionResultSchema } from '../../src/contract/submission.js';
import { createDb } from '../../src/db/client.js';
import { resetPuzzleRatingsQuery } from '../../src/db/puzzle-ratings.js';
import { catchUpPuzzleRatings } from '../../src/play/catch-up-puzzle-ratings.js';
import { appAt } from '../support/app.js';
import { bodyOf } from '../support/json.js';
import { evenLog } from '../support/logs.js';
import {
  bearer,
  type NewPlayer,
  type ResultJson,
  register,
  solveAs,
  solveStored,
  startPuzzle,
  submit,
} from '../support/play.js';

/**
 * A puzzle's `games` counts its counted solves up to `rated_through`, so that a history page reads each
 * puzzle's solvers without counting them all. Every writer of a solve's counting or of `rated_through`
 * must keep it exact: each test plays its own date's signal easy and checks the counter against a fresh
 * count after the writer ran.
 */

const admin = { Authorization: `Bearer ${DEV_SECRETS.ADMIN_TOKEN}`, 'content-type': 'application/json' };
const puzzleOf = (date: string) => `${date}:signal:easy`;

async function solve(token: string, date: string, minutes: number): Promise<ResultJson> {
  const { status, body } = await solveAs(token, {
    date,
    kind: 'signal',
    level: 'easy',
    fetchAt: `${date}T10:00:00Z`,
    submitAt: `${date}T10:${String(minutes).padStart(2, '0')}:00Z`,
  });
  if (status !== 200) throw new Error(`solve failed: ${status} ${JSON.stringify(body)}`);
  return body as ResultJson;
}

/** A solve entered by a script (every move 50 ms apart, all within two seconds): flagged. */
async function flaggedSolve(token: string, date: string): Promise<ResultJson> {
  const solution = (await solveStored(date, 'signal', 'easy')) as { grid: string };
  const stored = await env.DB.prepare('select puzzle_json from puzzles where id = ?')
    .bind(puzzleOf(date))
    .first<{ puzzle_json: string }>();
  const givens = (JSON.parse(stored?.puzzle_json ?? '{}') as { givens: string }).givens;
  const moves = [...givens].flatMap((ch, i) => (ch === '.' ? [[i, Number(solution.grid[i])] as const] : []));
  await startPuzzle(`${date}T11:00:00Z`, token, date, 'signal', 'easy');
  const res = await submit(`${date}T11:00:03Z`, token, `${date}/signal/easy`, {
    solution,
    log: evenLog(moves, 500, 50),
  });
  const body = await bodyOf(res, SubmissionResultSchema);
  expect(body.verdict).toBe('flagged');
  return body;
}

async function submissionId(date: string, playerId: string): Promise<number> {
  const row = await env.DB.prepare(
    'select id from submissions where puzzle_id = ? and player_id = ? and ranked = 1',
  )
    .bind(puzzleOf(date), playerId)
    .first<{ id: number }>();
  if (!row) throw new Error('no ranked solve');
  return row.id;
}

/** A moderator's action on `date` itself, while the puzzle is live: its board starts again from D1. */
async function adminPost(date: string, url: string, reason: string): Promise<void> {
  const res = await appAt(`${date}T12:00:00Z`)(url, {
    method: 'POST',
    headers: admin,
    body: JSON.stringify({ reason }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

interface Counts {
  games: number;
  /** Fresh counts: counted solves up to `rated_through`, and all of them. */
  upToRated: number;
  counted: number;
  ratedThrough: number;
}

async function counts(date: string): Promise<Counts> {
  const row = await env.DB.prepare(
    `select p.games, p.rated_through as ratedThrough,
            (select count(*) from submissions s where s.puzzle_id = p.id and s.counted = 1
               and s.id <= p.rated_through) as upToRated,
            (select count(*) from submissions s where s.puzzle_id = p.id and s.counted = 1) as counted
     from puzzles p where p.id = ?`,
  )
    .bind(puzzleOf(date))
    .first<Counts>();
  if (!row) throw new Error('puzzle not stored');
  return row;
}

/** What the viewer's history says of the puzzle's solvers. */
async function historySolvers(date: string, viewer: NewPlayer): Promise<number | null> {
  const res = await appAt(`${date}T20:00:00Z`)('/v1/players/me/history?kind=signal&level=easy', {
    headers: bearer(viewer.token),
  });
  const { entries } = await bodyOf(res, HistorySchema);
  return entries.find((e) => e.date === date && e.solvers !== null)?.solvers ?? null;
}

/** What the puzzle's board, read past the caches, says of its solvers. */
async function boardSolvers(date: string): Promise<number> {
  const res = await appAt(`${date}T20:00:00Z`)(`/v1/leaderboards/${date}/signal/easy`, {
    headers: { 'cache-control': 'no-cache' },
  });
  return (await bodyOf(res, PuzzleBoardSchema)).solvers;
}

/** The counter agrees with a fresh count, and the viewer's history and the board show every counted solve. */
async function expectExact(date: string, viewer: NewPlayer, counted: number): Promise<Counts> {
  const now = await counts(date);
  expect(now.games).toBe(now.upToRated);
  expect(now.counted).toBe(counted);
  expect(await historySolvers(date, viewer)).toBe(counted);
  expect(await boardSolvers(date)).toBe(counted);
  return now;
}

describe("a puzzle's counted solvers, kept with its rating", () => {
  it('takes in each ranked solve with its own game', async () => {
    const date = '2026-11-21';
    const players = [await register(`${date}T09:00:00Z`), await register(`${date}T09:00:00Z`)];
    for (const [i, p] of players.entries()) {
      await solve(p.token, date, 3 + i);
      const now = await expectExact(date, p, i + 1);
      expect(now.games).toBe(i + 1);
    }
  });

  it('takes in solves that arrive together, once the catch-up has applied what they left', async () => {
    const date = '2026-11-22';
    const players = await Promise.all(Array.from({ length: 6 }, () => register(`${date}T09:00:00Z`)));
    for (const p of players) await startPuzzle(`${date}T10:00:00Z`, p.token, date, 'signal', 'easy');
    const solution = await solveStored(date, 'signal', 'easy');
    const statuses = await Promise.all(
      players.map(
        async (p, i) =>
          (await submit(`${date}T10:0${3 + i}:00Z`, p.token, `${date}/signal/easy`, { solution })).status,
      ),
    );
    expect(statuses).toEqual(players.map(() => 200));
    await expectExact(date, players[0] as NewPlayer, 6);
    await catchUpPuzzleRatings(createDb(env.DB));
    const settled = await expectExact(date, players[0] as NewPlayer, 6);
    expect(settled.games).toBe(6);
  });

  it('restarts from nothing on a reset, and the catch-up counts every game again as it replays them', async () => {
    const date = '2026-11-23';
    const players = [await register(`${date}T09:00:00Z`), await register(`${date}T09:00:00Z`)];
    for (const [i, p] of players.entries()) await solve(p.token, date, 3 + i);
    await resetPuzzleRatingsQuery(createDb(env.DB), [puzzleOf(date)]);
    const reset = await expectExact(date, players[0] as NewPlayer, 2);
    expect(reset).toMatchObject({ games: 0, ratedThrough: 0 });
    await catchUpPuzzleRatings(createDb(env.DB));
    expect((await expectExact(date, players[0] as NewPlayer, 2)).games).toBe(2);
  });

  it('takes in the pending games a solve applies with its own after a reset', async () => {
    const date = '2026-11-24';
    const [first, second, third] = [
      await register(`${date}T09:00:00Z`),
      await register(`${date}T09:00:00Z`),
      await register(`${date}T09:00:00Z`),
    ] as [NewPlayer, NewPlayer, NewPlayer];
    await solve(first.token, date, 3);
    await solve(second.token, date, 4);
    await resetPuzzleRatingsQuery(createDb(env.DB), [puzzleOf(date)]);
    await solve(third.token, date, 5);
    const now = await expectExact(date, third, 3);
    expect(now.games).toBe(3);
    expect(now.ratedThrough).toBe(await submissionId(date, third.player.id));
  });

  it('counts a flagged solve once a moderator approves it', async () => {
    const date = '2026-11-25';
    const honest = await register(`${date}T09:00:00Z`);
    const quick = await register(`${date}T09:00:00Z`);
    await solve(honest.token, date, 3);
    await flaggedSolve(quick.token, date);
    await expectExact(date, honest, 1);
    await adminPost(
      date,
      `/v1/admin/submissions/${await submissionId(date, quick.player.id)}/approve`,
      'seen',
    );
    expect((await expectExact(date, honest, 2)).games).toBe(2);
  });

  it('stops counting a solve a moderator voids', async () => {
    const date = '2026-11-26';
    const [kept, voided] = [await register(`${date}T09:00:00Z`), await register(`${date}T09:00:00Z`)];
    await solve(kept.token, date, 3);
    await solve(voided.token, date, 4);
    await expectExact(date, kept, 2);
    await adminPost(
      date,
      `/v1/admin/submissions/${await submissionId(date, voided.player.id)}/void`,
      'shared',
    );
    expect((await expectExact(date, kept, 1)).games).toBe(1);
  });

  it("stops counting a banned player's solves", async () => {
    const date = '2026-11-27';
    const [kept, banned] = [await register(`${date}T09:00:00Z`), await register(`${date}T09:00:00Z`)];
    await solve(kept.token, date, 3);
    await solve(banned.token, date, 4);
    await expectExact(date, kept, 2);
    await adminPost(date, `/v1/admin/players/${banned.player.id}/ban`, 'a script');
    expect((await expectExact(date, kept, 1)).games).toBe(1);
  });

  it('still counts the solves of a player who deleted itself, kept under a stand-in', async () => {
    const date = '2026-11-28';
    const [kept, gone] = [await register(`${date}T09:00:00Z`), await register(`${date}T09:00:00Z`)];
    await solve(kept.token, date, 3);
    await solve(gone.token, date, 4);
    const deleted = await appAt(`${date}T12:00:00Z`)('/v1/players/me', {
      method: 'DELETE',
      headers: bearer(gone.token),
    });
    expect(deleted.status).toBe(204);
    await solve((await register(`${date}T09:00:00Z`)).token, date, 5);
    expect((await expectExact(date, kept, 3)).games).toBe(3);
  });
});
