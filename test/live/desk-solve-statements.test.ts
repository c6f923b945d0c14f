import { env, runInDurableObject } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  FLUSH_RETRY_MS,
  FLUSH_ROWS,
  type PuzzleDesk,
  WAITING_IN_MEMORY,
} from '../../src/live/puzzle-desk.js';
import { appAt } from '../support/app.js';
import {
  boardNumber,
  d1Number,
  establishedSolve,
  judgedSolve,
  newBoard,
  setDeskD1,
} from '../support/live.js';

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

/** A D1 that refuses every batch, as an unreachable database does, counting the batches it refused. */
function unreachableD1() {
  const refused = { batches: 0 };
  const d1 = new Proxy(env.DB, {
    get(target, prop) {
      if (prop !== 'batch') return Reflect.get(target, prop);
      return () => {
        refused.batches++;
        return Promise.reject(new Error('D1 is unreachable'));
      };
    },
  });
  return { d1, refused };
}

/** The SQL statements a board runs on its own storage while `act` runs inside it. */
function statementsOf(
  board: DurableObjectStub<PuzzleDesk>,
  act: (desk: PuzzleDesk) => Promise<unknown>,
): Promise<number> {
  return runInDurableObject(board, async (desk) => {
    const own = inside(desk);
    const real = own.sql;
    let statements = 0;
    own.sql = new Proxy(real, {
      get(target, prop) {
        if (prop !== 'exec') return Reflect.get(target, prop);
        return (...args: Parameters<SqlStorage['exec']>) => {
          statements++;
          return target.exec(...args);
        };
      },
    });
    try {
      await act(desk as unknown as PuzzleDesk);
    } finally {
      own.sql = real;
    }
    return statements;
  });
}

describe("a one-shard board's own storage", () => {
  it('takes one SQL statement to store a new clean solve and answer its rank', async () => {
    const { puzzleId, board, players } = await newBoard(date, 'one-statement', 3);
    const [first = '', second = '', third = ''] = players;
    // The first solve starts the board from D1; the next ones are counted.
    await board.submit(judgedSolve(puzzleId, first, 150_000));
    const counts = [];
    for (const [player, ms] of [
      [second, 150_500],
      [third, 90_000],
    ] as const) {
      counts.push(await statementsOf(board, (desk) => desk.submit(judgedSolve(puzzleId, player, ms))));
    }
    expect(counts).toEqual([1, 1]);
  });

  it('runs no SQL statement of its own to copy a batch to D1: the next solve carries the watermark', async () => {
    const { puzzleId, board, players } = await newBoard(date, 'flush-statements', 3);
    const [first = '', second = '', third = ''] = players;
    await board.submit(judgedSolve(puzzleId, first, 150_000));
    await board.submit(judgedSolve(puzzleId, second, 140_000));
    expect(await statementsOf(board, (desk) => desk.flush())).toBe(0);
    expect(await statementsOf(board, (desk) => desk.submit(judgedSolve(puzzleId, third, 130_000)))).toBe(1);
    const carried = await boardNumber(
      board,
      "select json_extract(mark, '$.flushedThrough') as n from solves where player_id = ?",
      third,
    );
    expect(carried).toBe(2);
  });

  it('saves the watermark in one SQL statement from its alarm when no solve followed the flush', async () => {
    const { puzzleId, board, players } = await newBoard(date, 'idle-statements', 1);
    const [first = ''] = players;
    await board.submit(judgedSolve(puzzleId, first, 150_000));
    await board.flush();
    expect(await statementsOf(board, (desk) => desk.alarm())).toBe(1);
    expect(await boardNumber(board, 'select flushed_through as n from puzzle')).toBe(1);
  });

  it("rebuilds the puzzle's rating after a restart as the solves since its last flush left it", async () => {
    const { puzzleId, board, players } = await newBoard(date, 'restart-rating', 6);
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

  it(`while D1 is down, sends it one batch per ${FLUSH_RETRY_MS} ms, not one at each solve`, async () => {
    const solves = 2 * FLUSH_ROWS;
    const { puzzleId, board, players } = await newBoard(date, 'retry', solves);
    const [first = '', ...others] = players;
    await board.submit(judgedSolve(puzzleId, first, 100_000));
    const { d1, refused } = unreachableD1();
    await setDeskD1(board, d1);
    // The alarm moved out of the way: only the flushes that waiting solves start try D1.
    await runInDurableObject(board, (_desk, state) => state.storage.setAlarm(Date.now() + 600_000));
    const outage = Date.now();
    for (const [i, id] of others.entries()) await board.submit(judgedSolve(puzzleId, id, 100_001 + i));
    expect(refused.batches).toBeGreaterThanOrEqual(1);
    expect(refused.batches).toBeLessThanOrEqual(1 + Math.floor((Date.now() - outage) / FLUSH_RETRY_MS));
  });

  it(`keeps at most ${WAITING_IN_MEMORY} waiting solves in memory, reading more back from storage to copy them`, async () => {
    const solves = WAITING_IN_MEMORY + 2;
    const { puzzleId, board, players } = await newBoard(date, 'beyond-memory', solves + 1);
    const [first = '', ...others] = players;
    await board.submit(judgedSolve(puzzleId, first, 100_000));
    await setDeskD1(board, unreachableD1().d1);
    await runInDurableObject(board, (_desk, state) => state.storage.setAlarm(Date.now() + 600_000));
    for (const [i, id] of others.slice(0, solves - 1).entries())
      await board.submit(judgedSolve(puzzleId, id, 100_001 + i));
    await setDeskD1(board, env.DB);
    const batches = Math.ceil(solves / FLUSH_ROWS);
    expect(await statementsOf(board, (desk) => desk.flush())).toBe(batches);
    expect(
      await d1Number('select count(distinct player_id) as n from submissions where puzzle_id = ?', puzzleId),
    ).toBe(solves);
    // Caught up, the board keeps its waiting solves in memory again: a flush reads nothing back.
    await board.submit(judgedSolve(puzzleId, others.at(-1) ?? '', 90_000));
    expect(await statementsOf(board, (desk) => desk.flush())).toBe(0);
    expect(
      await d1Number('select count(*) as n from submissions where puzzle_id = ? and ranked = 1', puzzleId),
    ).toBe(solves + 1);
  });
});
