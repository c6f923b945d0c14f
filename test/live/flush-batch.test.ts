import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../src/db/client.js';
import type { LiveSolveRow } from '../../src/db/live-board.js';
import { type OwnGameRating, resetPlayerRatingQuery } from '../../src/db/player-ratings.js';
import {
  type PuzzleRatingState,
  puzzleRatingState,
  resetPuzzleRatingsQuery,
} from '../../src/db/puzzle-ratings.js';
import { ownGameOf } from '../../src/live/own-game.js';
import type { BoardSolve } from '../../src/live/puzzle-desk.js';
import { catchUpPlayerRatings } from '../../src/play/catch-up-player-rating.js';
import { catchUpPuzzleRating } from '../../src/play/catch-up-puzzle-ratings.js';
import { type FlushBatch, flushLiveSolves } from '../../src/play/flush-live-solves.js';
import { newRating } from '../../src/rating/glicko2.js';
import { gameInputsOf, rateSolve } from '../../src/rating/rate-solve.js';
import { playerAfter } from '../../src/rating/weighted-games.js';
import { appAt } from '../support/app.js';
import {
  copyPuzzle,
  d1Number,
  establishedSolve,
  judgedSolve,
  newPlayers,
  priorSolvers,
} from '../support/live.js';
import { countingTrips } from '../support/round-trips.js';

const date = '2026-11-29';

beforeAll(async () => {
  // The date's puzzles, made on their first fetch.
  await appAt('2026-11-29T12:00:00Z')(`/v1/puzzles/${date}/sudoku/easy`);
});

/** What the Worker read of a player's rating, when it is not a new player's. */
type PlayerRead = Pick<BoardSolve, 'ratingRow'> & Partial<BoardSolve['player']>;

/** A board's batch as a one-shard board builds it: each player's clean solve played in arrival order. */
async function boardBatch(
  name: string,
  players: readonly string[],
  reads: ReadonlyMap<string, PlayerRead> = new Map(),
  established: ReadonlySet<string> = new Set(),
  prior = 0,
): Promise<FlushBatch> {
  const puzzleId = `${date}:sudoku:${name}`;
  await copyPuzzle(`${date}:sudoku:easy`, puzzleId);
  if (prior > 0) await priorSolvers(puzzleId, prior);
  const state = (await puzzleRatingState(createDb(env.DB), puzzleId)) as PuzzleRatingState;
  let puzzle = { rating: state.rating, deviation: state.ratingDeviation, volatility: state.ratingVolatility };
  let puzzleEstablished = state.establishedGames;
  const rows: LiveSolveRow[] = [];
  const ownGames: OwnGameRating[] = [];
  for (const [i, id] of players.entries()) {
    const given = established.has(id)
      ? establishedSolve(puzzleId, id, 100_000 + 3_000 * i)
      : judgedSolve(puzzleId, id, 100_000 + 3_000 * i);
    const { ratingRow = given.ratingRow, ...player } = reads.get(id) ?? {};
    const solve: BoardSolve = {
      ...given,
      player: { ...given.player, ...player },
      ...(ratingRow && { ratingRow }),
    };
    const rated = rateSolve({
      ...solve.player,
      puzzle,
      puzzleEstablishedGames: puzzleEstablished,
      pendingPuzzleGames: [],
    });
    const row: LiveSolveRow = {
      ...solve.row,
      status: 'clean',
      ...gameInputsOf(rated),
      established: rated.establishedBefore,
      ranked: true,
      counted: true,
    };
    rows.push(row);
    if (solve.ratingRow) ownGames.push(ownGameOf(row, solve.ratingRow, solve.player, rated));
    puzzle = rated.puzzleAfter;
    puzzleEstablished = rated.puzzleEstablishedAfter;
  }
  return { puzzleId, kind: 'sudoku', rows, puzzle: state, ownGames };
}

/** The puzzle's rating and each player's as a catch-up from a new rating replays them from D1's rows. */
async function replayedRatings(puzzleId: string, players: readonly string[]) {
  const db = createDb(env.DB);
  // Set back as a moderator's change does: every game waits to be replayed in D1's order.
  await resetPuzzleRatingsQuery(db, [puzzleId]);
  for (const id of players) await resetPlayerRatingQuery(db, id, 'sudoku');
  await catchUpPuzzleRating(db, (await puzzleRatingState(db, puzzleId)) as PuzzleRatingState);
  await catchUpPlayerRatings(db, players, 'sudoku', new Date());
  return storedRatings(puzzleId, players);
}

async function storedRatings(puzzleId: string, players: readonly string[]) {
  const puzzle = await env.DB.prepare(
    'select rating, rating_deviation, rated_through, games, established_games from puzzles where id = ?',
  )
    .bind(puzzleId)
    .first();
  const { results } = await env.DB.prepare(
    `select player_id, rating, deviation, volatility, games, rated_through from player_ratings
     where kind = 'sudoku' and player_id in (select value from json_each(?)) order by player_id`,
  )
    .bind(JSON.stringify(players))
    .all();
  return { puzzle, players: results };
}

describe("a one-shard board's flush of a batch", () => {
  it('is one D1 round trip of three statements for 100 solves, as for 3', async () => {
    const costs = [];
    for (const [name, n] of [
      ['trip-few', 3],
      ['trip-many', 100],
    ] as const) {
      const flush = await boardBatch(name, await newPlayers(n));
      const counted = countingTrips(env.DB);
      await flushLiveSolves(createDb(counted.d1), flush, new Date());
      costs.push({ trips: counted.trips(), statements: counted.statements() });
    }
    // The solves' insert, the new players' ratings, the puzzle's rating.
    expect(costs).toEqual([
      { trips: 1, statements: 3 },
      { trips: 1, statements: 3 },
    ]);
  });

  it('reads as few rows of D1 on a puzzle with 2,000 earlier solvers as on a fresh one', async () => {
    const read: number[] = [];
    for (const [name, prior] of [
      ['rows-fresh', 0],
      ['rows-hot', 2_000],
    ] as const) {
      const flush = await boardBatch(name, await newPlayers(10), new Map(), new Set(), prior);
      const counted = countingTrips(env.DB);
      const outcome = await flushLiveSolves(createDb(counted.d1), flush, new Date());
      expect(outcome.puzzle?.ratedThrough).toBeGreaterThan(flush.puzzle?.ratedThrough ?? 0);
      read.push(counted.rowsRead());
    }
    const [fresh = 0, hot = 0] = read;
    expect(hot).toBeLessThanOrEqual(fresh + 20);
  });

  it('leaves both ratings as a replay of D1 from the start leaves them', async () => {
    const players = await newPlayers(8);
    // Half of them established, so that their games move the puzzle (their ratings are caught up from D1).
    const flush = await boardBatch('as-replayed', players, new Map(), new Set(players.slice(0, 4)));
    await flushLiveSolves(createDb(env.DB), flush, new Date());
    const flushed = await storedRatings(flush.puzzleId, players);
    expect(flushed.puzzle).toMatchObject({ games: 8, established_games: 4 });
    expect(await replayedRatings(flush.puzzleId, players)).toEqual(flushed);
  });

  it('answers the puzzle rating it stored, for the next batch to apply its games to', async () => {
    const flush = await boardBatch('answered', await newPlayers(4));
    const outcome = await flushLiveSolves(createDb(env.DB), flush, new Date());
    expect(outcome.puzzle).toEqual(await puzzleRatingState(createDb(env.DB), flush.puzzleId));
    expect(outcome.puzzle?.ratingVersion).toBe((flush.puzzle?.ratingVersion ?? 0) + 1);
  });

  it("leaves the puzzle's rating to a catch-up when another writer changed it since the last flush", async () => {
    const players = await newPlayers(5);
    const flush = await boardBatch('raced-puzzle', players);
    await env.DB.prepare('update puzzles set rating_version = rating_version + 1 where id = ?')
      .bind(flush.puzzleId)
      .run();
    const outcome = await flushLiveSolves(createDb(env.DB), flush, new Date());
    expect(outcome.puzzle).toBeUndefined();
    const rated = await d1Number('select rated_through as n from puzzles where id = ?', flush.puzzleId);
    expect(rated).toBe(
      await d1Number(
        'select max(id) as n from submissions where puzzle_id = ? and counted = 1',
        flush.puzzleId,
      ),
    );
    expect(await d1Number('select games as n from puzzles where id = ?', flush.puzzleId)).toBe(5);
  });

  it("writes no puzzle rating and catches nothing up when told to defer a conflict, answering the batch's games", async () => {
    const players = await newPlayers(5);
    const flush = await boardBatch('deferred-puzzle', players);
    await env.DB.prepare('update puzzles set rating_version = rating_version + 1 where id = ?')
      .bind(flush.puzzleId)
      .run();
    const before = await puzzleRatingState(createDb(env.DB), flush.puzzleId);
    const counted = countingTrips(env.DB);
    const outcome = await flushLiveSolves(
      createDb(counted.d1),
      { ...flush, deferConflict: true },
      new Date(),
    );
    expect(outcome).toMatchObject({ puzzle: undefined, deferred: true });
    expect(outcome.games.map((g) => g.id)).toHaveLength(5);
    expect(counted.trips()).toBe(1);
    expect(await puzzleRatingState(createDb(env.DB), flush.puzzleId)).toEqual(before);
  });

  it("leaves a player's rating to a catch-up when its row changed since the Worker read it", async () => {
    const players = await newPlayers(3);
    const [raced = ''] = players;
    const flush = await boardBatch('raced-player', players);
    // Another solve of the kind gave the player a rating row after the Worker read none.
    await env.DB.prepare(
      `insert into player_ratings (player_id, kind, rating, deviation, volatility, games, rated_through, version,
       established, updated_at) values (?, 'sudoku', 1500, 500, 0.09, 0, 0, 1, 0, '2026-11-29T12:00:00Z')`,
    )
      .bind(raced)
      .run();
    await flushLiveSolves(createDb(env.DB), flush, new Date());
    const own = await d1Number(
      'select id as n from submissions where puzzle_id = ? and player_id = ?',
      flush.puzzleId,
      raced,
    );
    expect(
      await d1Number(
        "select rated_through as n from player_ratings where player_id = ? and kind = 'sudoku'",
        raced,
      ),
    ).toBe(own);
    expect(
      await d1Number(
        "select version as n from player_ratings where player_id = ? and kind = 'sudoku'",
        raced,
      ),
    ).toBe(2);
  });

  it('writes no rating of a player banned before the flush, whose solve D1 stores uncounted', async () => {
    const players = await newPlayers(3);
    const [banned = ''] = players;
    const flush = await boardBatch('banned-player', players);
    await env.DB.prepare("update players set banned_at = '2026-11-29T12:40:00Z' where id = ?")
      .bind(banned)
      .run();
    const outcome = await flushLiveSolves(createDb(env.DB), flush, new Date());
    expect(await d1Number('select count(*) as n from player_ratings where player_id = ?', banned)).toBe(0);
    // The board played the banned game into the puzzle's rating; a catch-up from D1 leaves it out.
    expect(outcome.puzzle).toBeUndefined();
    expect(await d1Number('select games as n from puzzles where id = ?', flush.puzzleId)).toBe(2);
  });

  it("writes the ratings after the player's pending games the Worker read, with the rating through its own", async () => {
    const players = await newPlayers(2);
    const [player = ''] = players;
    const earlier = await boardBatch('pending-before', players);
    await flushLiveSolves(createDb(env.DB), earlier, new Date());
    // A moderator's reset leaves the earlier game pending; its columns are cleared to see them rewritten.
    await resetPlayerRatingQuery(createDb(env.DB), player, 'sudoku');
    const game = await env.DB.prepare(
      `select id, score, opponent_rating, opponent_deviation, player_weight from submissions
       where puzzle_id = ? and player_id = ?`,
    )
      .bind(earlier.puzzleId, player)
      .first<{
        id: number;
        score: number;
        opponent_rating: number;
        opponent_deviation: number;
        player_weight: number;
      }>();
    if (!game) throw new Error('the earlier game is not in D1');
    await env.DB.prepare('update submissions set rating_after = null, deviation_after = null where id = ?')
      .bind(game.id)
      .run();
    const pending = {
      id: game.id,
      score: game.score,
      opponent: { rating: game.opponent_rating, deviation: game.opponent_deviation },
      playerWeight: game.player_weight,
    };
    const version = await d1Number(
      "select version as n from player_ratings where player_id = ? and kind = 'sudoku'",
      player,
    );
    const read: PlayerRead = {
      ratingRow: { exists: true, version, lastBefore: game.id, pendingIds: [game.id] },
      pendingPlayerGames: [pending],
    };
    // On a puzzle with 2,000 earlier solvers, whose solves none of the statements may walk.
    const flush = await boardBatch('pending-after', [player], new Map([[player, read]]), new Set(), 2_000);
    const counted = countingTrips(env.DB);
    await flushLiveSolves(createDb(counted.d1), flush, new Date());
    // The solves' insert, the known players' ratings, the pending games' columns, the puzzle's rating.
    expect({ trips: counted.trips(), statements: counted.statements() }).toEqual({ trips: 1, statements: 4 });
    expect(counted.rowsRead()).toBeLessThan(100);
    const after = playerAfter(newRating(), pending);
    const columns = await env.DB.prepare('select rating_after, deviation_after from submissions where id = ?')
      .bind(game.id)
      .first();
    expect(columns).toEqual({ rating_after: after.rating, deviation_after: after.deviation });
    const stored = await storedRatings(flush.puzzleId, [player]);
    expect(stored.players[0]).toMatchObject({ games: 2 });
    expect((await replayedRatings(flush.puzzleId, [player])).players).toEqual(stored.players);
  });
});
