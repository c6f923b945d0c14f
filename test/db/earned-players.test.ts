import { env } from 'cloudflare:test';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../src/db/client.js';
import { earnedPlayers } from '../../src/db/earned-players.js';
import { LONG_HISTORY_DAYS, longHistoryBar } from '../../src/fairplay/long-history.js';
import { bulkSolves } from '../support/bulk-solves.js';

/** Who has the evidence for a board's top rows: every honest player with 20 days of play, nobody with 19. */
const now = new Date('2026-11-30T20:00:00Z');
const bar = longHistoryBar('2026-01-01', now);

function dateBefore(days: number): string {
  return new Date(now.getTime() - days * 86_400_000).toISOString().slice(0, 10);
}

/** The player's counted solves on the given days before now (one each, at a time of day of its own). */
async function playedOn(player: string, daysAgo: readonly number[]) {
  for (const days of daysAgo) {
    await bulkSolves(dateBefore(days), 'loop', 'easy', 120, [{ player, seconds: 100 }]);
  }
}

describe('earned players', () => {
  it('asks for 20 days of play on a site older than 40 days', () => {
    expect(bar.days).toBe(LONG_HISTORY_DAYS);
  });

  it('include every player with 20 or more days of play, however they are spread over the last 90 days', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.integer({ min: 1, max: 90 }), { minLength: 20, maxLength: 40 }),
        async (days) => {
          const player = `honest-${n++}`;
          await playedOn(player, days);
          expect((await earnedPlayers(createDb(env.DB), [player], bar)).has(player)).toBe(true);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('leave out every player with 19 days of play or fewer', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.integer({ min: 1, max: 90 }), { minLength: 1, maxLength: 19 }),
        async (days) => {
          const player = `short-${n++}`;
          await playedOn(player, days);
          expect((await earnedPlayers(createDb(env.DB), [player], bar)).has(player)).toBe(false);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('leave out a banned player, and include a vouched one with no history at all', async () => {
    const days = Array.from({ length: 25 }, (_, i) => i + 1);
    await playedOn('banned', days);
    await env.DB.prepare("update players set banned_at = '2026-11-30T00:00:00Z' where id = 'banned'").run();
    await env.DB.prepare("insert into players (id, created_at, approved_at) values ('vouched', ?, ?)")
      .bind(now.toISOString(), now.toISOString())
      .run();
    const earned = await earnedPlayers(createDb(env.DB), ['banned', 'vouched'], bar);
    expect([...earned]).toEqual(['vouched']);
  });
});
