import { env, runDurableObjectAlarm } from 'cloudflare:test';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.js';
import { type LiveDesks, type LivePuzzle, liveDesks } from '../../src/live/desks.js';
import { shardName, shardOf } from '../../src/live/shards.js';
import { createServices } from '../../src/services.js';
import { appAt } from '../support/app.js';
import {
  type Arrival,
  expectOneRowAndGameEach,
  type ModerationCommand,
  moderate,
  moderationCommands,
  recordAnswer,
  type SubmitCommand,
  submitCommand,
} from '../support/interleavings.js';
import { copyPuzzle, deskNamespace, judgedSolve, newPlayers } from '../support/live.js';

const date = '2026-11-29';
const now = new Date('2026-11-29T13:00:00Z');
const K = 4;
const PLAYERS = 10;

type Command = SubmitCommand | { op: 'alarm'; shard: number } | ModerationCommand;

const command: fc.Arbitrary<Command> = fc.oneof(
  // Few players and few distinct times: repeats and ties, inside a shard and across shards, are common.
  { weight: 6, arbitrary: submitCommand(PLAYERS, 103) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('alarm' as const), shard: fc.nat(K - 1) }) },
  ...moderationCommands,
);

let boards: LiveDesks;
let db: Db;
let run = 0;

beforeAll(async () => {
  await appAt('2026-11-29T12:00:00Z')(`/v1/puzzles/${date}/sudoku/easy`);
  const services = await createServices(env, () => now);
  boards = liveDesks(deskNamespace());
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
      recordAnswer(arrivals, playerId, c, answer);
    } else if (c.op === 'alarm') {
      const namespace = deskNamespace();
      await runDurableObjectAlarm(namespace.get(namespace.idFromName(shardName(puzzle.id, c.shard))));
    } else {
      await boards.flush(puzzle);
      await moderate(c, puzzle.id, arrivals, { db, boards, now });
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
        await expectOneRowAndGameEach(puzzle.id, arrivals);
        const counted = arrivals.filter((a) => a.counted);
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
