import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../src/db/client.js';
import { playDaysOf, playDaysQuery } from '../../src/db/player-ratings.js';
import { PLAY_DAY_GAP_MS } from '../../src/rating/play-days.js';
import { appAt } from '../support/app.js';
import { register } from '../support/play.js';

const db = createDb(env.DB);
const start = Date.parse('2026-11-20T10:00:00.000Z');
const iso = (ms: number) => new Date(start + ms).toISOString();

/** Signal solves of the player at these times (ms after `start`), counted or not (the query reads only that). */
async function solvesAt(playerId: string, offsets: readonly number[], counted = 1) {
  const statements = offsets.map((offset) =>
    env.DB.prepare(
      `insert into submissions (puzzle_id, puzzle_date, kind, level, player_id, created_at, valid, ranked, counted,
         status, elapsed_ms, counted_ms, benchmark_seconds, score)
       values ('2026-11-29:signal:easy', '2026-11-29', 'signal', 'easy', ?, ?, 1, 0, ?, 'clean', 60000, 60000, 96, 0.7)`,
    ).bind(playerId, iso(offset), counted),
  );
  await env.DB.batch(statements);
}

async function playDays(playerId: string): Promise<string[]> {
  return playDaysOf(await playDaysQuery(db, playerId, 'signal'));
}

describe('days of play, as the database reads them', () => {
  beforeAll(async () => {
    await appAt('2026-11-29T12:00:00Z')('/v1/puzzles/2026-11-29/signal/easy');
  });

  it('starts a day exactly 20 hours after the day before began, not 1 ms sooner', async () => {
    const { player } = await register('2026-11-20T08:00:00Z');
    const gap = PLAY_DAY_GAP_MS;
    await solvesAt(player.id, [0, gap - 1, gap, 2 * gap - 1, 3 * gap - 1, 3 * gap]);
    expect(await playDays(player.id)).toEqual([iso(0), iso(gap), iso(3 * gap - 1)]);
  });

  it('counts only counted solves, and none for a player without any', async () => {
    const { player } = await register('2026-11-20T08:00:00Z');
    expect(await playDays(player.id)).toEqual([]);
    await solvesAt(player.id, [0, PLAY_DAY_GAP_MS], 0);
    expect(await playDays(player.id)).toEqual([]);
  });

  it('reads each day with one search of the play-days index', async () => {
    const query = playDaysQuery(db, 'someone', 'signal').toSQL();
    const plan = await env.DB.prepare(`explain query plan ${query.sql}`)
      .bind(...query.params)
      .all<{ detail: string }>();
    const searches = plan.results.filter((r) => r.detail.includes('submissions_player_play_days'));
    expect(searches.length).toBeGreaterThanOrEqual(3);
    expect(plan.results.some((r) => /SCAN s\b/.test(r.detail))).toBe(false);
  });
});
