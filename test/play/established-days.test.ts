import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { Level } from '../../src/contract/kinds/index.js';
import { PlayerProfileSchema } from '../../src/contract/player.js';
import { appAt } from '../support/app.js';
import { seedEstablishedPlayers } from '../support/established.js';
import { bodyOf } from '../support/json.js';
import { solveAtShare } from '../support/paced.js';
import { bearer, later, type NewPlayer, register } from '../support/play.js';

/**
 * "Established" costs days on the server's clock, whatever the puzzles' dates: around 10:00–12:00 UTC three
 * puzzle dates are playable at once, and one visit then must not buy the standing that moves puzzles.
 */
const visit = '2026-11-29T10:30:00Z';
const dates = ['2026-11-28', '2026-11-29', '2026-11-30'] as const;
const levels: readonly Level[] = ['easy', 'medium', 'hard', 'expert'];

/** The first `count` signal puzzles of the three playable dates (dates first), in one visit, at 90 % of their benchmarks. */
async function oneVisit(player: NewPlayer, count = 12): Promise<number> {
  const puzzles = levels.flatMap((level) => dates.map((date) => ({ date, level }))).slice(0, count);
  for (const [i, { date, level }] of puzzles.entries()) {
    const result = await solveAtShare(player, date, 'signal', level, 0.9, later(visit, i * 150));
    expect(result.verdict).toBe('clean');
  }
  return puzzles.length;
}

async function provisional(player: NewPlayer): Promise<boolean | undefined> {
  const me = await bodyOf(
    await appAt('2026-11-29T20:00:00Z')('/v1/players/me', { headers: bearer(player.token) }),
    PlayerProfileSchema,
  );
  return me.ratings.find((r) => r.kind === 'signal')?.provisional;
}

describe('one visit across three playable dates', () => {
  it('leaves a player with 12 clean solves on 3 puzzle dates provisional', async () => {
    const player = await register('2026-11-29T10:00:00Z');
    expect(await oneVisit(player)).toBe(12);
    const counted = await env.DB.prepare(
      'select count(*) as n, count(distinct puzzle_date) as dates from submissions where player_id = ? and counted = 1',
    )
      .bind(player.player.id)
      .first<{ n: number; dates: number }>();
    expect(counted).toEqual({ n: 12, dates: 3 });
    expect(await provisional(player)).toBe(true);
  });

  it("lets 20 accounts of 8 solves on 3 dates in one visit move settled puzzles' ratings by 0 points", async () => {
    const ratings = async () =>
      (
        await env.DB.prepare(
          "select rating, established_games from puzzles where id like '%:signal:%' order by id",
        ).all<{
          rating: number;
          established_games: number;
        }>()
      ).results;
    for (const settler of await seedEstablishedPlayers(8, 'signal', dates[0])) await oneVisit(settler);
    const settled = await ratings();
    expect(settled.filter((p) => p.established_games >= 8)).toHaveLength(12);
    const attackers = await Promise.all(Array.from({ length: 20 }, () => register('2026-11-29T10:00:00Z')));
    for (const attacker of attackers) expect(await oneVisit(attacker, 8)).toBe(8);
    // What stops them is the days of play alone: their deviations already pass the bound.
    const standing = await env.DB.prepare(
      "select max(deviation) as deviation, max(established) as established from player_ratings where kind = 'signal' and player_id in (select value from json_each(?))",
    )
      .bind(JSON.stringify(attackers.map((a) => a.player.id)))
      .first<{ deviation: number; established: number }>();
    expect(standing?.deviation).toBeLessThan(230);
    expect(standing?.established).toBe(0);
    expect(await ratings()).toEqual(settled);
  });
});
