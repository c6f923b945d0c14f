import { beforeAll, describe, expect, it } from 'vitest';
import type { ReviewItem } from '../../src/contract/review-queue.js';
import { LONG_HISTORY_DAYS } from '../../src/fairplay/long-history.js';
import { adminAt } from '../support/admin-client.js';
import { daysOfPlayBefore } from '../support/bulk-solves.js';
import { flaggedSolve } from '../support/held.js';
import { forgedSolve } from '../support/paced.js';
import { later, type NewPlayer, register, solveAs } from '../support/play.js';

const date = '2026-11-29';
const morning = `${date}T07:00:00Z`;
const evening = `${date}T22:00:00Z`;

async function solveIn(
  player: NewPlayer,
  seconds: number,
  kind: 'signal' | 'sudoku' = 'signal',
  level: 'easy' | 'medium' = 'easy',
): Promise<void> {
  const { status } = await solveAs(player.token, {
    date,
    kind,
    level,
    fetchAt: morning,
    submitAt: later(morning, seconds),
  });
  expect(status).toBe(200);
}

function summary(item: ReviewItem) {
  if (item.type === 'solve') return [item.type, item.places, item.solve.player.displayName];
  if (item.type === 'top') return [item.type, item.places, item.row.displayName];
  return [item.type, item.places, item.suspect.player.displayName, item.puzzleId];
}

describe('the review queue', () => {
  const players: Record<string, NewPlayer> = {};

  beforeAll(async () => {
    // Three veterans with a long history solve signal easy slowly, and two of them sudoku medium.
    for (const name of ['Vera', 'Vic', 'Val']) {
      const veteran = await register('2026-10-01T08:00:00Z', name);
      await daysOfPlayBefore(date, veteran.player.id, LONG_HISTORY_DAYS);
      players[name] = veteran;
    }
    for (const [i, name] of ['Vera', 'Vic', 'Val'].entries())
      await solveIn(players[name] as NewPlayer, 400 + i * 10);
    for (const [i, name] of ['Vera', 'Vic'].entries())
      await solveIn(players[name] as NewPlayer, 1500 + i * 100, 'sudoku', 'medium');
    // A new player, clean and faster than all three on signal: counted, held back from the top 10.
    players.Fresh = await register(morning, 'Fresh');
    await solveIn(players.Fresh, 300);
    // A script's solve of the same puzzle: flagged, it would go ahead of all four.
    players.Script = await register(morning, 'Script');
    await flaggedSolve(players.Script, date, 'signal', 'easy', '2026-11-29T08:00:00Z');
    // A forged-log bot hugging the floor on sudoku: listed as a suspect, its solves held. A moderator
    // approved its medium solve before it was listed, so it holds the two veterans' places there.
    players.Bot = await register(morning, 'Bot');
    for (const [level, hour] of [
      ['medium', '08'],
      ['hard', '09'],
      ['expert', '10'],
    ] as const) {
      await forgedSolve(players.Bot, date, 'sudoku', level, `${date}T${hour}:00:00Z`);
    }
    const { flags } = await adminAt(evening).flags();
    const medium = flags.find((f) => f.player.displayName === 'Bot' && f.level === 'medium');
    if (!medium) throw new Error('the bot has no held medium solve');
    await adminAt(evening).approve(medium.submissionId, 'Looked human at first');
  });

  it('lists held solves, rows held from a top 10 and suspects in one list, the most places at stake first', async () => {
    const { items, heldSolvesTruncated } = await adminAt(evening).reviewQueue();
    expect(heldSolvesTruncated).toBe(false);
    expect(items.map(summary)).toEqual([
      ['solve', 4, 'Script'],
      ['top', 3, 'Fresh'],
      ['suspect', 2, 'Bot', `${date}:sudoku:medium`],
      ['solve', 0, 'Bot'],
      ['solve', 0, 'Bot'],
    ]);
  });

  it('carries with each item the evidence its own list gives', async () => {
    const { items } = await adminAt(evening).reviewQueue();
    const [solve, top, suspect] = items;
    expect(solve?.type === 'solve' && solve.solve.verdict).toBe('flagged');
    expect(top?.type === 'top' && top.row).toMatchObject({ puzzleId: `${date}:signal:easy`, rank: 1 });
    expect(suspect?.type === 'suspect' && suspect.suspect.floorHugs).toBe(3);
  });

  it('lets each item go once judged: a void, a vouch, a clear', async () => {
    const admin = adminAt(evening);
    const { items } = await admin.reviewQueue();
    const script = items.find((i) => i.type === 'solve' && i.solve.player.displayName === 'Script');
    if (script?.type !== 'solve') throw new Error('no Script solve');
    await admin.voidSubmission(script.solve.submissionId, 'A script: 60 ms between moves');
    await admin.approvePlayer((players.Fresh as NewPlayer).player.id, 'Known club player');
    await admin.clearSuspect((players.Bot as NewPlayer).player.id, 'Checked: a fast solver');
    const after = (await admin.reviewQueue()).items.map(summary);
    expect(after.map(([type, , name]) => [type, name])).toEqual([
      ['solve', 'Bot'],
      ['solve', 'Bot'],
    ]);
  });
});
