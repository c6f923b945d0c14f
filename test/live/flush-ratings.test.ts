import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../src/db/client.js';
import { resetPlayerRatingQuery } from '../../src/db/player-ratings.js';
import { catchUpPlayerRatings } from '../../src/play/catch-up-player-rating.js';
import { newRating } from '../../src/rating/glicko2.js';
import { applyPlayerGames } from '../../src/rating/weighted-games.js';
import { appAt } from '../support/app.js';
import { copyPuzzle, deskOf, judgedSolve, newPlayers } from '../support/live.js';
import { countingTrips } from '../support/round-trips.js';

const date = '2026-11-29';

beforeAll(async () => {
  // The date's puzzles, made on their first fetch.
  await appAt('2026-11-29T12:00:00Z')(`/v1/puzzles/${date}/sudoku/easy`);
});

/** A board of its own (a copy of the day's easy sudoku) on which each player solves once, flushed. */
async function flushedBoard(name: string, players: readonly string[]): Promise<void> {
  const puzzleId = `${date}:sudoku:${name}`;
  await copyPuzzle(`${date}:sudoku:easy`, puzzleId);
  const board = deskOf(puzzleId);
  for (const [i, id] of players.entries()) await board.submit(judgedSolve(puzzleId, id, 200_000 + 7_000 * i));
  await board.flush();
}

interface Game {
  id: number;
  score: number;
  opponent_rating: number;
  opponent_deviation: number;
  player_weight: number;
}

/** The player's sudoku rating replayed from a new one over every counted game, in D1's order. */
async function replayed(playerId: string) {
  const { results } = await env.DB.prepare(
    `select id, score, opponent_rating, opponent_deviation, player_weight from submissions
     where player_id = ? and kind = 'sudoku' and counted = 1 order by id`,
  )
    .bind(playerId)
    .all<Game>();
  const rating = applyPlayerGames(
    newRating(),
    results.map((g) => ({
      score: g.score,
      opponent: { rating: g.opponent_rating, deviation: g.opponent_deviation },
      playerWeight: g.player_weight,
    })),
  );
  return { rating, games: results.length, through: results.at(-1)?.id };
}

async function storedRating(playerId: string) {
  return env.DB.prepare(
    "select rating, deviation, games, rated_through from player_ratings where player_id = ? and kind = 'sudoku'",
  )
    .bind(playerId)
    .first<{ rating: number; deviation: number; games: number; rated_through: number }>();
}

describe("a board flush's catch-up of its players' ratings", () => {
  it("leaves each player's rating equal to the replay of all their games, new and established alike", async () => {
    const players = await newPlayers(6);
    // Half of them already have a game of the kind in D1 and a rating that took it.
    await flushedBoard('ratings-before', players.slice(0, 3));
    await flushedBoard('ratings-after', players);
    for (const id of players) {
      const replay = await replayed(id);
      const stored = await storedRating(id);
      expect(stored?.games).toBe(replay.games);
      expect(stored?.rated_through).toBe(replay.through);
      expect(stored?.rating).toBeCloseTo(replay.rating.rating, 9);
      expect(stored?.deviation).toBeCloseTo(replay.rating.deviation, 9);
    }
  });

  it('takes two D1 round trips and five statements for 30 players, as for 3', async () => {
    const few = await newPlayers(3);
    const many = await newPlayers(30);
    await flushedBoard('trips-few', few);
    await flushedBoard('trips-many', many);
    // Ratings set back to a new player's, as a moderator's change does: every game waits to be replayed.
    const db = createDb(env.DB);
    for (const id of [...few, ...many]) await resetPlayerRatingQuery(db, id, 'sudoku');
    const costs = [];
    for (const players of [few, many]) {
      const counted = countingTrips(env.DB);
      await catchUpPlayerRatings(createDb(counted.d1), players, 'sudoku', new Date());
      costs.push({ trips: counted.trips(), statements: counted.statements() });
    }
    // The reads (3 statements), then one batch: one compare-and-set of every row and one write of the games'
    // ratings after; the reset kept every row, so there is no insert of new ones.
    expect(costs).toEqual([
      { trips: 2, statements: 5 },
      { trips: 2, statements: 5 },
    ]);
    for (const id of many) expect((await storedRating(id))?.games).toBe(1);
  });

  it('catches up alone a player whose rating another writer changed after the batch read it', async () => {
    const players = await newPlayers(3);
    await flushedBoard('raced', players);
    const db = createDb(env.DB);
    for (const id of players) await resetPlayerRatingQuery(db, id, 'sudoku');
    const [raced = ''] = players;
    // Another writer bumps the raced player's row between the batch's reads and its writes.
    const counted = countingTrips(env.DB);
    let batches = 0;
    const racing = new Proxy(counted.d1, {
      get(target, prop) {
        if (prop !== 'batch') return Reflect.get(target, prop);
        return async (statements: D1PreparedStatement[]) => {
          batches++;
          if (batches === 2) {
            await env.DB.prepare(
              "update player_ratings set version = version + 1 where player_id = ? and kind = 'sudoku'",
            )
              .bind(raced)
              .run();
          }
          return target.batch(statements);
        };
      },
    });
    await catchUpPlayerRatings(createDb(racing), players, 'sudoku', new Date());
    for (const id of players) {
      const stored = await storedRating(id);
      expect(stored?.games).toBe(1);
      expect(stored?.rated_through).toBe((await replayed(id)).through);
    }
  });

  it("sets each replayed game's rating after it, in the batch that wrote its player's rating", async () => {
    const players = await newPlayers(3);
    await flushedBoard('after-columns', players);
    const db = createDb(env.DB);
    for (const id of players) await resetPlayerRatingQuery(db, id, 'sudoku');
    const puzzleId = `${date}:sudoku:after-columns`;
    await env.DB.prepare(
      'update submissions set rating_after = null, deviation_after = null where puzzle_id = ?',
    )
      .bind(puzzleId)
      .run();
    await catchUpPlayerRatings(db, players, 'sudoku', new Date());
    for (const id of players) {
      const game = await env.DB.prepare(
        'select rating_after, deviation_after from submissions where puzzle_id = ? and player_id = ?',
      )
        .bind(puzzleId, id)
        .first<{ rating_after: number; deviation_after: number }>();
      const stored = await storedRating(id);
      expect(game).toEqual({ rating_after: stored?.rating, deviation_after: stored?.deviation });
    }
  });
});
