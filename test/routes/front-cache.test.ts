import { createExecutionContext, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApp } from '../../src/app.js';
import { HealthSchema } from '../../src/contract/health.js';
import { PuzzleBoardSchema, PuzzleStatsSchema } from '../../src/contract/leaderboards.js';
import { DayPuzzlesSchema, PlayablePuzzleSchema } from '../../src/contract/puzzle.js';
import { withFrontCache } from '../../src/http/front-cache.js';
import { bodyOf } from '../support/json.js';
import { bearer, register, solveStored, startPuzzle, submit } from '../support/play.js';

let clock = new Date('2026-11-29T12:00:00Z');
const app = createApp({ now: () => clock });
const fetchWorker = withFrontCache(
  (request, e, ctx) => app.fetch(request, e, ctx),
  () => clock,
);
const get = (path: string, init?: RequestInit, extraEnv: Record<string, string> = {}) =>
  fetchWorker(
    new Request(`http://puzzles.test${path}`, init),
    { ...env, ...extraEnv },
    createExecutionContext(),
  );
const path = '/v1/puzzles/2026-11-29/loop/easy';
const later = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

async function setRating(rating: number) {
  await env.DB.prepare("update puzzles set rating = ? where id = '2026-11-29:loop:easy'").bind(rating).run();
}

const board = '/v1/leaderboards/2026-11-29/sudoku/easy?limit=10';

/** The solvers a puzzle's board or its stats count. */
async function solversOn(url: string, headers: Record<string, string> = {}): Promise<number> {
  return (await bodyOf(await get(url, { headers }), z.union([PuzzleBoardSchema, PuzzleStatsSchema]))).solvers;
}

/** A new player's ranked solve of the day's easy sudoku, ten minutes after starting it (the clock moves on). */
async function solveSudokuEasy(): Promise<void> {
  const at = clock.toISOString();
  const { token } = await register(at);
  const startToken = await startPuzzle(at, token, '2026-11-29', 'sudoku', 'easy');
  const solution = await solveStored('2026-11-29', 'sudoku', 'easy');
  const res = await submit(
    new Date(clock.getTime() + 10 * 60_000).toISOString(),
    token,
    '2026-11-29/sudoku/easy',
    {
      solution,
      elapsedMs: 9 * 60_000,
      startToken,
    },
  );
  if (res.status !== 200) throw new Error(`solve failed: ${res.status} ${await res.text()}`);
}

async function ratingOf(res: Response | Promise<Response>): Promise<number> {
  return (await bodyOf(await res, PlayablePuzzleSchema)).rating;
}

describe('the front cache of anonymous reads', () => {
  it('serves a repeat from memory with the same body and ETag but its own request id', async () => {
    const first = await get(path);
    const second = await get(path);
    expect(await second.text()).toBe(await first.text());
    expect(second.headers.get('ETag')).toBe(first.headers.get('ETag'));
    expect(second.headers.get('Cache-Control')).toBe(first.headers.get('Cache-Control'));
    expect(second.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(second.headers.get('X-Request-Id')).not.toBe(first.headers.get('X-Request-Id'));
  });

  it('gives a response from memory no D1 bookmark: it ran no database session', async () => {
    const first = await get(board);
    expect(first.headers.get('x-d1-bookmark')).not.toBeNull();
    const second = await get(board);
    expect(second.headers.get('x-d1-bookmark')).toBeNull();
  });

  it("echoes the caller's own request id on a response from memory", async () => {
    await get(path);
    const res = await get(path, { headers: { 'X-Request-Id': 'client-7' } });
    expect(res.headers.get('X-Request-Id')).toBe('client-7');
  });

  it('answers If-None-Match from memory with 304', async () => {
    const etag = (await get(path)).headers.get('ETag') ?? '';
    const res = await get(path, { headers: { 'If-None-Match': etag } });
    expect(res.status).toBe(304);
    expect(await res.text()).toBe('');
  });

  it('keeps an entry no longer than the max-age its response allows', async () => {
    later(61_000);
    await setRating(1500);
    const before = await ratingOf(get(path));
    await setRating(1777);
    later(30_000);
    expect(await ratingOf(get(path))).toBe(before);
    later(31_000);
    expect(await ratingOf(get(path))).toBe(1777);
  });

  it("keeps today's list per query string, as the route marks it shareable", async () => {
    const utc = await get('/v1/puzzles/today?tz=UTC');
    const kiritimati = await get('/v1/puzzles/today?tz=Pacific/Kiritimati');
    expect((await bodyOf(utc, DayPuzzlesSchema)).date).toBe('2026-11-29');
    expect((await bodyOf(kiritimati, DayPuzzlesSchema)).date).toBe('2026-11-30');
    const again = await get('/v1/puzzles/today?tz=Pacific/Kiritimati');
    expect((await bodyOf(again, DayPuzzlesSchema)).date).toBe('2026-11-30');
  });

  it('keeps an anonymous leaderboard page for its few seconds only', async () => {
    const before = await solversOn(board);
    await solveSudokuEasy();
    const reread = await get(board);
    expect(reread.headers.get('Cache-Control')).toBe('public, max-age=5');
    expect((await bodyOf(reread, PuzzleBoardSchema)).solvers).toBe(before);
    later(6_000);
    expect(await solversOn(board)).toBe(before + 1);
  });

  it('goes to the app when the caller asks for a fresh response (Cache-Control: no-cache)', async () => {
    const stats = '/v1/puzzles/2026-11-29/sudoku/easy/stats';
    const before = await solversOn(stats);
    await solveSudokuEasy();
    expect(await solversOn(stats)).toBe(before);
    expect(await solversOn(stats, { 'Cache-Control': 'no-cache' })).toBe(before + 1);
  });

  it('steps aside for a player: the start token is never served from memory', async () => {
    await get(path);
    const { token } = await register(clock.toISOString());
    const res = await get(path, { headers: bearer(token) });
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    expect(await res.json()).toHaveProperty('startToken');
  });

  it('steps aside for a cross-origin caller, so CORS headers are right', async () => {
    await get(path);
    const res = await get(
      path,
      { headers: { Origin: 'https://puzzles.example' } },
      { CORS_ORIGINS: 'https://puzzles.example' },
    );
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe('https://puzzles.example');
  });

  it('never keeps an error', async () => {
    const missing = '/v1/puzzles/2026-11-29/loop/superhard';
    expect((await get(missing)).status).toBe(400);
    expect((await get(missing)).status).toBe(400);
  });

  it('never keeps what is private, such as the health check', async () => {
    const timeOf = async () => (await bodyOf(await get('/v1/health'), HealthSchema)).time;
    const first = await timeOf();
    later(1_000);
    expect(await timeOf()).not.toBe(first);
  });
});
