import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../src/db/client.js';
import type { LiveSolveRow } from '../../src/db/live-board.js';
import {
  type PendingPuzzleGame,
  type PuzzleRatingState,
  puzzleRatingState,
  resetPuzzleRatingsQuery,
} from '../../src/db/puzzle-ratings.js';
import { applyReportedGames } from '../../src/play/apply-reported-games.js';
import { catchUpPuzzleRating } from '../../src/play/catch-up-puzzle-ratings.js';
import { flushLiveSolves } from '../../src/play/flush-live-solves.js';
import { newRating } from '../../src/rating/glicko2.js';
import { gameInputsOf, rateSolve } from '../../src/rating/rate-solve.js';
import { appAt } from '../support/app.js';
import { copyPuzzle, establishedSolve, newPlayers } from '../support/live.js';
import { countingTrips } from '../support/round-trips.js';

const date = '2026-11-29';

beforeAll(async () => {
  // The date's puzzles, made on their first fetch.
  await appAt('2026-11-29T12:00:00Z')(`/v1/puzzles/${date}/sudoku/easy`);
});

/** One shard's flush of `n` established players' solves (a shard writes no puzzle rating): its report. */
async function shardFlush(puzzleId: string, n: number, from: number): Promise<PendingPuzzleGame[]> {
  const rows = (await newPlayers(n)).map((id, i): LiveSolveRow => {
    const solve = establishedSolve(puzzleId, id, from + 1_000 * i);
    const rated = rateSolve({
      ...solve.player,
      puzzle: newRating(),
      puzzleEstablishedGames: 0,
      pendingPuzzleGames: [],
    });
    return { ...solve.row, status: 'clean', ...gameInputsOf(rated), ranked: true, counted: true };
  });
  const outcome = await flushLiveSolves(
    createDb(env.DB),
    { puzzleId, kind: 'sudoku', rows, ownGames: [] },
    new Date(),
  );
  return outcome.games;
}

/** Two shards' flushes of a new puzzle, first `a` then `b`, with the puzzle's rating before them. */
async function twoFlushes(name: string) {
  const puzzleId = `${date}:sudoku:${name}`;
  await copyPuzzle(`${date}:sudoku:easy`, puzzleId);
  const a = await shardFlush(puzzleId, 4, 80_000);
  const b = await shardFlush(puzzleId, 5, 95_000);
  const state = (await puzzleRatingState(createDb(env.DB), puzzleId)) as PuzzleRatingState;
  return { puzzleId, a, b, state };
}

/** The puzzle's rating as a catch-up from a new rating replays D1's games, in D1's order. */
async function replayed(puzzleId: string): Promise<PuzzleRatingState | undefined> {
  const db = createDb(env.DB);
  await resetPuzzleRatingsQuery(db, [puzzleId]);
  await catchUpPuzzleRating(db, (await puzzleRatingState(db, puzzleId)) as PuzzleRatingState);
  return puzzleRatingState(db, puzzleId);
}

/** A rating's values, without the version and through-id that a replay numbers its own way. */
function values(state: PuzzleRatingState | undefined) {
  return state && { rating: state.rating, deviation: state.ratingDeviation, games: state.establishedGames };
}

describe("shard 0's application of the games a shard reports after its flush", () => {
  it('carries D1 ids in D1 order for every game the flush stored counted', async () => {
    const { a, b } = await twoFlushes('report-ids');
    expect(a).toHaveLength(4);
    expect(b).toHaveLength(5);
    const ids = [...a, ...b].map((g) => g.id);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    expect(Math.max(...a.map((g) => g.id))).toBeLessThan(Math.min(...b.map((g) => g.id)));
  });

  it('writes a report that follows the last game in D1 in one statement, reading nothing', async () => {
    const { puzzleId, a, b, state } = await twoFlushes('in-order');
    const counted = countingTrips(env.DB);
    const afterA = await applyReportedGames(createDb(counted.d1), state, a);
    const afterB = await applyReportedGames(createDb(counted.d1), afterA as PuzzleRatingState, b);
    expect({ trips: counted.trips(), statements: counted.statements() }).toEqual({ trips: 2, statements: 2 });
    expect(afterB?.ratedThrough).toBe(Math.max(...b.map((g) => g.id)));
    expect(afterB).toEqual(await puzzleRatingState(createDb(env.DB), puzzleId));
    expect(values(afterB)).toEqual(values(await replayed(puzzleId)));
  });

  it("catches up from D1 when a report arrives before an earlier shard's, and then skips that one", async () => {
    const { puzzleId, a, b, state } = await twoFlushes('out-of-order');
    const afterB = (await applyReportedGames(createDb(env.DB), state, b)) as PuzzleRatingState;
    // The catch-up took both flushes' games, in D1's order.
    expect(afterB.ratedThrough).toBe(Math.max(...b.map((g) => g.id)));
    const counted = countingTrips(env.DB);
    expect(await applyReportedGames(createDb(counted.d1), afterB, a)).toEqual(afterB);
    expect(counted.trips()).toBe(0);
    expect(values(afterB)).toEqual(values(await replayed(puzzleId)));
  });

  it('catches up from D1 when another writer changed the rating since shard 0 last stored it', async () => {
    const { puzzleId, a, b, state } = await twoFlushes('raced');
    await env.DB.prepare('update puzzles set rating_version = rating_version + 1 where id = ?')
      .bind(puzzleId)
      .run();
    const after = await applyReportedGames(createDb(env.DB), state, a);
    // Both flushes are in D1, so the catch-up applies both, not only the report's.
    expect(after?.ratedThrough).toBe(Math.max(...b.map((g) => g.id)));
    expect(values(after)).toEqual(values(await replayed(puzzleId)));
  });
});
