import { describe, expect, it } from 'vitest';
import { DEV_SECRETS } from '../../src/config.js';
import { LONG_HISTORY_DAYS } from '../../src/fairplay/long-history.js';
import { adminAt } from '../support/admin-client.js';
import { appAt } from '../support/app.js';
import { daysOfPlayBefore } from '../support/bulk-solves.js';
import { clientAt } from '../support/client.js';
import { later, type NewPlayer, register, solveAs, someAddress } from '../support/play.js';

// Today's boards in the console: the top 10 places with an evidence badge each, held rows included.
const date = '2026-11-29';
const morning = `${date}T07:00:00Z`;
const evening = `${date}T22:00:00Z`;

async function solveIn(player: NewPlayer, seconds: number): Promise<void> {
  const { status } = await solveAs(player.token, {
    date,
    kind: 'sudoku',
    level: 'easy',
    fetchAt: morning,
    submitAt: later(morning, seconds),
  });
  expect(status).toBe(200);
}

describe("a puzzle's top places with their evidence", () => {
  it('badge each row long history, approved or new, and mark the new one held as the public page holds it', async () => {
    const veteran = await register('2026-10-01T08:00:00Z', 'Veteran');
    await daysOfPlayBefore(date, veteran.player.id, LONG_HISTORY_DAYS);
    const vouched = await register(morning, 'Vouched');
    const fresh = await register(morning, 'Fresh');
    await solveIn(fresh, 200);
    await solveIn(veteran, 250);
    await solveIn(vouched, 300);
    await adminAt(evening).approvePlayer(vouched.player.id, 'Checked against tournament results');

    const top = await adminAt(evening).topEvidence(date, 'sudoku', 'easy');
    expect(top.puzzleId).toBe(`${date}:sudoku:easy`);
    expect(top.solvers).toBe(3);
    expect(top.rows.map((r) => [r.rank, r.displayName, r.evidence, r.held])).toEqual([
      [1, 'Fresh', 'new', true],
      [2, 'Veteran', 'long_history', false],
      [3, 'Vouched', 'approved', false],
    ]);
    const board = await clientAt(evening).leaderboard(date, 'sudoku', 'easy');
    expect(board.heldForReview).toBe(1);
    expect(board.entries.map((e) => e.rank)).toEqual(top.rows.filter((r) => !r.held).map((r) => r.rank));
  });

  it('answer an empty board with no rows', async () => {
    const top = await adminAt(evening).topEvidence(date, 'signal', 'hard');
    expect(top).toEqual({ puzzleId: `${date}:signal:hard`, solvers: 0, rows: [] });
  });

  it('refuse a level the kind does not have with 400, and a player token with 401', async () => {
    const res = await appAt(evening)(`/v1/admin/puzzles/${date}/signal/superhard/top`, {
      headers: { Authorization: `Bearer ${DEV_SECRETS.ADMIN_TOKEN}`, ...someAddress() },
    });
    expect(res.status).toBe(400);
    const { token } = await register(morning);
    const asPlayer = await appAt(evening)(`/v1/admin/puzzles/${date}/signal/easy/top`, {
      headers: { Authorization: `Bearer ${token}`, ...someAddress() },
    });
    expect(asPlayer.status).toBe(401);
  });
});
