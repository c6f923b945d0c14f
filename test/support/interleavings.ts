/**
 * The model both interleaving properties (test/live/interleavings, sharded-interleavings) check a live
 * puzzle against: each player's first arrival, in arrival order, with whether it counts after moderation.
 */
import { env } from 'cloudflare:test';
import fc from 'fast-check';
import { expect } from 'vitest';
import type { Db } from '../../src/db/client.js';
import { TOKEN_OWNER } from '../../src/db/moderators.js';
import type { LiveDesks } from '../../src/live/desks.js';
import type { BoardAnswer } from '../../src/live/puzzle-desk.js';
import { approveSolve, voidSolve } from '../../src/play/moderate.js';
import { d1Number } from './live.js';

/** A first arrival on a board. */
export interface Arrival {
  playerId: string;
  countedMs: number;
  counted: boolean;
}

export interface SubmitCommand {
  op: 'submit';
  player: number;
  seconds: number;
  held: boolean;
}

export interface ModerationCommand {
  op: 'void' | 'approve';
  pick: number;
}

/** A submission by one of `players` players at one of a few whole seconds from 100: repeats and ties are common. */
export function submitCommand(players: number, lastSecond: number): fc.Arbitrary<SubmitCommand> {
  return fc.record({
    op: fc.constant('submit' as const),
    player: fc.nat(players - 1),
    seconds: fc.integer({ min: 100, max: lastSecond }),
    held: fc.boolean(),
  });
}

/** A moderator's void of a counted solve or approval of a pending one, picked among the puzzle's rows. */
export const moderationCommands: fc.WeightedArbitrary<ModerationCommand>[] = (
  ['void', 'approve'] as const
).map((op) => ({ weight: 1, arbitrary: fc.record({ op: fc.constant(op), pick: fc.nat(20) }) }));

/** Checks a board's answer against the model and records a first arrival. */
export function recordAnswer(
  arrivals: Arrival[],
  playerId: string,
  c: SubmitCommand,
  answer: BoardAnswer,
): void {
  const known = arrivals.find((a) => a.playerId === playerId);
  expect(answer.repeated).toBe(known !== undefined);
  if (!known) arrivals.push({ playerId, countedMs: c.seconds * 1000, counted: !c.held });
  else expect(answer.solve.countedMs).toBe(known.countedMs);
}

/** Runs a moderation command on the puzzle's D1 rows (after its boards flushed) and follows it in the model. */
export async function moderate(
  c: ModerationCommand,
  puzzleId: string,
  arrivals: Arrival[],
  on: { db: Db; boards: LiveDesks; now: Date },
): Promise<void> {
  const row = await pickRow(puzzleId, c.op === 'void' ? 'counted = 1' : "status = 'pending'", c.pick);
  if (!row) return;
  const outcome =
    c.op === 'void'
      ? await voidSolve(on.db, row.id, TOKEN_OWNER, 'test', on.now, on.boards)
      : await approveSolve(on.db, row.id, TOKEN_OWNER, 'test', on.now, on.boards);
  expect(outcome.ok).toBe(true);
  const arrival = arrivals.find((a) => a.playerId === row.player_id);
  if (arrival) arrival.counted = c.op === 'approve';
}

/** D1 holds one row per distinct player and one rating game per counted solve, for the puzzle and each player. */
export async function expectOneRowAndGameEach(puzzleId: string, arrivals: readonly Arrival[]): Promise<void> {
  const rows = 'select count(*) as n from submissions where puzzle_id = ?';
  expect(await d1Number(rows, puzzleId)).toBe(arrivals.length);
  const distinct = 'select count(distinct player_id) as n from submissions where puzzle_id = ?';
  expect(await d1Number(distinct, puzzleId)).toBe(arrivals.length);
  const counted = arrivals.filter((a) => a.counted);
  expect(await d1Number('select games as n from puzzles where id = ?', puzzleId)).toBe(counted.length);
  for (const a of arrivals) {
    const games = 'select games as n from player_ratings where player_id = ?';
    expect(await d1Number(games, a.playerId)).toBe(a.counted ? 1 : 0);
  }
}

/** One D1 row of the puzzle, picked by `pick` among those `where` selects (null when none). */
async function pickRow(puzzleId: string, where: string, pick: number) {
  const rows = await env.DB.prepare(
    `select id, player_id from submissions where puzzle_id = ? and ${where} order by id`,
  )
    .bind(puzzleId)
    .all<{ id: number; player_id: string }>();
  return rows.results.length === 0 ? null : (rows.results[pick % rows.results.length] ?? null);
}
