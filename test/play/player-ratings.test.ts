import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { newRating } from '../../src/rating/glicko2.js';
import { applyPlayerGames } from '../../src/rating/weighted-games.js';
import { type ResultJson, register, solveStored, startPuzzle, submit } from '../support/play.js';

const levels = ['easy', 'medium', 'hard', 'expert'] as const;

describe("a player's rating of a kind", () => {
  it('equals the sequential replay of all 8 games after 8 concurrent solves of that kind', async () => {
    const { player, token } = await register('2026-11-28T08:00:00Z');
    const puzzles = ['2026-11-28', '2026-11-29'].flatMap((date) => levels.map((level) => ({ date, level })));
    for (const { date, level } of puzzles)
      await startPuzzle('2026-11-29T08:00:00Z', token, date, 'signal', level);
    const solutions = await Promise.all(puzzles.map(({ date, level }) => solveStored(date, 'signal', level)));
    const results = await Promise.all(
      puzzles.map(({ date, level }, i) =>
        submit(`2026-11-29T08:1${i}:00Z`, token, `${date}/signal/${level}`, { solution: solutions[i] }).then(
          (r) => r.json() as Promise<ResultJson>,
        ),
      ),
    );
    expect(results.every((r) => r.verdict === 'clean')).toBe(true);

    const { results: games } = await env.DB.prepare(
      `select id, score, opponent_rating, opponent_deviation, player_weight, rating_after from submissions
       where player_id = ? and kind = 'signal' and counted = 1 order by id`,
    )
      .bind(player.id)
      .all<{
        id: number;
        score: number;
        opponent_rating: number;
        opponent_deviation: number;
        player_weight: number;
        rating_after: number;
      }>();
    expect(games).toHaveLength(8);
    const replay = applyPlayerGames(
      newRating(),
      games.map((g) => ({
        score: g.score,
        opponent: { rating: g.opponent_rating, deviation: g.opponent_deviation },
        playerWeight: g.player_weight,
      })),
    );
    const stored = await env.DB.prepare(
      "select rating, deviation, volatility, games, rated_through from player_ratings where player_id = ? and kind = 'signal'",
    )
      .bind(player.id)
      .first<{
        rating: number;
        deviation: number;
        volatility: number;
        games: number;
        rated_through: number;
      }>();
    expect(stored?.games).toBe(8);
    expect(stored?.rated_through).toBe(games.at(-1)?.id);
    expect(stored?.rating).toBeCloseTo(replay.rating, 9);
    expect(stored?.deviation).toBeCloseTo(replay.deviation, 9);
    expect(stored?.volatility).toBeCloseTo(replay.volatility, 12);
    // Each game's row shows the rating it left, in the replay's order.
    const stepwise = games.map(
      (_, i) =>
        applyPlayerGames(
          newRating(),
          games.slice(0, i + 1).map((g) => ({
            score: g.score,
            opponent: { rating: g.opponent_rating, deviation: g.opponent_deviation },
            playerWeight: g.player_weight,
          })),
        ).rating,
    );
    games.forEach((g, i) => {
      expect(g.rating_after).toBeCloseTo(stepwise[i] ?? 0, 6);
    });
  });
});
