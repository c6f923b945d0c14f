import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { PuzzleBoardSchema } from '../../src/contract/leaderboards.js';
import { LONG_HISTORY_DAYS } from '../../src/fairplay/long-history.js';
import { adminAt } from '../support/admin-client.js';
import { appAt } from '../support/app.js';
import { bulkSolves, daysOfPlayBefore } from '../support/bulk-solves.js';
import { clientAt } from '../support/client.js';
import { seedEstablishedPlayers } from '../support/established.js';
import { bodyOf } from '../support/json.js';
import { later, type NewPlayer, type ResultJson, register, solveAs } from '../support/play.js';

/** The top 10 rows of everyone's boards show only players with the evidence for them (Fair play IV, C). */
const date = '2026-11-29';
const morning = `${date}T07:00:00Z`;
const evening = `${date}T22:00:00Z`;

async function solveIn(
  player: NewPlayer,
  seconds: number,
  level: 'easy' | 'medium' | 'expert' = 'easy',
  at = morning,
) {
  const { status, body } = await solveAs(player.token, {
    date,
    kind: 'sudoku',
    level,
    fetchAt: at,
    submitAt: later(at, seconds),
  });
  expect(status).toBe(200);
  return body as ResultJson;
}

/** A counted solve on each of `days` dates ending the day before `date`, written straight into D1. */
const board = (token?: string) =>
  clientAt(evening, token === undefined ? {} : { token }).leaderboard(date, 'sudoku', 'easy');

describe("everyone's board's top rows", () => {
  it('hold back a fast new account: its row is counted in heldForReview and missing from the top, the ranks below stay exact', async () => {
    const fresh = await register(morning, 'Fresh');
    const result = await solveIn(fresh, 300);
    expect(result.verdict).toBe('clean');
    expect(result.rank).toBe(1);
    const page = await board();
    expect(page.heldForReview).toBe(1);
    expect(page.entries.map((e) => e.playerId)).not.toContain(fresh.player.id);
    expect(page.solvers).toBe(1);
  });

  it('keep the held player’s exact rank in its own answer', async () => {
    const fresh = await register(morning);
    await solveIn(fresh, 200, 'medium');
    const mine = await clientAt(evening, { token: fresh.token }).leaderboard(date, 'sudoku', 'medium');
    expect(mine.me?.rank).toBe(1);
    expect(mine.entries.map((e) => e.playerId)).not.toContain(fresh.player.id);
    expect(mine.heldForReview).toBe(1);
  });

  it(`show a player with ${LONG_HISTORY_DAYS} days of play, the first ${LONG_HISTORY_DAYS - 1} days ago`, async () => {
    const veteran = await register('2026-10-01T08:00:00Z', 'Veteran');
    await daysOfPlayBefore(date, veteran.player.id, LONG_HISTORY_DAYS - 1);
    await solveIn(veteran, 250);
    const page = await board();
    expect(page.entries.find((e) => e.playerId === veteran.player.id)?.rank).toBe(1);
  });

  it(`hold back a player with ${LONG_HISTORY_DAYS - 1} days of play`, async () => {
    const almost = await register('2026-10-01T08:00:00Z');
    await daysOfPlayBefore(date, almost.player.id, LONG_HISTORY_DAYS - 2);
    await solveIn(almost, 100);
    const page = await board();
    expect(page.entries.map((e) => e.playerId)).not.toContain(almost.player.id);
  });

  it('show a player a moderator vouched for, and list the others for review until then', async () => {
    const fast = await register(morning, 'Fast');
    await solveIn(fast, 90);
    const queued = await adminAt(evening).heldTopRows();
    const row = queued.rows.find((r) => r.playerId === fast.player.id);
    expect(row).toMatchObject({ puzzleId: `${date}:sudoku:easy`, rank: 1 });
    await adminAt(evening).approvePlayer(fast.player.id, 'Checked against tournament results');
    const page = await board();
    expect(page.entries[0]?.playerId).toBe(fast.player.id);
    expect((await adminAt(evening).heldTopRows()).rows.map((r) => r.playerId)).not.toContain(fast.player.id);
  });

  it('hold back a fast new account on a page after a cursor that still reaches into the top', async () => {
    const veteran = await register('2026-10-01T08:00:00Z');
    await daysOfPlayBefore(date, veteran.player.id, LONG_HISTORY_DAYS - 1);
    await solveIn(veteran, 300, 'expert');
    const fresh = await register(morning);
    await solveIn(fresh, 400, 'expert');
    const page = async (query: string) => {
      const res = await appAt(evening)(`/v1/leaderboards/${date}/sudoku/expert?limit=1${query}`);
      return bodyOf(res, PuzzleBoardSchema);
    };
    const first = await page('');
    expect(first.entries.map((e) => [e.rank, e.playerId])).toEqual([[1, veteran.player.id]]);
    const second = await page(`&cursor=${encodeURIComponent(first.nextCursor ?? '')}`);
    expect(second.entries).toEqual([]);
    expect(second.heldForReview).toBe(1);
  });

  it('leave a friends’ board as it was: nothing is held among people one follows', async () => {
    const friend = await register(morning);
    await solveIn(friend, 80);
    const viewer = await register(morning);
    await clientAt(morning, { token: viewer.token }).follow(friend.player.id);
    const page = await clientAt(evening, { token: viewer.token }).leaderboard(date, 'sudoku', 'easy', {
      scope: 'following',
    });
    expect(page.heldForReview).toBe(0);
    expect(page.entries.map((e) => e.playerId)).toContain(friend.player.id);
  });

  it('hold back a fast new account on the daily board of its date', async () => {
    // A date no other test plays: begun in Kiritimati at 10:00 UTC the day before.
    const other = '2026-11-30';
    const fresh = await register(`${date}T12:00:00Z`);
    const { status } = await solveAs(fresh.token, {
      date: other,
      kind: 'signal',
      level: 'easy',
      fetchAt: `${date}T12:00:00Z`,
      submitAt: `${date}T12:05:00Z`,
    });
    expect(status).toBe(200);
    const daily = await clientAt(evening).dailyLeaderboard(other);
    expect(daily.players).toBe(1);
    expect(daily.heldForReview).toBe(1);
    expect(daily.entries).toEqual([]);
  });

  it('hold back an established player without a long history on the rating board', async () => {
    const [established] = await seedEstablishedPlayers(1, 'loop', date);
    if (!established) throw new Error('no player');
    const ratings = await clientAt(evening).ratingLeaderboard('loop');
    expect(ratings.heldForReview).toBe(1);
    expect(ratings.entries.map((e) => e.playerId)).not.toContain(established.player.id);
    const own = await clientAt(evening, { token: established.token }).ratingLeaderboard('loop');
    expect(own.me?.rank).toBe(1);
  });
});

describe('a young site', () => {
  it('asks for half its age in days of play: ten days after FIRST_DAY, five days of play', async () => {
    const young = { ...env, FIRST_DAY: '2026-11-19' };
    const player = await register('2026-11-20T08:00:00Z');
    for (const day of ['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24']) {
      await bulkSolves(day, 'sudoku', 'hard', 900, [{ player: player.player.id, seconds: 800 }]);
    }
    expect((await solveIn(player, 400)).verdict).toBe('clean');
    const shown = async (bindings: Cloudflare.Env) => {
      const res = await appAt(evening, bindings)(`/v1/leaderboards/${date}/sudoku/easy`);
      return (await bodyOf(res, PuzzleBoardSchema)).entries.map((e) => e.playerId);
    };
    expect(await shown(young)).toContain(player.player.id);
    expect(await shown(env)).not.toContain(player.player.id);
  });
});
