import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { DEV_SECRETS } from '../../src/config.js';
import { adminAt } from '../support/admin-client.js';
import { appAt } from '../support/app.js';
import { errorOf } from '../support/json.js';
import { forgedSolve, offline, stored } from '../support/paced.js';
import { later, register, solveAs } from '../support/play.js';

/** A moderator's lines and the record pace (Fair play IV, A). */
const date = '2026-11-29';
const morning = `${date}T07:00:00Z`;
const admin = { Authorization: `Bearer ${DEV_SECRETS.ADMIN_TOKEN}`, 'content-type': 'application/json' };

async function lines(kind: string, level: string) {
  return env.DB.prepare(
    'select floor_ratio_set, elite_ratio_set, record_ratio from benchmarks where kind = ? and level = ?',
  )
    .bind(kind, level)
    .first<{ floor_ratio_set: number | null; elite_ratio_set: number | null; record_ratio: number | null }>();
}

describe("a moderator's lines", () => {
  it('take a floor below its cold value, audited with the reason', async () => {
    const set = await adminAt(morning).setLines(
      'loop',
      'medium',
      { floorRatio: 0.01, eliteRatio: 0.02 },
      'Two verified champions',
    );
    expect(set).toMatchObject({ kind: 'loop', level: 'medium', floorRatioSet: 0.01, eliteRatioSet: 0.02 });
    const audit = await adminAt(morning).audit();
    expect(audit.actions[0]).toMatchObject({
      action: 'set_lines',
      target: 'loop:medium',
      reason: 'Two verified champions',
    });
  });

  it('apply to the next solve: one under the cold floor, over the set one, is not held for the floor', async () => {
    await adminAt(morning).setLines('signal', 'hard', { floorRatio: 0.01, eliteRatio: 0.02 }, 'Checked');
    const player = await register(morning);
    const result = await forgedSolve(player, date, 'signal', 'hard', morning);
    expect(result.verdict).toBe('clean');
  });

  it('clear with null, leaving the cold and learnt lines', async () => {
    await adminAt(morning).setLines('pattern', 'easy', { floorRatio: 0.02, eliteRatio: null }, 'Try');
    await adminAt(morning).setLines('pattern', 'easy', { floorRatio: null, eliteRatio: null }, 'Undo');
    expect(await lines('pattern', 'easy')).toMatchObject({ floor_ratio_set: null, elite_ratio_set: null });
  });

  it('are refused for a ratio that is not a positive number, a missing reason or an unknown level, and change nothing', async () => {
    const put = (path: string, body: unknown) =>
      appAt(morning)(`/v1/admin/lines/${path}`, {
        method: 'PUT',
        headers: admin,
        body: JSON.stringify(body),
      });
    for (const [path, body] of [
      ['sudoku/easy', { floorRatio: -1, eliteRatio: null, reason: 'Negative' }],
      ['sudoku/easy', { floorRatio: 0, eliteRatio: null, reason: 'Zero' }],
      ['sudoku/easy', { floorRatio: 0.1, eliteRatio: null }],
      ['sudoku/ultra', { floorRatio: 0.1, eliteRatio: null, reason: 'No such level' }],
    ] as const) {
      const res = await put(path, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(res)).error.code).toBeDefined();
    }
    expect(await lines('sudoku', 'easy')).toMatchObject({ floor_ratio_set: null, elite_ratio_set: null });
  });

  it('answer 404 for a level of another kind (sudoku has no superhard), and change nothing', async () => {
    const res = await appAt(morning)('/v1/admin/lines/sudoku/superhard', {
      method: 'PUT',
      headers: admin,
      body: JSON.stringify({ floorRatio: 0.1, eliteRatio: null, reason: 'Wrong kind' }),
    });
    expect(res.status).toBe(404);
  });

  it('are refused without the admin token', async () => {
    const player = await register(morning);
    const res = await appAt(morning)('/v1/admin/lines/sudoku/easy', {
      method: 'PUT',
      headers: { Authorization: `Bearer ${player.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ floorRatio: 0.01, eliteRatio: null, reason: 'Sneaky' }),
    });
    expect(res.status).toBe(401);
    expect(await lines('sudoku', 'easy')).toMatchObject({ floor_ratio_set: null });
  });
});

describe('the record pace', () => {
  it("is lowered to a vouched player's fastest counted pace", async () => {
    const player = await register(morning);
    const row = await stored(date, 'sudoku', 'medium', morning);
    const seconds = Math.round(0.3 * row.benchmark_seconds);
    const { body } = await solveAs(player.token, {
      date,
      kind: 'sudoku',
      level: 'medium',
      fetchAt: morning,
      submitAt: later(morning, seconds),
    });
    expect(body).toMatchObject({ verdict: 'clean' });
    expect((await lines('sudoku', 'medium'))?.record_ratio).toBeNull();
    await adminAt(morning).approvePlayer(player.player.id, 'Known solver');
    expect((await lines('sudoku', 'medium'))?.record_ratio).toBeCloseTo(seconds / row.benchmark_seconds, 2);
  });

  it('is lowered by an approved solve, and makes a faster unvouched solve hug the floor', async () => {
    const fast = await register(morning);
    const row = await stored(date, 'loop', 'hard', morning);
    const { floorMs } = offline('loop', 'hard', row);
    const held = await forgedSolve(fast, date, 'loop', 'hard', morning);
    expect(held.verdict).not.toBe('clean');
    const id = await env.DB.prepare('select id from submissions where player_id = ? and ranked = 1')
      .bind(fast.player.id)
      .first<{ id: number }>();
    await adminAt(morning).approve(id?.id ?? 0, 'A person');
    const record = (await lines('loop', 'hard'))?.record_ratio ?? 0;
    expect(record * row.benchmark_seconds * 1000).toBeCloseTo(floorMs + 40, -2);
  });

  it('cannot be set by approving a player twice: 409', async () => {
    const player = await register(morning);
    await adminAt(morning).approvePlayer(player.player.id, 'Known');
    const res = await appAt(morning)(`/v1/admin/players/${player.player.id}/approve`, {
      method: 'POST',
      headers: admin,
      body: JSON.stringify({ reason: 'Again' }),
    });
    expect(res.status).toBe(409);
  });
});
