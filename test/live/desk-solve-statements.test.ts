import { runInDurableObject } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PuzzleDesk } from '../../src/live/puzzle-desk.js';
import { appAt } from '../support/app.js';
import { copyPuzzle, deskOf, establishedSolve, judgedSolve, newPlayers } from '../support/live.js';

const date = '2026-11-29';

beforeAll(async () => {
  // The date's puzzles, made on their first fetch.
  await appAt('2026-11-29T12:00:00Z')(`/v1/puzzles/${date}/sudoku/easy`);
});

/** The parts of a board these tests look into. */
interface Inside {
  sql: SqlStorage;
  puzzle: unknown;
  loadMemory(): void;
}

const inside = (desk: unknown) => desk as Inside;

describe("a one-shard board's own storage", () => {
  it('takes one SQL statement to store a new clean solve and answer its rank', async () => {
    const puzzleId = `${date}:sudoku:one-statement`;
    await copyPuzzle(`${date}:sudoku:easy`, puzzleId);
    const [first = '', second = '', third = ''] = await newPlayers(3);
    const board = deskOf(puzzleId);
    // The first solve starts the board from D1; the next ones are counted.
    await board.submit(judgedSolve(puzzleId, first, 150_000));
    const counts = await runInDurableObject(board, async (desk) => {
      const own = inside(desk);
      const real = own.sql;
      let statements = 0;
      own.sql = new Proxy(real, {
        get(target, prop) {
          if (prop === 'exec') {
            return (...args: Parameters<SqlStorage['exec']>) => {
              statements++;
              return target.exec(...args);
            };
          }
          return Reflect.get(target, prop);
        },
      });
      const seen = [];
      for (const [player, ms] of [
        [second, 150_500],
        [third, 90_000],
      ] as const) {
        statements = 0;
        await (desk as unknown as PuzzleDesk).submit(judgedSolve(puzzleId, player, ms));
        seen.push(statements);
      }
      own.sql = real;
      return seen;
    });
    expect(counts).toEqual([1, 1]);
  });

  it("rebuilds the puzzle's rating after a restart as the solves since its last flush left it", async () => {
    const puzzleId = `${date}:sudoku:restart-rating`;
    await copyPuzzle(`${date}:sudoku:easy`, puzzleId);
    const players = await newPlayers(6);
    const board = deskOf(puzzleId);
    for (const [i, id] of players.slice(0, 3).entries())
      await board.submit(establishedSolve(puzzleId, id, 100_000 + i));
    await board.flush();
    for (const [i, id] of players.slice(3).entries())
      await board.submit(establishedSolve(puzzleId, id, 110_000 + i));
    const [saved, before, after] = await runInDurableObject(board, (desk) => {
      const own = inside(desk);
      const stored = own.sql.exec<{ rating: string }>('select rating from puzzle').one().rating;
      const held = structuredClone(own.puzzle);
      // A new instance rebuilds its memory from storage, as after a restart.
      own.loadMemory();
      return [JSON.parse(stored) as unknown, held, own.puzzle];
    });
    // The solves since the flush moved the rating, and only memory holds it.
    expect((before as { rating: unknown }).rating).not.toEqual(saved);
    expect(after).toEqual(before);
  });
});
