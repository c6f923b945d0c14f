import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../src/db/client.js';
import { advancePuzzleRating } from '../../src/db/puzzle-ratings.js';
import { catchUpPuzzleRatings } from '../../src/play/catch-up-puzzle-ratings.js';
import { newRating } from '../../src/rating/glicko2.js';
import { applyPuzzleGames } from '../../src/rating/puzzle-games.js';
import { register, solveStored, startPuzzle, submit } from '../support/play.js';

const date = '2026-11-29';
const fetchedAt = '2026-11-29T12:00:00Z';

/** Each test plays its own puzzle: the database is shared by the tests of this file. */
type SignalLevel = 'easy' | 'medium' | 'hard' | 'expert';
const idOf = (level: SignalLevel) => `${date}:signal:${level}`;

interface PuzzleRatingRow {
  rating: number;
  rating_deviation: number;
  rating_volatility: number;
  rated_through: number;
}

async function storedPuzzle(level: SignalLevel): Promise<PuzzleRatingRow> {
  const row = await env.DB.prepare(
    'select rating, rating_deviation, rating_volatility, rated_through from puzzles where id = ?',
  )
    .bind(idOf(level))
    .first<PuzzleRatingRow>();
  if (!row) throw new Error('puzzle not stored');
  return row;
}

/** Every ranked game of the puzzle, in submission order, as the puzzle's rating plays them. */
async function rankedGames(level: SignalLevel) {
  const { results } = await env.DB.prepare(
    'select id, score, rating_before, deviation_before from submissions where puzzle_id = ? and ranked = 1 order by id',
  )
    .bind(idOf(level))
    .all<{ id: number; score: number; rating_before: number; deviation_before: number }>();
  return results;
}

/** `count` players start the puzzle, then all submit valid solutions at once. */
async function solveTogether(level: SignalLevel, count: number): Promise<void> {
  const players = [];
  for (let i = 0; i < count; i++) {
    const { token } = await register(fetchedAt);
    players.push({ token, startToken: await startPuzzle(fetchedAt, token, date, 'signal', level) });
  }
  const solution = await solveStored(date, 'signal', level);
  const statuses = await Promise.all(
    players.map(async (p, i) => {
      const res = await submit('2026-11-29T12:30:00Z', p.token, `${date}/signal/${level}`, {
        solution,
        elapsedMs: (120 + 7 * i) * 1000,
        startToken: p.startToken,
      });
      return res.status;
    }),
  );
  expect(statuses.every((s) => s === 200)).toBe(true);
}

describe("a puzzle's rating", () => {
  it('includes every ranked game, in order, even when the solves arrive together', async () => {
    await solveTogether('easy', 16);
    await catchUpPuzzleRatings(createDb(env.DB), new Date('2026-11-29T13:00:00Z'));

    const games = await rankedGames('easy');
    expect(games).toHaveLength(16);
    const replayed = applyPuzzleGames(
      newRating(),
      games.map((g) => ({
        score: g.score,
        player: { rating: g.rating_before, deviation: g.deviation_before },
      })),
    );
    const stored = await storedPuzzle('easy');
    expect(stored.rated_through).toBe(games.at(-1)?.id);
    expect(stored.rating).toBeCloseTo(replayed.rating, 6);
    expect(stored.rating_deviation).toBeCloseTo(replayed.deviation, 6);
    expect(stored.rating_volatility).toBeCloseTo(replayed.volatility, 9);
  });

  it("takes a solve that nothing raced at once, in the submission's own write", async () => {
    await solveTogether('medium', 1);
    const [first] = await rankedGames('medium');
    const afterFirst = await storedPuzzle('medium');
    expect(afterFirst.rated_through).toBe(first?.id);
    const replayed = applyPuzzleGames(newRating(), [
      {
        score: first?.score ?? 0,
        player: { rating: first?.rating_before ?? 0, deviation: first?.deviation_before ?? 0 },
      },
    ]);
    expect(afterFirst.rating).toBeCloseTo(replayed.rating, 6);
    await solveTogether('medium', 1);
    expect((await storedPuzzle('medium')).rated_through).toBe((await rankedGames('medium')).at(-1)?.id);
  });

  it('refuses an update computed from a rating someone has advanced since (compare and set)', async () => {
    await solveTogether('hard', 2);
    const before = await storedPuzzle('hard');
    const games = await rankedGames('hard');
    const applied = await advancePuzzleRating(createDb(env.DB), {
      id: idOf('hard'),
      rating: 2500,
      deviation: 50,
      volatility: 0.05,
      from: before.rated_through + 1,
      through: games.at(-1)?.id ?? 0,
    });
    expect(applied).toBe(false);
    expect(await storedPuzzle('hard')).toEqual(before);
  });

  it('is settled by the daily catch-up, which then finds nothing left to do', async () => {
    await solveTogether('expert', 1);
    const db = createDb(env.DB);
    const now = new Date('2026-11-29T13:00:00Z');
    await catchUpPuzzleRatings(db, now);
    const settled = await storedPuzzle('expert');
    expect(settled.rated_through).toBe((await rankedGames('expert')).at(-1)?.id);
    expect(await catchUpPuzzleRatings(db, now)).toEqual({ puzzles: 0, games: 0 });
    expect(await storedPuzzle('expert')).toEqual(settled);
  });
});
