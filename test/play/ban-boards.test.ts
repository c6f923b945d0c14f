import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEV_SECRETS } from '../../src/config.js';
import { DailyBoardSchema, PuzzleBoardSchema, PuzzleStatsSchema } from '../../src/contract/leaderboards.js';
import { appAt } from '../support/app.js';
import { bodyOf } from '../support/json.js';
import { bearer, type NewPlayer, register, solveAs, vouch } from '../support/play.js';

/**
 * A ban keeps a player off the boards by two rules, each proved alone here: the ban marks the player
 * (`banned_at`), which no board shows to anyone but itself, and it uncounts the player's solves, which no
 * figure counts. The first test records a ban without the second rule, the second through the admin route.
 */
const date = '2026-11-26';
const at = `${date}T18:00:00Z`;
const api = appAt(at);

async function boardIds(url: string, viewer?: NewPlayer): Promise<string[]> {
  const res = await api(url, viewer ? { headers: bearer(viewer.token) } : {});
  expect(res.status, url).toBe(200);
  return (await bodyOf(res, z.union([PuzzleBoardSchema, DailyBoardSchema]))).entries.map((e) => e.playerId);
}

async function solvedByTwo(level: 'easy' | 'medium'): Promise<[NewPlayer, NewPlayer]> {
  const cheat = await register(`${date}T08:00:00Z`);
  const honest = await register(`${date}T08:00:00Z`);
  // The ban is what keeps the cheat off the boards here, not the top's evidence rule (board-top.test.ts).
  await vouch(cheat, honest);
  for (const [player, minutes] of [
    [cheat, 10],
    [honest, 14],
  ] as const) {
    const fetchAt = `${date}T09:00:00Z`;
    const submitAt = new Date(Date.parse(fetchAt) + minutes * 60_000).toISOString();
    const res = await solveAs(player.token, { date, kind: 'loop', level, fetchAt, submitAt });
    expect(res.status).toBe(200);
  }
  return [cheat, honest];
}

describe('a banned player on the boards', () => {
  it('is on neither the puzzle board nor the day’s, for anyone else, from the moment its ban is recorded', async () => {
    const [cheat, honest] = await solvedByTwo('easy');
    const puzzleBoard = `/v1/leaderboards/${date}/loop/easy`;
    const dailyBoard = `/v1/leaderboards/${date}/daily`;
    expect(await boardIds(puzzleBoard)).toEqual([cheat.player.id, honest.player.id]);
    // Only the mark, as a ban whose uncounting has not run: the boards must still leave the player out.
    await env.DB.prepare('update players set banned_at = ? where id = ?').bind(at, cheat.player.id).run();
    for (const url of [puzzleBoard, dailyBoard]) {
      expect(await boardIds(url), url).not.toContain(cheat.player.id);
      expect(await boardIds(url, honest), url).not.toContain(cheat.player.id);
      expect(await boardIds(url), url).toContain(honest.player.id);
    }
  });

  it('counts in no figure once banned through the admin route: the solvers, the median and the day’s players', async () => {
    const [cheat, honest] = await solvedByTwo('medium');
    const stats = async () =>
      await bodyOf(await api(`/v1/puzzles/${date}/loop/medium/stats`), PuzzleStatsSchema);
    const dayPlayers = async () =>
      (await bodyOf(await api(`/v1/leaderboards/${date}/daily`), DailyBoardSchema)).players;
    expect((await stats()).solvers).toBe(2);
    const playersBefore = await dayPlayers();
    const ban = await api(`/v1/admin/players/${cheat.player.id}/ban`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${DEV_SECRETS.ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'a script' }),
    });
    expect(ban.status).toBe(200);
    expect(await stats()).toMatchObject({ solvers: 1, medianMs: 14 * 60_000 });
    expect(await dayPlayers()).toBe(playersBefore - 1);
    const counted = await env.DB.prepare('select player_id, counted from submissions where puzzle_id = ?')
      .bind(`${date}:loop:medium`)
      .all<{ player_id: string; counted: number }>();
    expect(Object.fromEntries(counted.results.map((r) => [r.player_id, r.counted]))).toEqual({
      [cheat.player.id]: 0,
      [honest.player.id]: 1,
    });
  });
});
