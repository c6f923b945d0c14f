import { env, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.js';
import type { LiveDesks } from '../../src/live/desks.js';
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
import { copyPuzzle, d1Number, deskOf, judgedSolve, newPlayers } from '../support/live.js';

const date = '2026-11-29';
const now = new Date('2026-11-29T13:00:00Z');
const PLAYERS = 8;

type Command = SubmitCommand | { op: 'alarm' } | { op: 'interrupted_flush' } | ModerationCommand;

const command: fc.Arbitrary<Command> = fc.oneof(
  // Few players and few distinct times: repeats and ties are common.
  { weight: 6, arbitrary: submitCommand(PLAYERS, 104) },
  { weight: 2, arbitrary: fc.constant({ op: 'alarm' as const }) },
  { weight: 1, arbitrary: fc.constant({ op: 'interrupted_flush' as const }) },
  ...moderationCommands,
);

let boards: LiveDesks;
let db: Db;
let run = 0;

beforeAll(async () => {
  await appAt('2026-11-29T12:00:00Z')(`/v1/puzzles/${date}/sudoku/easy`);
  const services = await createServices(env, () => now);
  if (!services.boards) throw new Error('the board path is off');
  boards = services.boards;
  db = services.db;
});

async function play(commands: readonly Command[]) {
  const puzzleId = `${date}:sudoku:interleaving${run++}`;
  await copyPuzzle(`${date}:sudoku:easy`, puzzleId);
  const players = await newPlayers(PLAYERS);
  const board = () => deskOf(puzzleId);
  /** The model: first arrival per player, in arrival order. */
  const arrivals: Arrival[] = [];
  for (const c of commands) {
    if (c.op === 'submit') {
      const playerId = players[c.player] ?? '';
      const answer = await board().submit(
        judgedSolve(puzzleId, playerId, c.seconds * 1000, c.held ? 'pending' : 'clean'),
      );
      recordAnswer(arrivals, playerId, c, answer);
    } else if (c.op === 'alarm') {
      await runDurableObjectAlarm(board());
    } else if (c.op === 'interrupted_flush') {
      await board().flush();
      // Restarted after D1's commit, before a solve or the alarm saved the watermark: the next flush copies
      // again every solve since the last one saved.
      await runInDurableObject(board(), (instance) => {
        (instance as unknown as { loadMemory(): void }).loadMemory();
      });
    } else {
      await board().flush();
      await moderate(c, puzzleId, arrivals, { db, boards, now });
    }
  }
  await board().flush();
  return { puzzleId, arrivals };
}

describe('random interleavings of submit, repeat, alarm, interrupted flush and moderation on one board', () => {
  it('leave D1 one row per distinct player, one rating game per counted solve, and ranks as arrival order gives', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 24 }), async (commands) => {
        const { puzzleId, arrivals } = await play(commands);
        await expectOneRowAndGameEach(puzzleId, arrivals);
        const counted = arrivals.filter((a) => a.counted);
        // Ranks recomputed from the arrival order: faster first, equal times in order of arrival.
        for (const [i, a] of arrivals.entries()) {
          const ahead = counted.filter(
            (o) => o.countedMs < a.countedMs || (o.countedMs === a.countedMs && arrivals.indexOf(o) < i),
          ).length;
          const standing = await deskOf(puzzleId).standing(puzzleId, a.playerId);
          expect(standing).toMatchObject({ rank: ahead + 1, solvers: counted.length });
        }
        const d1Order = await env.DB.prepare(
          'select player_id from submissions where puzzle_id = ? and counted = 1 order by counted_ms, id',
        )
          .bind(puzzleId)
          .all<{ player_id: string }>();
        const expected = [...counted].sort(
          (x, y) => x.countedMs - y.countedMs || arrivals.indexOf(x) - arrivals.indexOf(y),
        );
        expect(d1Order.results.map((r) => r.player_id)).toEqual(expected.map((a) => a.playerId));
        // A board that never had a solve starts on this call, from D1.
        expect((await deskOf(puzzleId).summary(puzzleId, [])).solvers).toBe(counted.length);
        const rating = await runInDurableObject(deskOf(puzzleId), (_instance, state) =>
          JSON.parse(state.storage.sql.exec<{ rating: string }>('select rating from puzzle').one().rating),
        );
        expect(rating.rating).toBeCloseTo(
          await d1Number('select rating as n from puzzles where id = ?', puzzleId),
          9,
        );
      }),
      { numRuns: 25 },
    );
  });
});
