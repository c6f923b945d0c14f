import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../src/db/client.js';
import { advancePuzzleRating, puzzleRatingState } from '../../src/db/puzzle-ratings.js';
import { catchUpPuzzleRatings } from '../../src/play/catch-up-puzzle-ratings.js';
import { newRating } from '../../src/rating/glicko2.js';
import { applyPuzzleGames } from '../../src/rating/weighted-games.js';
import { establishedPlayer } from '../support/established.js';
import { later, type NewPlayer, register, solveStored, startPuzzle, submit } from '../support/play.js';

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
  established_games: number;
}

async function storedPuzzle(level: SignalLevel): Promise<PuzzleRatingRow> {
  const row = await env.DB.prepare(
    'select rating, rating_deviation, rating_volatility, rated_through, established_games from puzzles where id = ?',
  )
    .bind(idOf(level))
    .first<PuzzleRatingRow>();
  if (!row) throw new Error('puzzle not stored');
  return row;
}

/** Every counted game of the puzzle, in submission order, as the puzzle's rating plays them. */
async function countedGames(level: SignalLevel) {
  const { results } = await env.DB.prepare(
    `select id, score, rating_before, deviation_before, puzzle_weight from submissions
     where puzzle_id = ? and counted = 1 order by id`,
  )
    .bind(idOf(level))
    .all<{
      id: number;
      score: number;
      rating_before: number;
      deviation_before: number;
      puzzle_weight: number;
    }>();
  return results;
}

function replayed(games: Awaited<ReturnType<typeof countedGames>>) {
  return applyPuzzleGames(
    newRating(),
    games.map((g) => ({
      score: g.score,
      solver: { rating: g.rating_before, deviation: g.deviation_before },
      puzzleWeight: g.puzzle_weight,
    })),
  );
}

const established: NewPlayer[] = [];
/** `count` established players (made once, reused by the tests of this file). */
async function establishedPlayers(count: number): Promise<NewPlayer[]> {
  while (established.length < count) established.push(await establishedPlayer('signal', date));
  return established.slice(0, count);
}

/** The players start the puzzle, then all submit valid solutions at once, with times a few seconds apart. */
/** The players fetch the puzzle at `fetchedAt` and submit together about `minutes` later. */
async function solveTogether(level: SignalLevel, players: readonly NewPlayer[], minutes = 2): Promise<void> {
  for (const p of players) await startPuzzle(fetchedAt, p.token, date, 'signal', level);
  const solution = await solveStored(date, 'signal', level);
  const statuses = await Promise.all(
    players.map(async (p, i) => {
      const res = await submit(
        later(fetchedAt, 60 * minutes + 10 * (i % 8)),
        p.token,
        `${date}/signal/${level}`,
        {
          solution,
        },
      );
      return res.status;
    }),
  );
  expect(statuses.every((s) => s === 200)).toBe(true);
}

describe("a puzzle's rating", () => {
  it('includes every counted game, in order, even when the solves arrive together', async () => {
    await solveTogether('easy', await establishedPlayers(12));
    await catchUpPuzzleRatings(createDb(env.DB));
    const games = await countedGames('easy');
    expect(games).toHaveLength(12);
    expect(games.every((g) => g.puzzle_weight > 0)).toBe(true);
    const stored = await storedPuzzle('easy');
    const replay = replayed(games);
    expect(stored.rated_through).toBe(games.at(-1)?.id);
    expect(stored.established_games).toBe(12);
    expect(stored.rating).not.toBeCloseTo(1500, 0);
    expect(stored.rating).toBeCloseTo(replay.rating, 6);
    expect(stored.rating_deviation).toBeCloseTo(replay.deviation, 6);
    expect(stored.rating_volatility).toBeCloseTo(replay.volatility, 9);
  });

  it("takes a solve that nothing raced at once, in the submission's own write", async () => {
    const [first, second] = await establishedPlayers(2);
    await solveTogether('medium', [first as NewPlayer]);
    const afterFirst = await storedPuzzle('medium');
    const games = await countedGames('medium');
    expect(afterFirst.rated_through).toBe(games[0]?.id);
    expect(afterFirst.rating).toBeCloseTo(replayed(games).rating, 6);
    await solveTogether('medium', [second as NewPlayer]);
    expect((await storedPuzzle('medium')).rated_through).toBe((await countedGames('medium')).at(-1)?.id);
  });

  it('is not moved by a provisional solver, whose game still counts on the board', async () => {
    const { player, token } = await register(fetchedAt);
    // At a person's pace for a fresh player: far faster would be held for review, and count nowhere.
    await solveTogether('expert', [{ player, token }], 20);
    const [game] = await countedGames('expert');
    expect(game?.puzzle_weight).toBe(0);
    expect(await storedPuzzle('expert')).toMatchObject({
      rating: 1500,
      rating_deviation: 500,
      established_games: 0,
    });
  });

  it('refuses an update computed from a version someone has written since (compare and set)', async () => {
    const players = await establishedPlayers(2);
    await solveTogether('hard', players);
    const db = createDb(env.DB);
    const before = await puzzleRatingState(db, idOf('hard'));
    const applied = await advancePuzzleRating(db, {
      id: idOf('hard'),
      rating: 2500,
      deviation: 50,
      volatility: 0.05,
      establishedGames: 99,
      version: (before?.ratingVersion ?? 0) - 1,
      through: (before?.ratedThrough ?? 0) + 1000,
    });
    expect(applied).toBe(false);
    expect(await puzzleRatingState(db, idOf('hard'))).toEqual(before);
  });

  it('is settled by the daily catch-up, which then finds nothing left to do', async () => {
    const db = createDb(env.DB);
    await catchUpPuzzleRatings(db);
    expect(await catchUpPuzzleRatings(db)).toEqual({ puzzles: 0, games: 0 });
  });
});
