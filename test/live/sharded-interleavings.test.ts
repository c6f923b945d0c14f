import { env, runDurableObjectAlarm } from 'cloudflare:test';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.js';
import { type LiveBoards, type LivePuzzle, liveBoards } from '../../src/live/boards.js';
import { shardName, shardOf } from '../../src/live/shards.js';
import { approveSolve, voidSolve } from '../../src/play/moderate.js';
import { createServices } from '../../src/services.js';
import { appAt } from '../support/app.js';
import {
  type Arrival,
  boardNamespace,
  copyPuzzle,
  d1Number,
  judgedSolve,
  newPlayers,
  onBoards,
  pickRow,
} from '../support/live.js';

const date = '2026-11-29';
const now = new Date('2026-11-29T13:00:00Z');
const K = 4;
const PLAYERS = 10;

type Command =
  | { op: 'submit'; player: number; seconds: number; held: boolean }
  | { op: 'alarm'; shard: number }
  | { op: 'void'; pick: number }
  | { op: 'approve'; pick: number };

const command: fc.Arbitrary<Command> = fc.oneof(
  // Few players and few distinct times: repeats and ties, inside a shard and across shards, are common.
  {
    weight: 6,
    arbitrary: fc.record({
      op: fc.constant('submit' as const),
      player: fc.nat(PLAYERS - 1),
      seconds: fc.integer({ min: 100, max: 103 }),
      held: fc.boolean(),
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('alarm' as const), shard: fc.nat(K - 1) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('void' as const), pick: fc.nat(20) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('approve' as const), pick: fc.nat(20) }) },
);

let boards: LiveBoards;
let db: Db;
let run = 0;

beforeAll(async () => {
  await appAt('2026-11-29T12:00:00Z')(`/v1/puzzles/${date}/sudoku/easy`);
  const services = await createServices(onBoards, () => now);
  boards = liveBoards(boardNamespace());
  db = services.db;
});

async function shardedPuzzle(): Promise<LivePuzzle> {
  const id = `${date}:sudoku:sharded${run++}`;
  await copyPuzzle(`${date}:sudoku:easy`, id);
  await env.DB.prepare('update puzzles set board_shards = ? where id = ?').bind(K, id).run();
  return { id, boardShards: K };
}

async function play(commands: readonly Command[]) {
  const puzzle = await shardedPuzzle();
  const players = await newPlayers(PLAYERS);
  /** The model: first arrival per player, in arrival order. */
  const arrivals: Arrival[] = [];
  for (const c of commands) {
    if (c.op === 'submit') {
      const playerId = players[c.player] ?? '';
      const solve = judgedSolve(puzzle.id, playerId, c.seconds * 1000, c.held ? 'pending' : 'clean');
      const answer = await boards.submit(puzzle, solve);
      const known = arrivals.find((a) => a.playerId === playerId);
      expect(answer.repeated).toBe(known !== undefined);
      if (!known) arrivals.push({ playerId, countedMs: c.seconds * 1000, counted: !c.held });
      else expect(answer.solve.countedMs).toBe(known.countedMs);
    } else if (c.op === 'alarm') {
      const namespace = boardNamespace();
      await runDurableObjectAlarm(namespace.get(namespace.idFromName(shardName(puzzle.id, c.shard))));
    } else {
      await boards.flush(puzzle);
      const row = await pickRow(puzzle.id, c.op === 'void' ? 'counted = 1' : "status = 'pending'", c.pick);
      if (!row) continue;
      const outcome =
        c.op === 'void'
          ? await voidSolve(db, row.id, 'test', now, boards)
          : await approveSolve(db, row.id, null, now, boards);
      expect(outcome.ok).toBe(true);
      const arrival = arrivals.find((a) => a.playerId === row.player_id);
      if (arrival) arrival.counted = c.op === 'approve';
    }
  }
  await boards.flush(puzzle);
  return { puzzle, arrivals };
}

describe('random interleavings of submit, repeat, alarms and moderation on a puzzle of four shards', () => {
  it('leave D1 one row per distinct player, one rating game per counted solve, and ranks in the documented order', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 24 }), async (commands) => {
        const { puzzle, arrivals } = await play(commands);
        const rows = 'select count(*) as n from submissions where puzzle_id = ?';
        expect(await d1Number(rows, puzzle.id)).toBe(arrivals.length);
        const distinct = 'select count(distinct player_id) as n from submissions where puzzle_id = ?';
        expect(await d1Number(distinct, puzzle.id)).toBe(arrivals.length);
        const counted = arrivals.filter((a) => a.counted);
        expect(await d1Number('select games as n from puzzles where id = ?', puzzle.id)).toBe(counted.length);
        for (const a of arrivals) {
          const games = 'select games as n from player_ratings where player_id = ?';
          expect(await d1Number(games, a.playerId)).toBe(a.counted ? 1 : 0);
        }
        // Once every shard has flushed: faster first; at the same millisecond the lower shard, then arrival.
        const order = [...counted].sort(
          (x, y) =>
            x.countedMs - y.countedMs ||
            shardOf(x.playerId, K) - shardOf(y.playerId, K) ||
            arrivals.indexOf(x) - arrivals.indexOf(y),
        );
        for (const [i, a] of order.entries()) {
          const standing = await boards.standing(puzzle, a.playerId);
          expect(standing).toMatchObject({ rank: i + 1, solvers: counted.length });
        }
      }),
      { numRuns: 15 },
    );
  });
});
