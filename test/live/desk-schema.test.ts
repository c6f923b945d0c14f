import { runInDurableObject } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { appAt } from '../support/app.js';
import { copyPuzzle, d1Number, deskOf, judgedSolve, newPlayers } from '../support/live.js';

const date = '2026-11-29';

beforeAll(async () => {
  // The date's puzzles, made on their first fetch.
  await appAt('2026-11-29T12:00:00Z')(`/v1/puzzles/${date}/sudoku/easy`);
});

describe("a board's own storage made before solves kept their players' ratings (schema 1)", () => {
  it('is migrated, and its waiting solve reaches D1 with its rating caught up from there', async () => {
    const puzzleId = `${date}:sudoku:schema-one`;
    await copyPuzzle(`${date}:sudoku:easy`, puzzleId);
    const [player = ''] = await newPlayers(1);
    const board = deskOf(puzzleId);
    await board.submit(judgedSolve(puzzleId, player, 120_000));
    const columns = await runInDurableObject(board, (instance, state) => {
      // Back to schema 1, the solve still waiting, then started again as a deployed board is.
      state.storage.sql.exec('alter table solves drop column own_game');
      state.storage.sql.exec('alter table puzzle drop column through_seq');
      state.storage.sql.exec('update board_schema set version = 1');
      (instance as unknown as { migrate(): void }).migrate();
      return {
        version: state.storage.sql.exec<{ version: number }>('select version from board_schema').one()
          .version,
        // Schema 1 saved the puzzle's rating with every solve: it is saved through the last one.
        throughSeq: state.storage.sql
          .exec<{ n: number }>('select through_seq = (select max(seq) from solves) as n from puzzle')
          .one().n,
        ownGame: state.storage.sql
          .exec<{ name: string }>('select name from pragma_table_info(?)', 'solves')
          .toArray()
          .some((c) => c.name === 'own_game'),
      };
    });
    expect(columns).toEqual({ version: 2, throughSeq: 1, ownGame: true });
    expect(await board.flush()).toBe(1);
    expect(
      await d1Number("select games as n from player_ratings where player_id = ? and kind = 'sudoku'", player),
    ).toBe(1);
  });
});
