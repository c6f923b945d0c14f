import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEV_SECRETS } from '../../src/config.js';
import { AuditPageSchema, FlagsPageSchema } from '../../src/contract/admin.js';
import { PuzzleBoardSchema, PuzzleStatsSchema, RatingBoardSchema } from '../../src/contract/leaderboards.js';
import { PlayerProfileSchema } from '../../src/contract/player.js';
import { SubmissionResultSchema } from '../../src/contract/submission.js';
import { newRating } from '../../src/rating/glicko2.js';
import { applyPlayerGames, applyPuzzleGames } from '../../src/rating/weighted-games.js';
import { appAt } from '../support/app.js';
import { establishedPlayer } from '../support/established.js';
import { bodyOf, errorOf } from '../support/json.js';
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
  vouch,
} from '../support/play.js';

const date = '2026-11-29';
const puzzleId = `${date}:signal:hard`;
const path = `${date}/signal/hard`;
const at = '2026-11-29T15:00:00Z';
const admin = { Authorization: `Bearer ${DEV_SECRETS.ADMIN_TOKEN}`, 'content-type': 'application/json' };
const api = appAt(at);

async function post(url: string, body?: unknown) {
  return api(url, {
    method: 'POST',
    headers: admin,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** The puzzle's rating replayed from its counted games, in submission order, from a new puzzle's. */
async function puzzleReplay() {
  const { results } = await env.DB.prepare(
    'select score, rating_before, deviation_before, puzzle_weight from submissions where puzzle_id = ? and counted = 1 order by id',
  )
    .bind(puzzleId)
    .all<{ score: number; rating_before: number; deviation_before: number; puzzle_weight: number }>();
  return applyPuzzleGames(
    newRating(),
    results.map((g) => ({
      score: g.score,
      solver: { rating: g.rating_before, deviation: g.deviation_before },
      puzzleWeight: g.puzzle_weight,
    })),
  );
}

/** The player's signal rating replayed from its counted games, in submission order, from a new player's. */
async function playerReplay(playerId: string) {
  const { results } = await env.DB.prepare(
    "select score, opponent_rating, opponent_deviation, player_weight from submissions where player_id = ? and kind = 'signal' and counted = 1 order by id",
  )
    .bind(playerId)
    .all<{ score: number; opponent_rating: number; opponent_deviation: number; player_weight: number }>();
  return {
    games: results.length,
    ...applyPlayerGames(
      newRating(),
      results.map((g) => ({
        score: g.score,
        opponent: { rating: g.opponent_rating, deviation: g.opponent_deviation },
        playerWeight: g.player_weight,
      })),
    ),
  };
}

async function storedPuzzle() {
  return env.DB.prepare('select rating, rating_deviation from puzzles where id = ?')
    .bind(puzzleId)
    .first<{ rating: number; rating_deviation: number }>();
}

async function storedPlayer(playerId: string) {
  return env.DB.prepare(
    "select rating, deviation, games from player_ratings where player_id = ? and kind = 'signal'",
  )
    .bind(playerId)
    .first<{ rating: number; deviation: number; games: number }>();
}

async function boardIds(): Promise<string[]> {
  const board = await bodyOf(
    await appAt(at)(`/v1/leaderboards/${path}`, { headers: { 'cache-control': 'no-cache' } }),
    PuzzleBoardSchema,
  );
  return board.entries.map((e) => e.playerId);
}

async function solvers(): Promise<number> {
  return (
    await bodyOf(
      await appAt(at)(`/v1/puzzles/${path}/stats`, { headers: { 'cache-control': 'no-cache' } }),
      PuzzleStatsSchema,
    )
  ).solvers;
}

async function expectBothRatingsReplayed(playerId: string) {
  const puzzle = await storedPuzzle();
  const replay = await puzzleReplay();
  expect(puzzle?.rating).toBeCloseTo(replay.rating, 6);
  expect(puzzle?.rating_deviation).toBeCloseTo(replay.deviation, 6);
  const player = await storedPlayer(playerId);
  const mine = await playerReplay(playerId);
  expect(player?.games).toBe(mine.games);
  expect(player?.rating).toBeCloseTo(mine.rating, 6);
  expect(player?.deviation).toBeCloseTo(mine.deviation, 6);
}

let a: NewPlayer;
let b: NewPlayer;
let d: NewPlayer;
let flaggedId = 0;
let cleanB = 0;

/** A fast, evenly spaced log: the moves of the player's solution at `gapMs`, the last at 2.5 s. */
async function botLog() {
  const solution = (await solveStored(date, 'signal', 'hard')) as { grid: string };
  const givens =
    (
      await env.DB.prepare('select puzzle_json from puzzles where id = ?')
        .bind(puzzleId)
        .first<{ puzzle_json: string }>()
    )?.puzzle_json ?? '{}';
  const blanks = [...(JSON.parse(givens) as { givens: string }).givens].flatMap((ch, i) =>
    ch === '.' ? [[i, Number(solution.grid[i])] as const] : [],
  );
  return { solution, log: evenLog(blanks, 500, Math.floor(2_000 / blanks.length)) };
}

beforeAll(async () => {
  [a, b, d] = [
    await establishedPlayer('signal', date, { name: 'Player A' }),
    await establishedPlayer('signal', date, { name: 'Player B' }),
    await establishedPlayer('signal', date, { name: 'Player D' }),
  ];
  // What is judged here is moderation's re-derivation, not the top 10's evidence rule (board-top.test.ts).
  await vouch(a, b, d);
  await solveAs(a.token, {
    date,
    kind: 'signal',
    level: 'hard',
    fetchAt: '2026-11-29T12:00:00Z',
    submitAt: '2026-11-29T12:07:00Z',
  });
  // D solves too fast to be believed: flagged.
  await startPuzzle('2026-11-29T12:10:00Z', d.token, date, 'signal', 'hard');
  const { solution, log } = await botLog();
  const flagged = await bodyOf(
    await submit('2026-11-29T12:10:03Z', d.token, path, { solution, log }),
    SubmissionResultSchema,
  );
  expect(flagged.verdict).toBe('flagged');
  const { body } = await solveAs(b.token, {
    date,
    kind: 'signal',
    level: 'hard',
    fetchAt: '2026-11-29T12:20:00Z',
    submitAt: '2026-11-29T12:30:00Z',
  });
  expect((body as ResultJson).verdict).toBe('clean');
  const ids = await env.DB.prepare(
    'select id, player_id from submissions where puzzle_id = ? and ranked = 1 order by id',
  )
    .bind(puzzleId)
    .all<{ id: number; player_id: string }>();
  flaggedId = ids.results.find((r) => r.player_id === d.player.id)?.id ?? 0;
  cleanB = ids.results.find((r) => r.player_id === b.player.id)?.id ?? 0;
});

describe('moderation, behind the admin token', () => {
  it('refuses every moderation route without the admin token', async () => {
    for (const [method, url] of [
      ['GET', '/v1/admin/flags'],
      ['GET', '/v1/admin/audit'],
      ['GET', `/v1/admin/submissions/${flaggedId}`],
      ['POST', `/v1/admin/submissions/${flaggedId}/approve`],
      ['POST', `/v1/admin/submissions/${flaggedId}/void`],
      ['POST', `/v1/admin/players/${d.player.id}/ban`],
    ] as const) {
      const res = await api(url, { method, headers: bearer(a.token) });
      expect(res.status, url).toBe(401);
    }
  });

  it('lists the flagged solves with their reasons, evidence, player and puzzle, a page at a time', async () => {
    const other = await register(at);
    await startPuzzle('2026-11-29T13:00:00Z', other.token, date, 'signal', 'hard');
    const { solution, log } = await botLog();
    await submit('2026-11-29T13:00:03Z', other.token, path, { solution, log });
    const first = await bodyOf(await api('/v1/admin/flags?limit=1', { headers: admin }), FlagsPageSchema);
    expect(first.flags).toHaveLength(1);
    expect(first.flags[0]).toMatchObject({ submissionId: flaggedId, puzzleId, player: { id: d.player.id } });
    expect(first.flags[0]?.reasons).toContain('under_floor');
    expect(first.flags[0]?.evidence?.floorMs).toBeGreaterThan(3_000);
    const second = await bodyOf(
      await api(`/v1/admin/flags?limit=1&cursor=${first.nextCursor}`, { headers: admin }),
      FlagsPageSchema,
    );
    expect(second.flags.map((f) => f.player.id)).toEqual([other.player.id]);
    const detail = await bodyOf(
      await api(`/v1/admin/submissions/${flaggedId}`, { headers: admin }),
      z.object({ log: z.array(z.unknown()) }),
    );
    expect(detail.log.length).toBeGreaterThan(10);
  });

  it('keeps a flagged solve off the board and out of both ratings until approved', async () => {
    expect(await boardIds()).toEqual([a.player.id, b.player.id]);
    expect(await solvers()).toBe(2);
    await expectBothRatingsReplayed(d.player.id);
  });

  it('approves a flagged solve: the board, the stats, both ratings and the streak take it in its place', async () => {
    const streak = async () =>
      (await bodyOf(await api('/v1/players/me', { headers: bearer(d.token) }), PlayerProfileSchema)).streak
        .current;
    expect(await streak()).toBe(4);
    const res = await post(`/v1/admin/submissions/${flaggedId}/approve`, { reason: 'watched the replay' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ submissionId: flaggedId, status: 'approved' });
    expect(await boardIds()).toEqual([d.player.id, a.player.id, b.player.id]);
    expect(await solvers()).toBe(3);
    await expectBothRatingsReplayed(d.player.id);
    await expectBothRatingsReplayed(b.player.id);
    const mine = await bodyOf(
      await api(`/v1/leaderboards/${path}`, { headers: bearer(d.token) }),
      PuzzleBoardSchema,
    );
    expect(mine).toMatchObject({ me: { rank: 1 }, meUnderReview: false });
    expect(await streak()).toBe(5);
  });

  it('refuses to approve what is not flagged, and a submission that does not exist', async () => {
    const reason = { reason: 'Looked at the log' };
    expect((await post(`/v1/admin/submissions/${cleanB}/approve`, reason)).status).toBe(409);
    expect((await post('/v1/admin/submissions/999999/approve', reason)).status).toBe(404);
    expect((await post('/v1/admin/submissions/abc/approve', reason)).status).toBe(400);
  });

  it('voids a clean solve with a reason: it leaves the board, the stats and both ratings', async () => {
    expect((await post(`/v1/admin/submissions/${cleanB}/void`, {})).status).toBe(400);
    const res = await post(`/v1/admin/submissions/${cleanB}/void`, { reason: 'shared account' });
    expect(res.status).toBe(200);
    expect(await boardIds()).toEqual([d.player.id, a.player.id]);
    expect(await solvers()).toBe(2);
    await expectBothRatingsReplayed(b.player.id);
    expect((await post(`/v1/admin/submissions/${cleanB}/void`, { reason: 'again' })).status).toBe(409);
    const repeat = await bodyOf(
      await submit('2026-11-29T15:10:00Z', b.token, path, {
        solution: await solveStored(date, 'signal', 'hard'),
      }),
      SubmissionResultSchema,
    );
    expect(repeat).toMatchObject({ repeated: true, verdict: 'voided' });
    expect(repeat.rank).toBeUndefined();
  });

  it('bans a player: its token is refused, every solve hidden, and what they moved re-derived', async () => {
    const res = await post(`/v1/admin/players/${a.player.id}/ban`, { reason: 'a script' });
    expect(res.status).toBe(200);
    for (const url of ['/v1/players/me', `/v1/puzzles/${path}`]) {
      const refused = await api(url, { headers: bearer(a.token) });
      expect(refused.status, url).toBe(403);
      expect((await errorOf(refused)).error.code).toBe('banned');
    }
    const submitted = await submit(at, a.token, path, {
      solution: await solveStored(date, 'signal', 'hard'),
      log: [[1000, 0, 1]],
    });
    expect(submitted.status).toBe(403);
    expect(await boardIds()).toEqual([d.player.id]);
    expect(await solvers()).toBe(1);
    const puzzle = await storedPuzzle();
    const replay = await puzzleReplay();
    expect(puzzle?.rating).toBeCloseTo(replay.rating, 6);
    expect(await storedPlayer(a.player.id)).toMatchObject({ games: 0, rating: 1500 });
    const ratings = await bodyOf(await api('/v1/leaderboards/ratings/signal'), RatingBoardSchema);
    expect(ratings.entries.map((e) => e.playerId)).not.toContain(a.player.id);
    expect((await post(`/v1/admin/players/${a.player.id}/ban`, { reason: 'twice' })).status).toBe(409);
    expect(
      (await post('/v1/admin/players/00000000-0000-4000-8000-000000000000/ban', { reason: 'nobody' })).status,
    ).toBe(404);
  });

  it('keeps every action in the audit, newest first, with what, when and why', async () => {
    const audit = await bodyOf(await api('/v1/admin/audit?limit=3', { headers: admin }), AuditPageSchema);
    expect(audit.actions.map((x) => [x.action, x.target, x.reason])).toEqual([
      ['ban', a.player.id, 'a script'],
      ['void', String(cleanB), 'shared account'],
      ['approve', String(flaggedId), 'watched the replay'],
    ]);
    expect(audit.actions.every((x) => x.at === new Date(at).toISOString())).toBe(true);
  });
});
