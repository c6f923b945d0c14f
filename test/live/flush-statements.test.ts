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
  it('is one statement for a hundred solves, the players checked inside it', async () => {
    const puzzleId = `${date}:sudoku:statements`;
    await copyPuzzle(`${date}:sudoku:easy`, puzzleId);
    const rows = liveRows(puzzleId, await newPlayers(100));
    const counted = countingTrips(env.DB);
    expect(await insertLiveSolves(createDb(counted.d1), rows)).toBe(100);
    expect({ trips: counted.trips(), statements: counted.statements() }).toEqual({ trips: 1, statements: 1 });
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

  it("stores a banned player's solve uncounted and leaves out the solve of a player who is gone", async () => {
    const puzzleId = `${date}:sudoku:checked`;
    await copyPuzzle(`${date}:sudoku:easy`, puzzleId);
    const [kept, banned] = await newPlayers(2);
    await env.DB.prepare("update players set banned_at = '2026-11-29T10:00:00Z' where id = ?")
      .bind(banned)
      .run();
    const rows = liveRows(puzzleId, [kept ?? '', banned ?? '', 'a-player-who-is-gone']);
    expect(await insertLiveSolves(createDb(env.DB), rows)).toBe(2);
    const { results } = await env.DB.prepare(
      'select player_id, counted from submissions where puzzle_id = ? order by id',
    )
      .bind(puzzleId)
      .all<{ player_id: string; counted: number }>();
    expect(results).toEqual([
      { player_id: kept, counted: 1 },
      { player_id: banned, counted: 0 },
    ]);
  });
});
