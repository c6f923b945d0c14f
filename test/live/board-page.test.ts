import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { PuzzleBoardSchema, PuzzleStatsSchema } from '../../src/contract/leaderboards.js';
import { createDb } from '../../src/db/client.js';
import { type LiveBoardFacts, puzzleBoardPage } from '../../src/db/leaderboards.js';
import { appAt } from '../support/app.js';
import { bodyOf } from '../support/json.js';
import { copyPuzzle, d1Number, deskOf, priorSolvers } from '../support/live.js';
import {
  bearer,
  later,
  register,
  solveStored,
  startPuzzle,
  submit,
  submitUnsettled,
} from '../support/play.js';
import { countingTrips } from '../support/round-trips.js';

const date = '2026-11-29';
const fetchedAt = '2026-11-29T12:00:00Z';

beforeAll(async () => {
  // The date's puzzles, made on their first fetch.
  await appAt(fetchedAt)(`/v1/puzzles/${date}/sudoku/easy`);
});

/** A puzzle with `n` earlier solves, and the viewer: the player of the middle one. */
async function crowd(name: string, n: number): Promise<{ puzzleId: string; viewerId: string }> {
  const puzzleId = `${date}:sudoku:${name}`;
  await copyPuzzle(`${date}:sudoku:easy`, puzzleId);
  await priorSolvers(puzzleId, n);
  return { puzzleId, viewerId: `${puzzleId}:prior:${n / 2}` };
}

/** The first page of 50 of everyone's board as the viewer reads it, and the rows D1 read for it. */
async function firstPage(puzzleId: string, viewerId: string, live?: LiveBoardFacts) {
  const counted = countingTrips(env.DB);
  const page = await puzzleBoardPage(createDb(counted.d1), puzzleId, {
    after: null,
    limit: 51,
    viewerId,
    scope: { kind: 'global' },
    ...(live && { live }),
  });
  return { page, rowsRead: counted.rowsRead() };
}

describe("a page of everyone's board of a live puzzle", () => {
  it("takes the solvers and the viewer's rank from the board, as D1 counts them once it has every solve", async () => {
    const { puzzleId, viewerId } = await crowd('page-facts', 400);
    const facts = await deskOf(puzzleId).pageFacts(puzzleId, viewerId);
    const fromD1 = await firstPage(puzzleId, viewerId);
    expect(facts).toEqual({ solvers: fromD1.page.solvers, mine: fromD1.page.mine });
    expect(facts.mine?.rank).toBe(200);
    const live = await firstPage(puzzleId, viewerId, facts);
    expect(live.page).toEqual(fromD1.page);
  });

  it('reads as many rows of D1 for a crowd of 2,000 as for one of 200, where counting the rank grew with it', async () => {
    const small = await crowd('page-small', 200);
    const large = await crowd('page-large', 2_000);
    const read = async ({ puzzleId, viewerId }: { puzzleId: string; viewerId: string }) => {
      const facts = await deskOf(puzzleId).pageFacts(puzzleId, viewerId);
      return {
        live: (await firstPage(puzzleId, viewerId, facts)).rowsRead,
        d1: (await firstPage(puzzleId, viewerId)).rowsRead,
      };
    };
    const [fewer, more] = [await read(small), await read(large)];
    expect(more.live - fewer.live).toBeLessThanOrEqual(10);
    expect(more.d1 - fewer.d1).toBeGreaterThanOrEqual(900);
  });

  it('counts a solve its board acknowledged before D1 has it, ahead of the viewer when faster', async () => {
    const path = `${date}/sudoku/easy`;
    const solution = await solveStored(date, 'sudoku', 'easy');
    const slower = await register(fetchedAt);
    const faster = await register(fetchedAt);
    await startPuzzle(fetchedAt, slower.token, date, 'sudoku', 'easy');
    expect((await submit(later(fetchedAt, 900), slower.token, path, { solution })).status).toBe(200);
    // Sent at the same moment, the later solve counts 10 minutes less.
    await startPuzzle(later(fetchedAt, 600), faster.token, date, 'sudoku', 'easy');
    expect((await submitUnsettled(later(fetchedAt, 900), faster.token, path, { solution })).status).toBe(200);
    expect(
      await d1Number(
        'select count(*) as n from submissions where puzzle_id = ? and counted = 1',
        `${date}:sudoku:easy`,
      ),
    ).toBe(1);
    const res = await appAt(later(fetchedAt, 901))(`/v1/leaderboards/${path}`, {
      headers: bearer(slower.token),
    });
    const board = await bodyOf(res, PuzzleBoardSchema);
    expect({ solvers: board.solvers, rank: board.me?.rank }).toEqual({ solvers: 2, rank: 2 });
  });

  it("gives the same solvers in its puzzle's stats, with the histogram and median of every acknowledged solve", async () => {
    const path = `${date}/sudoku/hard`;
    const slower = await register(fetchedAt);
    const faster = await register(fetchedAt);
    await startPuzzle(fetchedAt, slower.token, date, 'sudoku', 'hard');
    const solution = await solveStored(date, 'sudoku', 'hard');
    expect((await submit(later(fetchedAt, 900), slower.token, path, { solution })).status).toBe(200);
    await startPuzzle(later(fetchedAt, 600), faster.token, date, 'sudoku', 'hard');
    expect((await submitUnsettled(later(fetchedAt, 900), faster.token, path, { solution })).status).toBe(200);
    const res = await appAt(later(fetchedAt, 901))(`/v1/puzzles/${path}/stats`, {
      headers: bearer(slower.token),
    });
    const stats = await bodyOf(res, PuzzleStatsSchema);
    const counted = stats.histogram.reduce((n, b) => n + b.count, 0);
    expect({ solvers: stats.solvers, counted, mine: stats.histogram.filter((b) => b.mine).length }).toEqual({
      solvers: 2,
      counted: 2,
      mine: 1,
    });
    // The two counted times, 900 s and 300 s (give or take the log's last move), their mean the median.
    expect(stats.medianMs).toBeGreaterThan(500_000);
    expect(stats.medianMs).toBeLessThan(700_000);
  });

  it("asks D1 only for the player and the page, its top's evidence within it, once the isolate knows the puzzle", async () => {
    const at = later(fetchedAt, 1200);
    const path = `${date}/sudoku/medium`;
    const viewer = await register(fetchedAt);
    await startPuzzle(fetchedAt, viewer.token, date, 'sudoku', 'medium');
    const solution = await solveStored(date, 'sudoku', 'medium');
    expect((await submit(later(fetchedAt, 600), viewer.token, path, { solution })).status).toBe(200);
    const counted = countingTrips(env.DB);
    const read = () =>
      appAt(at, { ...env, DB: counted.d1 })(`/v1/leaderboards/${path}`, { headers: bearer(viewer.token) });
    expect((await read()).status).toBe(200);
    const before = counted.trips();
    expect((await read()).status).toBe(200);
    const res = await read();
    expect(res.status).toBe(200);
    // Each read: the player's token and the page's one batch, its top's evidence read within it; once more
    // at most, the development clock's offset when its second has passed. The puzzle and its shards are not
    // read again.
    expect(counted.trips() - before).toBeLessThanOrEqual(2 * 2 + 1);
    expect((await bodyOf(res, PuzzleBoardSchema)).me?.rank).toBe(1);
  });
});
