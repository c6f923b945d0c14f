import { env, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { SubmissionResultSchema } from '../../src/contract/submission.js';
import { FLUSH_ROWS, type PuzzleDesk } from '../../src/live/puzzle-desk.js';
import { appAt } from '../support/app.js';
import { bodyOf } from '../support/json.js';
import {
  boardNumber,
  copyPuzzle,
  d1Number,
  deskOf,
  judgedSolve,
  newBoard,
  newPlayers,
  onDirect,
  setDeskD1,
} from '../support/live.js';
import { later, register, solveStored, startPuzzle, submit, submitUnsettled } from '../support/play.js';
import { countingTrips } from '../support/round-trips.js';

const date = '2026-11-29';
const fetchedAt = '2026-11-29T12:00:00Z';

async function solver(level: 'easy' | 'medium' | 'hard' | 'expert', kind: 'sudoku' = 'sudoku') {
  const p = await register(fetchedAt);
  await startPuzzle(fetchedAt, p.token, date, kind, level);
  return p;
}

/** Submits `seconds` after the player's fetch: the counted time is the server's span. */
async function submitOnBoard(token: string, level: string, seconds: number) {
  const solution = await solveStored(date, 'sudoku', level as 'easy');
  const res = await submitUnsettled(later(fetchedAt, seconds), token, `${date}/sudoku/${level}`, {
    solution,
  });
  return { status: res.status, body: await bodyOf(res, SubmissionResultSchema) };
}

beforeAll(async () => {
  // The date's puzzles, made on their first fetch.
  await appAt(fetchedAt)(`/v1/puzzles/${date}/sudoku/easy`);
});

const rankedRows = (puzzleId: string) =>
  d1Number('select count(*) as n from submissions where puzzle_id = ? and ranked = 1', puzzleId);

describe('a ranked submission on the live board', () => {
  it('answers verdict, counted time, score, rank, solvers and percentile before D1 holds the solve', async () => {
    const { token } = await solver('easy');
    const { status, body } = await submitOnBoard(token, 'easy', 300);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      valid: true,
      repeated: false,
      verdict: 'clean',
      countedMs: 300_000,
      rank: 1,
      solvers: 1,
      fasterThanPercent: 100,
    });
    expect(body.score).toBeGreaterThan(0);
    expect(body.rating?.after).toBeGreaterThan(0);
    expect(await rankedRows(`${date}:sudoku:easy`)).toBe(0);
  });

  it('is copied to D1 by the alarm, with both ratings taking its game', async () => {
    const { player, token } = await solver('medium');
    const { body } = await submitOnBoard(token, 'medium', 400);
    const board = deskOf(`${date}:sudoku:medium`);
    expect(await runDurableObjectAlarm(board)).toBe(true);
    expect(await rankedRows(`${date}:sudoku:medium`)).toBe(1);
    const row = await env.DB.prepare(
      'select counted_ms, counted, status, rating_after from submissions where player_id = ? and ranked = 1',
    )
      .bind(player.id)
      .first<{ counted_ms: number; counted: number; status: string; rating_after: number }>();
    expect(row).toMatchObject({ counted_ms: 400_000, counted: 1, status: 'clean' });
    expect(Math.round(row?.rating_after ?? 0)).toBe(body.rating?.after);
    expect(await d1Number('select games as n from player_ratings where player_id = ?', player.id)).toBe(1);
    expect(await d1Number('select games as n from puzzles where id = ?', `${date}:sudoku:medium`)).toBe(1);
  });

  it('ranks by counted time, then by arrival among equal times', async () => {
    const level = 'hard';
    const players = [await solver(level), await solver(level), await solver(level), await solver(level)];
    const times = [500, 400, 500, 450];
    const ranks: number[] = [];
    for (const [i, p] of players.entries())
      ranks.push((await submitOnBoard(p.token, level, times[i] ?? 0)).body.rank ?? 0);
    // Each answer counts the solves acknowledged before it.
    expect(ranks).toEqual([1, 1, 3, 2]);
    const again = [];
    for (const [i, p] of players.entries())
      again.push((await submitOnBoard(p.token, level, times[i] ?? 0)).body);
    expect(again.map((r) => [r.repeated, r.rank, r.solvers])).toEqual([
      [true, 3, 4],
      [true, 1, 4],
      [true, 4, 4],
      [true, 2, 4],
    ]);
  });

  it('returns the stored result to a repeat, whether or not D1 has the solve yet', async () => {
    const { player, token } = await solver('expert');
    const first = await submitOnBoard(token, 'expert', 600);
    const beforeFlush = await submitOnBoard(token, 'expert', 660);
    await deskOf(`${date}:sudoku:expert`).flush();
    const afterFlush = await submitOnBoard(token, 'expert', 720);
    for (const again of [beforeFlush, afterFlush]) {
      expect(again.body.repeated).toBe(true);
      expect({ ...again.body, repeated: false, streak: first.body.streak }).toEqual(first.body);
    }
    expect(await d1Number('select count(*) as n from submissions where player_id = ?', player.id)).toBe(1);
  });
});

/** Restarts a board (memory rebuilt from its storage alone) with its database seen through a trip counter. */
async function restartCountingTrips(board: DurableObjectStub<PuzzleDesk>) {
  const counted = countingTrips(env.DB);
  await setDeskD1(board, counted.d1);
  await runInDurableObject(board, (instance) => {
    (instance as unknown as { loadMemory(): void }).loadMemory();
  });
  return counted;
}

describe("the board's copy to D1", () => {
  it('adds nothing when a flush is replayed after D1 committed it but before the board recorded that', async () => {
    const puzzleId = `${date}:loop:easy`;
    const p = await register(fetchedAt);
    await startPuzzle(fetchedAt, p.token, date, 'loop', 'easy');
    const solution = await solveStored(date, 'loop', 'easy');
    await submitUnsettled('2026-11-29T12:10:00Z', p.token, `${date}/loop/easy`, { solution });
    const board = deskOf(puzzleId);
    expect(await board.flush()).toBe(1);
    const rating = await d1Number('select rating as n from puzzles where id = ?', puzzleId);
    // Stopped after D1's commit, before a solve or the alarm saved how far D1 has the solves: storage says
    // none, and a new instance rebuilds its memory from that, as after a restart.
    expect(await boardNumber(board, 'select flushed_through as n from puzzle')).toBe(0);
    await runInDurableObject(board, (instance) => {
      (instance as unknown as { loadMemory(): void }).loadMemory();
    });
    const restarted = deskOf(puzzleId);
    expect(await restarted.flush()).toBe(1);
    expect(await rankedRows(puzzleId)).toBe(1);
    expect(await d1Number('select games as n from player_ratings where player_id = ?', p.player.id)).toBe(1);
    expect(await d1Number('select games as n from puzzles where id = ?', puzzleId)).toBe(1);
    expect(await d1Number('select rating as n from puzzles where id = ?', puzzleId)).toBe(rating);
  });

  it(`starts a flush at once when ${FLUSH_ROWS} solves wait, and not at ${FLUSH_ROWS - 1}`, async () => {
    const puzzleId = `${date}:sudoku:flushrows`;
    await copyPuzzle(`${date}:sudoku:easy`, puzzleId);
    const board = deskOf(puzzleId);
    const players = await newPlayers(FLUSH_ROWS);
    const [first = '', ...others] = players;
    await board.submit(judgedSolve(puzzleId, first, 100_000));
    // The alarm moved out of the way, so that only the row count can start a flush here.
    await runInDurableObject(board, (_instance, state) => state.storage.setAlarm(Date.now() + 600_000));
    for (const [i, id] of others.slice(0, -1).entries()) {
      await board.submit(judgedSolve(puzzleId, id, 100_001 + i));
    }
    expect(await rankedRows(puzzleId)).toBe(0);
    await board.submit(judgedSolve(puzzleId, others.at(-1) ?? '', 500_000));
    let copied = 0;
    for (let wait = 0; wait < 100 && copied < FLUSH_ROWS; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      copied = await rankedRows(puzzleId);
    }
    expect(copied).toBe(FLUSH_ROWS);
  });

  it("after a restart copies its next batch in one round trip: D1's rating of the puzzle is its own", async () => {
    const { puzzleId, board, players } = await newBoard(date, 'restarted', 2);
    const [first = '', second = ''] = players;
    await board.submit(judgedSolve(puzzleId, first, 100_000));
    expect(await board.flush()).toBe(1);
    // Idle after its flush: the alarm saves how far D1 has the solves, with D1's rating after them.
    await runDurableObjectAlarm(board);
    const counted = await restartCountingTrips(board);
    await board.submit(judgedSolve(puzzleId, second, 110_000));
    expect(await board.flush()).toBe(1);
    expect(counted.trips()).toBe(1);
    expect(await d1Number('select games as n from puzzles where id = ?', puzzleId)).toBe(2);
  });

  it('after a restart copies only the solves since the watermark the first solve after a flush carried', async () => {
    const { puzzleId, board, players } = await newBoard(date, 'carried', 3);
    const [first = '', second = '', third = ''] = players;
    await board.submit(judgedSolve(puzzleId, first, 100_000));
    expect(await board.flush()).toBe(1);
    await board.submit(judgedSolve(puzzleId, second, 105_000));
    const counted = await restartCountingTrips(board);
    await board.submit(judgedSolve(puzzleId, third, 110_000));
    expect(await board.flush()).toBe(2);
    expect(counted.trips()).toBe(1);
    expect(await d1Number('select games as n from puzzles where id = ?', puzzleId)).toBe(3);
  });

  it('sets its alarm one second after the first solve that D1 does not have', async () => {
    const puzzleId = `${date}:sudoku:alarm`;
    await copyPuzzle(`${date}:sudoku:easy`, puzzleId);
    const board = deskOf(puzzleId);
    const [id = ''] = await newPlayers(1);
    const before = Date.now();
    await board.submit(judgedSolve(puzzleId, id, 100_000));
    const alarm = await runInDurableObject(board, (_instance, state) => state.storage.getAlarm());
    expect(alarm).toBeGreaterThanOrEqual(before + 1000);
    expect(alarm).toBeLessThanOrEqual(Date.now() + 1000);
  });
});

describe('the direct path, kept for comparison', () => {
  it('stores the solve in D1 before it answers when SUBMISSION_PATH is "direct"', async () => {
    const p = await register(fetchedAt);
    await startPuzzle(fetchedAt, p.token, date, 'signal', 'easy');
    const solution = await solveStored(date, 'signal', 'easy');
    const res = await submit('2026-11-29T12:10:00Z', p.token, `${date}/signal/easy`, { solution }, onDirect);
    expect(res.status).toBe(200);
    expect(await rankedRows(`${date}:signal:easy`)).toBe(1);
  });
});

describe("the board's summary", () => {
  it('gives solvers, the median and the histogram of counted solves, held ones left out', async () => {
    const puzzleId = `${date}:sudoku:summary`;
    await copyPuzzle(`${date}:sudoku:easy`, puzzleId);
    const board = deskOf(puzzleId);
    const players = await newPlayers(6);
    const times = [9_999, 10_000, 10_001, 19_999, 20_000, 5_000];
    for (const [i, id] of players.slice(0, 5).entries())
      await board.submit(judgedSolve(puzzleId, id, times[i] ?? 0));
    await board.submit(judgedSolve(puzzleId, players[5] ?? '', 5_000, 'pending'));
    expect(await board.summary(puzzleId, [10_000, 20_000])).toEqual({
      solvers: 5,
      medianMs: 10_001,
      histogram: [1, 3, 1],
    });
  });

  it("gives the median of an even count as D1's statistics do: the middle two's mean, rounded", async () => {
    const puzzleId = `${date}:sudoku:even-median`;
    await copyPuzzle(`${date}:sudoku:easy`, puzzleId);
    const board = deskOf(puzzleId);
    const players = await newPlayers(4);
    for (const [i, id] of players.entries())
      await board.submit(judgedSolve(puzzleId, id, [8_000, 10_000, 10_003, 30_000][i] ?? 0));
    expect((await board.summary(puzzleId, [])).medianMs).toBe(10_002);
  });
});
