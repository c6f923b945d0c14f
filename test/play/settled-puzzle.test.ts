import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../src/db/client.js';
import { catchUpPuzzleRatings } from '../../src/play/catch-up-puzzle-ratings.js';
import { PUZZLE_ESTABLISHED_GAMES, SETTLED_MOVE_BUDGET } from '../../src/rating/standing.js';
import { seedEstablishedPlayers } from '../support/established.js';
import { stored } from '../support/paced.js';
import { later, type NewPlayer, type ResultJson, solveAs } from '../support/play.js';

/** Fair play IV, E: a slow crowd of aged accounts cannot pump a settled puzzle's rating. */
const date = '2026-11-29';

async function puzzleRating(level: string) {
  await catchUpPuzzleRatings(createDb(env.DB));
  const row = await env.DB.prepare('select rating, established_games from puzzles where id = ?')
    .bind(`${date}:signal:${level}`)
    .first<{ rating: number; established_games: number }>();
  if (!row) throw new Error('no puzzle');
  return row;
}

async function solveAll(players: readonly NewPlayer[], level: 'medium' | 'hard', share: number, at: string) {
  const benchmark = (await stored(date, 'signal', level, at)).benchmark_seconds;
  for (const [i, p] of players.entries()) {
    const fetchAt = later(at, i * 60);
    const { body } = await solveAs(p.token, {
      date,
      kind: 'signal',
      level,
      fetchAt,
      submitAt: later(fetchAt, Math.round(share * benchmark)),
    });
    expect((body as ResultJson).verdict).toBe('clean');
  }
}

describe('a settled puzzle', { timeout: 300_000 }, () => {
  it(`moves by at most 2 % when 20 aged accounts solve it at 3× its benchmark (at most ${SETTLED_MOVE_BUDGET} points)`, async () => {
    const players = await seedEstablishedPlayers(PUZZLE_ESTABLISHED_GAMES + 20, 'signal', date);
    await solveAll(players.slice(0, PUZZLE_ESTABLISHED_GAMES), 'medium', 1, `${date}T08:00:00Z`);
    const settled = await puzzleRating('medium');
    expect(settled.established_games).toBe(PUZZLE_ESTABLISHED_GAMES);
    await solveAll(players.slice(PUZZLE_ESTABLISHED_GAMES), 'medium', 3, `${date}T12:00:00Z`);
    const after = await puzzleRating('medium');
    expect(after.established_games).toBe(PUZZLE_ESTABLISHED_GAMES + 20);
    const moved = Math.abs(after.rating - settled.rating);
    expect(moved).toBeGreaterThan(0);
    expect(moved).toBeLessThanOrEqual(SETTLED_MOVE_BUDGET);
    expect(moved / settled.rating).toBeLessThanOrEqual(0.02);
  });

  it('is not moved at all by aged accounts idling at 6× its benchmark, outside the plausible band', async () => {
    const players = await seedEstablishedPlayers(5, 'signal', date);
    await solveAll(players, 'hard', 6, `${date}T09:00:00Z`);
    expect(await puzzleRating('hard')).toMatchObject({ rating: 1500, established_games: 0 });
  });
});
