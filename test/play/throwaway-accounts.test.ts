import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../src/db/client.js';
import { calibrateBenchmarks } from '../../src/play/calibrate-benchmarks.js';
import { newRating } from '../../src/rating/glicko2.js';
import { playDaysWith } from '../../src/rating/play-days.js';
import { rateSolve } from '../../src/rating/rate-solve.js';
import { score } from '../../src/rating/score.js';
import { appAt } from '../support/app.js';
import { bulkSolves } from '../support/bulk-solves.js';
import { establishedPlayer } from '../support/established.js';
import { later, type NewPlayer, type ResultJson, register, solveAs } from '../support/play.js';

/**
 * Accounts cost nothing. These are the figures of what a crowd of fresh accounts can do to a puzzle's
 * rating and to an honest player's result on it, and of what established players still do (the system keeps
 * learning). Each scenario has its own signal puzzle of one date.
 */
const date = '2026-11-29';
type Level = 'medium' | 'hard' | 'expert';

async function puzzle(level: Level) {
  await appAt('2026-11-29T07:00:00Z')(`/v1/puzzles/${date}/signal/${level}`);
  const row = await env.DB.prepare('select rating, benchmark_seconds, puzzle_json from puzzles where id = ?')
    .bind(`${date}:signal:${level}`)
    .first<{ rating: number; benchmark_seconds: number; puzzle_json: string }>();
  if (!row) throw new Error('puzzle not stored');
  return row;
}

/**
 * The players solve the puzzle in `seconds` each, one after another, each judged `verdict`; the largest
 * change of its rating.
 */
async function crowd(
  players: readonly NewPlayer[],
  level: Level,
  seconds: number,
  verdict: 'clean' | 'pending' = 'clean',
): Promise<number> {
  let largest = 0;
  for (const [i, p] of players.entries()) {
    const before = i === 0 ? 1500 : (await puzzle(level)).rating;
    const fetchAt = later('2026-11-29T08:00:00Z', i * 60);
    const { body } = await solveAs(p.token, {
      date,
      kind: 'signal',
      level,
      fetchAt,
      submitAt: later(fetchAt, seconds),
    });
    expect((body as ResultJson).verdict).toBe(verdict);
    largest = Math.max(largest, Math.abs((await puzzle(level)).rating - before));
  }
  return largest;
}

async function fresh(count: number): Promise<NewPlayer[]> {
  return Promise.all(Array.from({ length: count }, () => register('2026-11-29T07:00:00Z')));
}

/**
 * An honest established player solves the puzzle at its benchmark time; the difference between its rating
 * change and the change the same solve would make on the puzzle untouched (a new puzzle's rating).
 */
async function honestDifference(level: Level): Promise<number> {
  const honest = await establishedPlayer('signal', date);
  const before = await env.DB.prepare("select * from player_ratings where player_id = ? and kind = 'signal'")
    .bind(honest.player.id)
    .first<{ rating: number; deviation: number; volatility: number; games: number }>();
  const days = await env.DB.prepare(
    "select created_at as d from submissions where player_id = ? and kind = 'signal' and counted = 1 order by created_at",
  )
    .bind(honest.player.id)
    .all<{ d: string }>();
  const benchmark = (await puzzle(level)).benchmark_seconds;
  const fetchAt = '2026-11-29T20:00:00Z';
  const { body } = await solveAs(honest.token, {
    date,
    kind: 'signal',
    level,
    fetchAt,
    submitAt: later(fetchAt, benchmark),
  });
  const after = await env.DB.prepare(
    "select rating from player_ratings where player_id = ? and kind = 'signal'",
  )
    .bind(honest.player.id)
    .first<{ rating: number }>();
  if (!before || !after) throw new Error('no rating');
  const untouched = rateSolve({
    score: score(((body as ResultJson).countedMs ?? 0) / 1000, benchmark),
    pace: ((body as ResultJson).countedMs ?? 0) / 1000 / benchmark,
    player: before,
    playerGames: before.games,
    pendingPlayerGames: [],
    playDays: days.results.map((r) => r.d).reduce<string[]>(playDaysWith, []),
    at: later(fetchAt, benchmark),
    puzzle: newRating(),
    puzzleEstablishedGames: 0,
    pendingPuzzleGames: [],
  });
  return Math.abs(after.rating - untouched.playerAfter.rating);
}

describe('throwaway accounts against a puzzle', () => {
  it("5 slow throwaway accounts (3× the benchmark) move the puzzle's rating by 0 points each (10 allowed)", async () => {
    const change = await crowd(await fresh(5), 'medium', 3 * (await puzzle('medium')).benchmark_seconds);
    expect(change).toBeLessThanOrEqual(10);
    expect(change).toBe(0);
  });

  it("…and change an honest established player's result on it by 0 points (10 allowed)", async () => {
    const difference = await honestDifference('medium');
    expect(difference).toBeLessThanOrEqual(10);
    expect(difference).toBe(0);
  });

  it("20 throwaway accounts just above the human floor are pending and move the puzzle's rating by 0 points each (10 allowed)", async () => {
    const { puzzle_json } = await puzzle('hard');
    const blanks = [...(JSON.parse(puzzle_json) as { givens: string }).givens].filter(
      (c) => c === '.',
    ).length;
    const change = await crowd(await fresh(20), 'hard', Math.ceil(1.1 * blanks * 1.0), 'pending');
    expect(change).toBeLessThanOrEqual(10);
    expect(change).toBe(0);
  });

  it("…and change an honest established player's result on that puzzle by 0 points too (10 allowed)", async () => {
    const difference = await honestDifference('hard');
    expect(difference).toBeLessThanOrEqual(10);
    expect(difference).toBe(0);
  });
});

describe('established players against a puzzle (the system keeps learning)', () => {
  it("5 slow established players (3× the benchmark) raise the puzzle's rating by 185 points, at most 50 a game", async () => {
    const players: NewPlayer[] = [];
    for (let i = 0; i < 5; i++) players.push(await establishedPlayer('signal', date));
    const largest = await crowd(players, 'expert', 3 * (await puzzle('expert')).benchmark_seconds);
    expect(largest).toBeCloseTo(50, 6);
    expect((await puzzle('expert')).rating - 1500).toBeCloseTo(184.8, 0);
  });

  it("…after which an honest player's result at the benchmark differs by 15 points from the same solve on the untouched puzzle", async () => {
    expect(await honestDifference('expert')).toBeCloseTo(14.8, 0);
  });
});

/**
 * Slow established accounts against the learnt floor (signal easy): on main, 50 accounts solving at 3× the
 * benchmark on four days set the floor ratio to 2.25, and an honest solve at the benchmark was flagged.
 */
describe('slow established accounts against the learnt floor', () => {
  const before = ['2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28'];
  const slow = (from: number, to: number) =>
    Array.from({ length: to - from }, (_, i) => ({ player: `slow-${from + i}`, seconds: 0 }));

  async function easy() {
    await appAt('2026-11-29T07:00:00Z')(`/v1/puzzles/${date}/signal/easy`);
    const benchmark = await env.DB.prepare(
      "select seconds, floor_ratio, elite_ratio from benchmarks where kind = 'signal' and level = 'easy'",
    ).first<{ seconds: number; floor_ratio: number | null; elite_ratio: number | null }>();
    const puzzle = await env.DB.prepare('select benchmark_seconds from puzzles where id = ?')
      .bind(`${date}:signal:easy`)
      .first<{ benchmark_seconds: number }>();
    if (!benchmark || !puzzle) throw new Error('no signal easy');
    return { ...benchmark, puzzleSeconds: puzzle.benchmark_seconds };
  }

  /** An honest established player's solve of the day's signal easy in `share` × its benchmark: the verdict. */
  async function honestAt(share: number): Promise<string | undefined> {
    const honest = await establishedPlayer('signal', date);
    const fetchAt = '2026-11-29T21:00:00Z';
    const { body } = await solveAs(honest.token, {
      date,
      kind: 'signal',
      level: 'easy',
      fetchAt,
      submitAt: later(fetchAt, share * (await easy()).puzzleSeconds),
    });
    return (body as ResultJson).verdict;
  }

  it('50 established accounts at 3× the benchmark on five days learn no floor (one sample each, 200 needed), and a solve at half the benchmark is clean', async () => {
    const { puzzleSeconds } = await easy();
    for (const day of before) {
      const them = slow(0, 50).map((s) => ({ ...s, seconds: 3 * puzzleSeconds }));
      await bulkSolves(day, 'signal', 'easy', puzzleSeconds, them);
    }
    await calibrateBenchmarks(createDb(env.DB), new Date('2026-11-28T23:30:00Z'), {
      firstDay: env.FIRST_DAY ?? '2026-01-01',
    });
    expect((await easy()).floor_ratio).toBeNull();
    expect(await honestAt(0.5)).toBe('clean');
  });

  it('250 of them (200 more, 40 a day) learn no floor either: none has the long history the lines learn from, and solves at half the benchmark and at it stay clean', async () => {
    const { puzzleSeconds } = await easy();
    for (const [i, day] of before.entries()) {
      const more = slow(50 + 40 * i, 90 + 40 * i).map((s) => ({ ...s, seconds: 3 * puzzleSeconds }));
      await bulkSolves(day, 'signal', 'easy', puzzleSeconds, more);
    }
    await calibrateBenchmarks(createDb(env.DB), new Date('2026-11-28T23:45:00Z'), {
      firstDay: env.FIRST_DAY ?? '2026-01-01',
    });
    const learnt = await easy();
    // The benchmark moved ×1.25 towards them (the day's bound: established players calibrate it)…
    expect(learnt.seconds).toBeCloseTo(1.25 * puzzleSeconds, 9);
    // …but the lines learn only from long histories (20 days of play); before, they taught 0.75 × 2.4.
    expect(learnt.floor_ratio).toBeNull();
    // The elite line needs 400 samples: 250 teach it nothing yet.
    expect(learnt.elite_ratio).toBeNull();
    // Learnt and uncapped, the floor would be 1.8 × the puzzle's benchmark: every honest solve flagged.
    expect(await honestAt(0.5)).toBe('clean');
    expect(await honestAt(1)).toBe('clean');
  });
});
