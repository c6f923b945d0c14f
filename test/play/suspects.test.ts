import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { DEV_SECRETS } from '../../src/config.js';
import { AuditPageSchema, SuspectsSchema } from '../../src/contract/admin.js';
import { appAt } from '../support/app.js';
import { bodyOf, errorOf } from '../support/json.js';
import { forgedSolve, solveAtShare } from '../support/paced.js';
import { later, type NewPlayer, register } from '../support/play.js';

/** Players whose pace gives them away are listed for moderators, and stay pending while listed. */
const date = '2026-11-29';
const morning = '2026-11-29T07:00:00Z';
const evening = '2026-11-29T22:00:00Z';
const admin = { Authorization: `Bearer ${DEV_SECRETS.ADMIN_TOKEN}`, 'content-type': 'application/json' };

interface SuspectsJson {
  since: string;
  suspects: {
    player: { id: string; clearedAt: string | null };
    floorHugs: number;
    earlyEliteKinds: string[];
    solves: { submissionId: number; kind: string; hugsFloor: boolean; earlyElite: boolean }[];
  }[];
}

async function suspects(at = evening): Promise<SuspectsJson> {
  const res = await appAt(at)('/v1/admin/suspects', { headers: admin });
  expect(res.status).toBe(200);
  return await bodyOf(res, SuspectsSchema);
}

function listed(list: SuspectsJson, player: NewPlayer) {
  return list.suspects.find((s) => s.player.id === player.player.id);
}

async function flagsOf(player: NewPlayer, puzzleId: string): Promise<string[]> {
  const row = await env.DB.prepare(
    'select flags from submissions where player_id = ? and puzzle_id = ? and ranked = 1',
  )
    .bind(player.player.id, puzzleId)
    .first<{ flags: string | null }>();
  return JSON.parse(row?.flags ?? '[]') as string[];
}

describe('the suspects list', () => {
  it('lists a fresh account whose solves hug the floor, with the solves as evidence', async () => {
    const bot = await register(morning);
    await forgedSolve(bot, date, 'sudoku', 'medium', '2026-11-29T08:00:00Z');
    expect(listed(await suspects(), bot)).toBeUndefined();
    await forgedSolve(bot, date, 'sudoku', 'hard', '2026-11-29T09:00:00Z');
    await forgedSolve(bot, date, 'sudoku', 'expert', '2026-11-29T10:00:00Z');
    const entry = listed(await suspects(), bot);
    expect(entry).toMatchObject({ floorHugs: 3, earlyEliteKinds: ['sudoku'] });
    expect(entry?.solves).toHaveLength(3);
    expect(entry?.solves.every((s) => s.hugsFloor && s.kind === 'sudoku')).toBe(true);
  });

  it('lists an account elite in two kinds from a short history, and holds its next elite solve as a suspect', async () => {
    const player = await register(morning);
    const first = await solveAtShare(player, date, 'signal', 'easy', 0.15, '2026-11-29T08:00:00Z');
    expect(first.verdict).toBe('pending');
    expect(await flagsOf(player, `${date}:signal:easy`)).toEqual(['pace_unproven']);
    await solveAtShare(player, date, 'sudoku', 'easy', 0.15, '2026-11-29T09:00:00Z');
    expect(await flagsOf(player, `${date}:sudoku:easy`)).toEqual(['pace_unproven', 'suspect_player']);
    expect(listed(await suspects(), player)).toMatchObject({
      floorHugs: 0,
      earlyEliteKinds: ['signal', 'sudoku'],
    });
  });

  it('takes a cleared player off the list, audits the clear, and counts only its later solves', async () => {
    const bot = await register(morning);
    for (const [i, level] of (['easy', 'medium', 'hard'] as const).entries())
      await forgedSolve(bot, date, 'loop', level, later('2026-11-29T08:00:00Z', i * 3600));
    expect(listed(await suspects('2026-11-29T12:00:00Z'), bot)).toBeDefined();
    const cleared = await appAt('2026-11-29T12:00:00Z')(`/v1/admin/players/${bot.player.id}/clear`, {
      method: 'POST',
      headers: admin,
      body: JSON.stringify({ reason: 'A known speed solver' }),
    });
    expect(cleared.status).toBe(200);
    expect(await cleared.json()).toEqual({ playerId: bot.player.id, clearedAt: '2026-11-29T12:00:00.000Z' });
    expect(listed(await suspects('2026-11-29T12:00:01Z'), bot)).toBeUndefined();
    const audit = await bodyOf(await appAt(evening)('/v1/admin/audit', { headers: admin }), AuditPageSchema);
    expect(audit.actions[0]).toMatchObject({
      action: 'clear',
      target: bot.player.id,
      reason: 'A known speed solver',
    });
    await forgedSolve(bot, date, 'loop', 'expert', '2026-11-29T13:00:00Z');
    expect(await flagsOf(bot, `${date}:loop:expert`)).toEqual(['pace_unproven']);
    expect(listed(await suspects(), bot)).toBeUndefined();
  });

  it('answers 404 for clearing an unknown player, 400 without a reason and 401 without the admin token', async () => {
    const api = appAt(evening);
    const unknown = await api('/v1/admin/players/2f1c6e0a-7d43-4c55-9a8e-3c0b9b7f2d11/clear', {
      method: 'POST',
      headers: admin,
      body: JSON.stringify({ reason: 'checked' }),
    });
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).error.code).toBe('not_found');
    const player = await register(morning);
    const bare = await api(`/v1/admin/players/${player.player.id}/clear`, {
      method: 'POST',
      headers: admin,
      body: '{}',
    });
    expect(bare.status).toBe(400);
    expect((await api('/v1/admin/suspects')).status).toBe(401);
  });
});
