import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { type LivePuzzle, liveDesks } from '../../src/live/desks.js';
import { shardOf } from '../../src/live/shards.js';
import { appAt } from '../support/app.js';
import { copyPuzzle, d1Number, deskNamespace, judgedSolve, newPlayers } from '../support/live.js';

const date = '2026-11-29';
const boards = () => liveDesks(deskNamespace());

beforeAll(async () => {
  // The date's puzzles, made on their first fetch.
  await appAt('2026-11-29T12:00:00Z')(`/v1/puzzles/${date}/sudoku/easy`);
});

/** A copy of the day's easy sudoku under its own id, over `shards` boards, with nothing on it yet. */
async function freshPuzzle(name: string, shards: number): Promise<LivePuzzle> {
  const id = `${date}:sudoku:${name}`;
  await copyPuzzle(`${date}:sudoku:easy`, id);
  await env.DB.prepare('update puzzles set board_shards = ? where id = ?').bind(shards, id).run();
  return { id, boardShards: shards };
}

/** `n` new players' clean solves judged within the minute `minute` (`…T12:30`), one a second. */
async function solvesIn(puzzle: LivePuzzle, minute: string, n: number): Promise<string[]> {
  const players = await newPlayers(n);
  for (const [i, id] of players.entries()) {
    const at = `${date}T${minute}:${String(i).padStart(2, '0')}.000Z`;
    await boards().submit(puzzle, judgedSolve(puzzle.id, id, 200_000 + i, 'clean', at));
  }
  return players;
}

const peakOf = (id: string) => d1Number('select peak_solves_per_minute as n from puzzles where id = ?', id);

describe("a live puzzle's busiest minute in D1", () => {
  it('is nothing before its board has flushed', async () => {
    const puzzle = await freshPuzzle('unflushed', 1);
    await solvesIn(puzzle, '12:30', 3);
    expect(await peakOf(puzzle.id)).toBe(0);
  });

  it("is the most solves its board took in one minute, written at the board's flush", async () => {
    const puzzle = await freshPuzzle('peak', 1);
    await solvesIn(puzzle, '12:30', 5);
    await solvesIn(puzzle, '12:31', 2);
    await boards().flush(puzzle);
    expect(await peakOf(puzzle.id)).toBe(5);
  });

  it('stays when a later, quieter minute flushes, and rises when one beats it', async () => {
    const puzzle = await freshPuzzle('rising', 1);
    await solvesIn(puzzle, '12:30', 4);
    await boards().flush(puzzle);
    await solvesIn(puzzle, '12:40', 2);
    await boards().flush(puzzle);
    expect(await peakOf(puzzle.id)).toBe(4);
    await solvesIn(puzzle, '12:50', 6);
    await boards().flush(puzzle);
    expect(await peakOf(puzzle.id)).toBe(6);
  });

  it("is, over K shards, the busiest shard's minute times K", async () => {
    const K = 2;
    const puzzle = await freshPuzzle('sharded', K);
    const players = await solvesIn(puzzle, '12:30', 7);
    await boards().flush(puzzle);
    const onShard = [0, 1].map((s) => players.filter((id) => shardOf(id, K) === s).length);
    expect(await peakOf(puzzle.id)).toBe(Math.max(...onShard) * K);
  });
});
