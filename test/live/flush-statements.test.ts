import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../src/db/client.js';
import { insertLiveSolves, type LiveSolveRow } from '../../src/db/live-board.js';
import { appAt } from '../support/app.js';
import { copyPuzzle, d1Number, judgedSolve, newPlayers } from '../support/live.js';
import { countingTrips } from '../support/round-trips.js';

const date = '2026-11-29';

beforeAll(async () => {
  // The date's puzzles, made on their first fetch.
  await appAt('2026-11-29T12:00:00Z')(`/v1/puzzles/${date}/sudoku/easy`);
});

/** A board's flushed rows: each player's clean solve of the puzzle, 7 s apart. */
function liveRows(puzzleId: string, players: readonly string[]): LiveSolveRow[] {
  return players.map((id, i) => ({
    ...judgedSolve(puzzleId, id, 200_000 + 7_000 * i).row,
    ranked: true,
    counted: true,
  }));
}

describe("a board flush's copy of its solves to D1", () => {
  it('is two statements for a hundred solves: the players read, one insert', async () => {
    const puzzleId = `${date}:sudoku:statements`;
    await copyPuzzle(`${date}:sudoku:easy`, puzzleId);
    const rows = liveRows(puzzleId, await newPlayers(100));
    const counted = countingTrips(env.DB);
    expect(await insertLiveSolves(createDb(counted.d1), rows)).toBe(100);
    expect({ trips: counted.trips(), statements: counted.statements() }).toEqual({ trips: 2, statements: 2 });
    expect(
      await d1Number('select count(*) as n from submissions where puzzle_id = ? and counted = 1', puzzleId),
    ).toBe(100);
  });

  it("keeps the board's order in D1's ids, and a replay of the same rows adds nothing", async () => {
    const puzzleId = `${date}:sudoku:replayed`;
    await copyPuzzle(`${date}:sudoku:easy`, puzzleId);
    const players = await newPlayers(12);
    const rows = liveRows(puzzleId, players).reverse();
    expect(await insertLiveSolves(createDb(env.DB), rows)).toBe(12);
    expect(await insertLiveSolves(createDb(env.DB), rows)).toBe(0);
    const { results } = await env.DB.prepare(
      'select player_id from submissions where puzzle_id = ? order by id',
    )
      .bind(puzzleId)
      .all<{ player_id: string }>();
    expect(results.map((r) => r.player_id)).toEqual(rows.map((r) => r.playerId));
  });
});
