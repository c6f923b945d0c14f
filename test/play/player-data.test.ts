import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/client/index.js';
import { DEV_SECRETS } from '../../src/config.js';
import { appAt } from '../support/app.js';
import { clientAt } from '../support/client.js';
import {
  type ResultJson,
  register,
  solveAs,
  startPuzzle,
  submit,
  vouch,
  wrongSudoku,
} from '../support/play.js';

const json = { 'content-type': 'application/json' };

/** What `GET /v1/players/me/export` holds of the parts these tests read (the client types it loosely). */
type Exported = {
  player: { id: string; displayName: string | null; bannedAt: string | null };
  submissions: { id: number; log: unknown }[];
  tokens: { id: string }[];
  sessions: unknown[];
  ratings: unknown[];
};

/** Solves loop easy of `date` at noon UTC in five minutes; returns the verdict. */
const solveOn = async (token: string, date: string) =>
  (
    await solveAs(token, {
      date,
      kind: 'loop',
      level: 'easy',
      fetchAt: `${date}T12:00:00Z`,
      submitAt: `${date}T12:05:00Z`,
    })
  ).body as ResultJson;

describe("a player's history", () => {
  it('lists ranked solves, practice and wrong attempts, newest first, counted ones with rank, solvers and rating', async () => {
    const { token } = await register('2026-11-20T09:00:00Z');
    await startPuzzle('2026-11-20T09:00:00Z', token, '2026-11-20', 'sudoku', 'easy');
    await submit('2026-11-20T09:03:00Z', token, '2026-11-20/sudoku/easy', {
      solution: await wrongSudoku('2026-11-20', 'easy'),
    });
    await solveAs(token, {
      date: '2026-11-20',
      kind: 'sudoku',
      level: 'easy',
      fetchAt: '2026-11-20T09:00:00Z',
      submitAt: '2026-11-20T09:06:00Z',
    });
    await solveAs(token, {
      date: '2026-11-10',
      kind: 'signal',
      level: 'easy',
      fetchAt: '2026-11-20T10:00:00Z',
      submitAt: '2026-11-20T10:02:00Z',
    });
    const api = clientAt('2026-11-20T11:00:00Z', { token });
    const history = await api.history();
    expect(history.entries.map((e) => [e.kind, e.valid, e.practice, e.verdict])).toEqual([
      ['signal', true, true, null],
      ['sudoku', true, false, 'clean'],
      ['sudoku', false, false, null],
    ]);
    expect(history.entries[1]).toMatchObject({ date: '2026-11-20', rank: 1, solvers: 1, countedMs: 360_000 });
    expect(typeof history.entries[1]?.ratingAfter).toBe('number');
    expect(history.entries[0]).toMatchObject({ rank: null, solvers: null, ratingAfter: null });
    expect(history.nextCursor).toBeNull();
    const sudokuOnly = await api.history({ kind: 'sudoku', limit: 1 });
    expect(sudokuOnly.entries.map((e) => e.valid)).toEqual([true]);
    const next = await api.history({ kind: 'sudoku', limit: 1, cursor: String(sudokuOnly.nextCursor) });
    expect(next).toMatchObject({ entries: [{ valid: false }], nextCursor: null });
  });
});

describe("a player's stats", () => {
  it('sum up the counted solves of the last days per level, with the rating over them, the techniques and a calendar', async () => {
    const { token } = await register('2026-11-01T08:00:00Z');
    for (const date of ['2026-11-01', '2026-11-02', '2026-11-04']) await solveOn(token, date);
    const stats = await clientAt('2026-11-04T20:00:00Z', { token }).myStats({ kind: 'loop', days: 7 });
    expect(stats.since).toBe('2026-10-29');
    expect(stats.calendar).toEqual(['2026-11-01', '2026-11-02', '2026-11-04']);
    const [loop] = stats.kinds;
    expect(loop?.levels).toEqual([
      { level: 'easy', solves: 3, bestMs: 300_000, medianMs: 300_000, meanScore: expect.any(Number) },
    ]);
    expect(loop?.ratingHistory).toHaveLength(3);
    expect(loop?.techniques.length).toBeGreaterThan(0);
    expect(loop?.techniques.every((t) => t.solves <= 3)).toBe(true);
  });
});

describe('streak freezes through the API', () => {
  it('earns a freeze in a week and spends it on a missed date: the submission says the streak was frozen', async () => {
    const { token } = await register('2026-10-01T08:00:00Z');
    const days = ['01', '02', '03', '04', '05', '06', '07'].map((d) => `2026-10-${d}`);
    for (const date of days) await solveOn(token, date);
    expect((await clientAt('2026-10-07T20:00:00Z', { token }).me()).streak).toEqual({
      current: 7,
      best: 7,
      freezes: 1,
      change: null,
    });
    const after = await solveOn(token, '2026-10-09');
    expect(after.streak).toEqual({ current: 8, best: 8, freezes: 0, change: 'frozen' });
    const reset = await solveOn(token, '2026-10-12');
    expect(reset.streak).toEqual({ current: 1, best: 8, freezes: 0, change: 'reset' });
  });
});

describe('data rights', () => {
  it('exports everything stored about the player, every submission included', async () => {
    const { player, token } = await register('2026-11-05T08:00:00Z', 'Exporter');
    await solveOn(token, '2026-11-05');
    await solveOn(token, '2026-11-06');
    const exported = (await clientAt('2026-11-06T20:00:00Z', { token }).exportMe()) as Exported;
    const stored = await env.DB.prepare('select id from submissions where player_id = ? order by id')
      .bind(player.id)
      .all<{ id: number }>();
    expect(exported.submissions.map((s) => s.id)).toEqual(stored.results.map((r) => r.id));
    expect(exported.player).toMatchObject({ id: player.id, displayName: 'Exporter' });
    expect(exported.tokens.map((t) => t.id)).toEqual([token.split('.')[1]]);
    expect(exported.sessions).toHaveLength(2);
    expect(exported.ratings).toHaveLength(1);
    expect(JSON.stringify(exported)).not.toContain(token);
  });

  it('deletes the player: no table holds its id or name any more, its token is refused, boards keep their ranks', async () => {
    const name = 'Vanishing Vera';
    const gone = await register('2026-11-08T08:00:00Z', name);
    const stays = await register('2026-11-08T08:00:00Z', 'Stays');
    await vouch(gone, stays);
    await solveAs(gone.token, {
      date: '2026-11-08',
      kind: 'signal',
      level: 'easy',
      fetchAt: '2026-11-08T10:00:00Z',
      submitAt: '2026-11-08T10:02:00Z',
    });
    const second = (
      await solveAs(stays.token, {
        date: '2026-11-08',
        kind: 'signal',
        level: 'easy',
        fetchAt: '2026-11-08T10:00:00Z',
        submitAt: '2026-11-08T10:03:00Z',
      })
    ).body as ResultJson;
    expect(second.rank).toBe(2);
    const at = '2026-11-08T12:00:00Z';
    const goneApi = clientAt(at, { token: gone.token });
    const staysApi = clientAt(at, { token: stays.token });
    await goneApi.follow(stays.player.id);
    const group = await goneApi.createGroup('Gone club');
    await staysApi.joinGroup(group.inviteCode);
    await goneApi.createLinkCode();
    await goneApi.vote('2026-11-08', 'signal', 'easy', { fun: 5, felt: 'right' });
    await goneApi.report('2026-11-08', 'signal', 'easy', {
      reason: 'other',
      note: `${name} thinks clue 3 is odd`,
    });
    expect(goneApi.responses.slice(-2).map((r) => r.status)).toEqual([200, 201]);
    const puzzleBefore = await env.DB.prepare(
      "select rating from puzzles where id = '2026-11-08:signal:easy'",
    ).first<{ rating: number }>();

    await goneApi.deleteMe();
    expect(goneApi.responses.at(-1)?.status).toBe(204);

    await expect(goneApi.me()).rejects.toMatchObject({ status: 401 });
    const { results: tables } = await env.DB.prepare(
      "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%' and name <> 'd1_migrations'",
    ).all<{ name: string }>();
    for (const { name: table } of tables) {
      const { results: columns } = await env.DB.prepare(
        `select name from pragma_table_info('${table}')`,
      ).all<{ name: string }>();
      for (const { name: column } of columns) {
        const hits = await env.DB.prepare(
          `select count(*) as n from "${table}" where cast("${column}" as text) like ? or cast("${column}" as text) like ?`,
        )
          .bind(`%${gone.player.id}%`, `%${name}%`)
          .first<{ n: number }>();
        expect(hits?.n, `${table}.${column}`).toBe(0);
      }
    }
    const board = await clientAt(at).leaderboard('2026-11-08', 'signal', 'easy', { fresh: true });
    // The stand-in is hidden: its row is left out, its place kept.
    expect(board.entries.map((e) => [e.rank, e.displayName])).toEqual([[2, 'Stays']]);
    expect(board.solvers).toBe(2);
    const puzzleAfter = await env.DB.prepare(
      "select rating from puzzles where id = '2026-11-08:signal:easy'",
    ).first<{ rating: number }>();
    expect(puzzleAfter).toEqual(puzzleBefore);
    // Its vote stays in the puzzle's tally and its report in the queue, under the stand-in, the note gone.
    const kept = await env.DB.prepare(
      `select (select count(*) from puzzle_votes where puzzle_id = '2026-11-08:signal:easy') as votes,
              (select count(*) from puzzle_reports where puzzle_id = '2026-11-08:signal:easy' and note is null) as reports`,
    ).first<{ votes: number; reports: number }>();
    expect(kept).toEqual({ votes: 1, reports: 1 });
    expect(await staysApi.group(group.group.id)).toMatchObject({ ownerId: stays.player.id });
  });

  describe('of a banned player', () => {
    const admin = { Authorization: `Bearer ${DEV_SECRETS.ADMIN_TOKEN}`, ...json };

    async function bannedSolver(name: string) {
      const banned = await register('2026-11-12T08:00:00Z', name);
      await solveOn(banned.token, '2026-11-12');
      const ban = await appAt('2026-11-12T13:00:00Z')(`/v1/admin/players/${banned.player.id}/ban`, {
        method: 'POST',
        headers: admin,
        body: JSON.stringify({ reason: 'a script' }),
      });
      expect(ban.status).toBe(200);
      return banned;
    }

    it('still exports everything stored about it, its ban included', async () => {
      const banned = await bannedSolver('Banned Bea');
      const api = clientAt('2026-11-12T14:00:00Z', { token: banned.token });
      const exported = (await api.exportMe()) as Exported;
      expect(api.responses.at(-1)?.status).toBe(200);
      expect(exported.player).toMatchObject({ id: banned.player.id, bannedAt: '2026-11-12T13:00:00.000Z' });
      expect(exported.submissions).toHaveLength(1);
    });

    it('may do nothing else: every other route it could use answers 403 banned', async () => {
      const banned = await bannedSolver('Banned Ben');
      const api = clientAt('2026-11-12T14:00:00Z', { token: banned.token });
      const other = '00000000-0000-4000-8000-000000000000';
      const seen = [];
      for (const [route, call] of [
        ['GET /v1/players/me', () => api.me()],
        ['PATCH /v1/players/me', () => api.updateMe({ displayName: 'Free again' })],
        ['GET /v1/players/me/history', () => api.history()],
        ['GET /v1/players/me/tokens', () => api.tokens()],
        ['POST /v1/players/me/link-codes', () => api.createLinkCode()],
        [`PUT /v1/players/me/follows/${other}`, () => api.follow(other)],
        ['GET /v1/players/me/groups', () => api.myGroups()],
        ['GET /v1/puzzles/2026-11-12/loop/easy', () => api.puzzle('2026-11-12', 'loop', 'easy')],
      ] as const) {
        const refusal = await call().catch((error: unknown) => error);
        seen.push([
          route,
          api.responses.at(-1)?.status,
          refusal instanceof ApiError ? refusal.code : refusal,
        ]);
      }
      expect(seen).toEqual(seen.map(([route]) => [route, 403, 'banned']));
    });

    it('still deletes itself: its token is refused, and its solves stay banned under the stand-in', async () => {
      const banned = await bannedSolver('Banned Bo');
      const api = clientAt('2026-11-12T14:00:00Z', { token: banned.token });
      const solve = await env.DB.prepare('select id from submissions where player_id = ?')
        .bind(banned.player.id)
        .first<{ id: number }>();
      await api.deleteMe();
      expect(api.responses.at(-1)?.status).toBe(204);
      await expect(api.exportMe()).rejects.toMatchObject({ status: 401 });
      const standIn = await env.DB.prepare(
        'select p.id, p.banned_at, s.counted from submissions s join players p on p.id = s.player_id where s.id = ?',
      )
        .bind(solve?.id)
        .first<{ id: string; banned_at: string | null; counted: number }>();
      expect(standIn).toMatchObject({ banned_at: '2026-11-12T13:00:00.000Z', counted: 0 });
      expect(standIn?.id).not.toBe(banned.player.id);
      const board = await clientAt('2026-11-12T14:00:00Z').leaderboard('2026-11-12', 'loop', 'easy', {
        fresh: true,
      });
      expect(board.entries).toEqual([]);
    });

    it('leaves an unbanned stand-in for a player that was never banned', async () => {
      const { token } = await register('2026-11-13T08:00:00Z', 'Never banned');
      await solveOn(token, '2026-11-13');
      await clientAt('2026-11-13T14:00:00Z', { token }).deleteMe();
      const standIn = await env.DB.prepare(
        "select p.banned_at, s.counted from submissions s join players p on p.id = s.player_id where s.puzzle_id = '2026-11-13:loop:easy'",
      ).first<{ banned_at: string | null; counted: number }>();
      expect(standIn).toEqual({ banned_at: null, counted: 1 });
    });
  });
});
