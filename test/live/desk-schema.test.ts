import { runInDurableObject } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { appAt } from '../support/app.js';
import { d1Number, judgedSolve, newBoard } from '../support/live.js';

const date = '2026-11-29';

beforeAll(async () => {
  // The date's puzzles, made on their first fetch.
  await appAt('2026-11-29T12:00:00Z')(`/v1/puzzles/${date}/sudoku/easy`);
});

/**
 * The board's storage as schema 4 kept it: a unique player index and a time index beside the solves, each
 * solve's answered fields apart from its row, and no row for a solve the board started from D1.
 */
function backToFour(sql: SqlStorage): void {
  // Schema 4 saved the watermark at each flush, where schema 5 lets the next solve carry it.
  sql.exec(`update puzzle set
    flushed_through = coalesce((select json_extract(mark, '$.flushedThrough') from solves
      where mark is not null order by seq desc limit 1), flushed_through)`);
  sql.exec(`create table solves_v4 (
    seq integer primary key,
    player_id text not null unique,
    counted_ms integer not null,
    counted integer not null,
    fields text not null,
    row text,
    own_game text
  )`);
  sql.exec(`insert into solves_v4 select seq, player_id, counted_ms, counted, row,
    case when json_extract(row, '$.id') is null then row end, own_game from solves`);
  sql.exec('drop table solves');
  sql.exec('alter table solves_v4 rename to solves');
  sql.exec('create index solves_by_time on solves (counted, counted_ms, seq)');
  sql.exec('update board_schema set version = 4');
}

/** The board's storage as schema 2 kept it: a flag on each solve (set on those D1 holds) for how far D1 has them. */
function backToTwo(sql: SqlStorage): void {
  backToFour(sql);
  sql.exec('alter table solves add column flushed integer not null default 1');
  sql.exec('update solves set flushed = 0 where seq > (select flushed_through from puzzle)');
  sql.exec('create index solves_unflushed on solves (flushed, seq)');
  sql.exec('alter table puzzle drop column flushed_through');
  sql.exec('alter table puzzle drop column flushed_rating');
  sql.exec('update board_schema set version = 2');
}

/** What a migrated board's storage says: its version, the puzzle's saved marks, and its solves' columns. */
function migrated(instance: unknown, sql: SqlStorage) {
  (instance as { migrate(): void }).migrate();
  const columns = sql
    .exec<{ name: string }>('select name from pragma_table_info(?)', 'solves')
    .toArray()
    .map((c) => c.name);
  return {
    version: sql.exec<{ version: number }>('select version from board_schema').one().version,
    // Schema 1 saved the puzzle's rating with every solve: it is saved through the last one.
    throughLast: sql
      .exec<{ n: number }>('select through_seq = (select max(seq) from solves) as n from puzzle')
      .one().n,
    flushedThrough: sql.exec<{ n: number }>('select flushed_through as n from puzzle').one().n,
    ownGame: columns.includes('own_game'),
    flushedFlag: columns.includes('flushed'),
    indexes: sql.exec<{ n: number }>("select count(*) as n from sqlite_master where type = 'index'").one().n,
  };
}

describe("a board's own storage made before solves kept their players' ratings (schema 1)", () => {
  it('is migrated, and its waiting solve reaches D1 with its rating caught up from there', async () => {
    const { puzzleId, board, players } = await newBoard(date, 'schema-one', 1);
    const [player = ''] = players;
    await board.submit(judgedSolve(puzzleId, player, 120_000));
    const storage = await runInDurableObject(board, (instance, state) => {
      // Back to schema 1, the solve still waiting, then started again as a deployed board is.
      backToTwo(state.storage.sql);
      state.storage.sql.exec('alter table solves drop column own_game');
      state.storage.sql.exec('alter table puzzle drop column through_seq');
      state.storage.sql.exec('update board_schema set version = 1');
      return migrated(instance, state.storage.sql);
    });
    expect(storage).toEqual({
      version: 5,
      throughLast: 1,
      flushedThrough: 0,
      ownGame: true,
      flushedFlag: false,
      indexes: 0,
    });
    expect(await board.flush()).toBe(1);
    expect(
      await d1Number("select games as n from player_ratings where player_id = ? and kind = 'sudoku'", player),
    ).toBe(1);
  });
});

describe("a board's own storage that flagged each solve D1 holds (schema 2)", () => {
  it('keeps how far D1 has its solves as one mark: only the waiting solve is copied', async () => {
    const { puzzleId, board, players } = await newBoard(date, 'schema-two', 2);
    const [first = '', second = ''] = players;
    await board.submit(judgedSolve(puzzleId, first, 120_000));
    expect(await board.flush()).toBe(1);
    await board.submit(judgedSolve(puzzleId, second, 130_000));
    const storage = await runInDurableObject(board, (instance, state) => {
      backToTwo(state.storage.sql);
      const result = migrated(instance, state.storage.sql);
      (instance as unknown as { loadMemory(): void }).loadMemory();
      return result;
    });
    expect(storage).toMatchObject({ version: 5, flushedThrough: 1, flushedFlag: false });
    expect(await board.flush()).toBe(1);
    expect(await d1Number('select count(*) as n from submissions where puzzle_id = ?', puzzleId)).toBe(2);
  });
});

describe("a board's own storage with a player index, a time index and fields apart (schema 4)", () => {
  it('keeps one row a solve and no index, and answers as before: the started and the waiting solve alike', async () => {
    const { puzzleId, board, players } = await newBoard(date, 'schema-four', 2);
    const [first = '', second = ''] = players;
    await board.submit(judgedSolve(puzzleId, first, 120_000));
    // Started again from D1 (as after a moderator's change): the first solve's row is D1's.
    await board.reload();
    await board.submit(judgedSolve(puzzleId, second, 110_000));
    const before = [await board.standing(puzzleId, first), await board.standing(puzzleId, second)];
    const storage = await runInDurableObject(board, (instance, state) => {
      backToFour(state.storage.sql);
      const result = migrated(instance, state.storage.sql);
      (instance as unknown as { loadMemory(): void }).loadMemory();
      return result;
    });
    expect(storage).toMatchObject({ version: 5, indexes: 0 });
    expect([await board.standing(puzzleId, first), await board.standing(puzzleId, second)]).toEqual(before);
    expect(before.map((answer) => answer?.rank)).toEqual([2, 1]);
    expect(await board.flush()).toBe(1);
    expect(await d1Number('select count(*) as n from submissions where puzzle_id = ?', puzzleId)).toBe(2);
  });
});
