import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  expectedScore,
  MAX_DEVIATION,
  MAX_VOLATILITY,
  MIN_DEVIATION,
  newRating,
  type Rating,
  rateGame,
  update,
} from '../../src/rating/glicko2.js';
import { paperRoot, paperStep } from './glicko2-reference.js';

const paperPlayer: Rating = { rating: 1500, deviation: 200, volatility: 0.06 };
const paperGames = [
  { opponent: { rating: 1400, deviation: 30, volatility: 0.06 }, score: 1 },
  { opponent: { rating: 1550, deviation: 100, volatility: 0.06 }, score: 0 },
  { opponent: { rating: 1700, deviation: 300, volatility: 0.06 }, score: 0 },
];

const ratingArb = fc.record({
  rating: fc.double({ min: 500, max: 2800, noNaN: true }),
  deviation: fc.double({ min: MIN_DEVIATION, max: MAX_DEVIATION, noNaN: true }),
  volatility: fc.double({ min: 0.03, max: MAX_VOLATILITY, noNaN: true }),
});

/** The paper's σ′: e^(x / 2) at the exact root x of its f (glicko2-reference.ts). */
function paperVolatility(
  player: Rating,
  games: readonly { opponent: Rating; score: number }[],
  tau: number,
): number {
  return Math.exp(paperRoot(paperStep(player, games), tau) / 2);
}

describe('Glicko-2', () => {
  it("reproduces Glickman's worked example: 1464.06 / 151.52 / 0.05999 with τ 0.5", () => {
    const after = update(paperPlayer, paperGames, { tau: 0.5 });
    expect(after.rating).toBeCloseTo(1464.06, 1);
    expect(after.deviation).toBeCloseTo(151.52, 1);
    expect(after.volatility).toBeCloseTo(0.05999, 4);
  });

  it('computes the worked example without intermediate rounding as other implementations do', () => {
    const after = update(paperPlayer, paperGames, { tau: 0.5 });
    expect(after.rating).toBeCloseTo(1464.0507, 3);
    expect(after.deviation).toBeCloseTo(151.5165, 3);
    expect(after.volatility).toBeCloseTo(0.059996, 6);
  });

  it('starts new players and puzzles at 1500 with deviation 500', () => {
    expect(newRating()).toEqual({ rating: 1500, deviation: 500, volatility: 0.09 });
  });

  it('expects an even result between equal ratings', () => {
    expect(expectedScore(newRating(), newRating())).toBe(0.5);
  });

  it('expects the higher-rated side to score more', () => {
    const strong = { rating: 1800, deviation: 60, volatility: 0.06 };
    const weak = { rating: 1400, deviation: 60, volatility: 0.06 };
    expect(expectedScore(strong, weak)).toBeGreaterThan(0.9);
    expect(expectedScore(weak, strong)).toBeLessThan(0.1);
  });

  it('only widens the deviation, by one period of volatility, for a period without games', () => {
    const after = update({ rating: 1700, deviation: 100, volatility: 0.06 }, []);
    expect(after.rating).toBe(1700);
    expect(after.volatility).toBe(0.06);
    expect(after.deviation).toBeCloseTo(Math.hypot(100, 0.06 * 173.7178), 9);
  });

  it('moves the rating in the direction of the result against the expectation', () => {
    fc.assert(
      fc.property(ratingArb, ratingArb, fc.double({ min: 0, max: 1, noNaN: true }), (player, puzzle, s) => {
        const after = update(player, [{ opponent: puzzle, score: s }]);
        const expected = expectedScore(player, puzzle);
        if (s > expected) expect(after.rating).toBeGreaterThan(player.rating);
        if (s < expected) expect(after.rating).toBeLessThan(player.rating);
      }),
    );
  });

  it('shrinks the deviation of an uncertain player after a game against a puzzle within 400 points', () => {
    fc.assert(
      fc.property(
        ratingArb.filter((r) => r.deviation >= 150),
        ratingArb,
        fc.double({ min: -400, max: 400, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (player, puzzle, gap, s) => {
          const opponent = { ...puzzle, rating: player.rating + gap };
          expect(update(player, [{ opponent, score: s }]).deviation).toBeLessThan(player.deviation);
        },
      ),
    );
  });

  it('lets a settled deviation widen again after one game, as volatility outweighs it', () => {
    const settled = { rating: 1500, deviation: 60, volatility: 0.09 };
    expect(update(settled, [{ opponent: settled, score: 0.5 }]).deviation).toBeGreaterThan(60);
  });

  it('keeps deviation and volatility within their bounds', () => {
    fc.assert(
      fc.property(ratingArb, ratingArb, fc.double({ min: 0, max: 1, noNaN: true }), (player, puzzle, s) => {
        const after = update(player, [{ opponent: puzzle, score: s }]);
        expect(after.deviation).toBeGreaterThanOrEqual(MIN_DEVIATION);
        expect(after.deviation).toBeLessThanOrEqual(MAX_DEVIATION);
        expect(after.volatility).toBeLessThanOrEqual(MAX_VOLATILITY);
      }),
    );
  });

  it('rates a solve for both sides: the puzzle plays the same game with the result 1 − s', () => {
    const player = { rating: 1600, deviation: 120, volatility: 0.07 };
    const puzzle = { rating: 1450, deviation: 200, volatility: 0.09 };
    const both = rateGame(player, puzzle, 0.3);
    expect(both.player).toEqual(update(player, [{ opponent: puzzle, score: 0.3 }]));
    expect(both.puzzle).toEqual(update(puzzle, [{ opponent: player, score: 0.7 }]));
    expect(both.player.rating).toBeLessThan(player.rating);
    expect(both.puzzle.rating).toBeGreaterThan(puzzle.rating);
  });

  it('moves two new ratings by the same amount in opposite directions', () => {
    const both = rateGame(newRating(), newRating(), 0.8);
    expect(both.player.rating - 1500).toBeCloseTo(1500 - both.puzzle.rating, 9);
    expect(both.player.rating).toBeGreaterThan(1500);
  });

  it('lifts a player who keeps beating the benchmark well above the start, with a narrower deviation', () => {
    let player = newRating();
    for (let day = 0; day < 30; day++) player = rateGame(player, newRating(), 0.8).player;
    expect(player.rating).toBeGreaterThan(1800);
    expect(player.deviation).toBeLessThan(200);
  });

  it('rejects a result outside [0, 1] and malformed ratings', () => {
    expect(() => update(newRating(), [{ opponent: newRating(), score: 1.5 }])).toThrow(RangeError);
    expect(() => update(newRating(), [{ opponent: newRating(), score: Number.NaN }])).toThrow(RangeError);
    expect(() => update({ ...newRating(), deviation: 0 }, [])).toThrow(RangeError);
    expect(() => update(newRating(), [{ opponent: { ...newRating(), volatility: -1 }, score: 1 }])).toThrow(
      RangeError,
    );
    expect(() => update(newRating(), [], { tau: 0 })).toThrow(RangeError);
  });

  it('takes the results 0 and 1 and refuses −0.01 and 1.01, naming the game', () => {
    const game = (score: number) => [{ opponent: newRating(), score }];
    expect(update(newRating(), game(0)).rating).toBeLessThan(1500);
    expect(update(newRating(), game(1)).rating).toBeGreaterThan(1500);
    expect(() => update(newRating(), game(-0.01))).toThrow('score 0 must be in [0, 1], got -0.01');
    expect(() => update(newRating(), [...game(0.5), ...game(1.01)])).toThrow(
      'score 1 must be in [0, 1], got 1.01',
    );
  });

  it('refuses a rating that is not finite, naming the side and the value', () => {
    expect(() => update({ ...newRating(), rating: Number.NaN }, [])).toThrow(
      'player: rating must be finite, got NaN',
    );
    expect(() =>
      update(newRating(), [{ opponent: { ...newRating(), rating: Number.POSITIVE_INFINITY }, score: 1 }]),
    ).toThrow('opponent 0: rating must be finite, got Infinity');
  });

  it('refuses a deviation or a volatility of zero, and a τ of zero, naming each', () => {
    expect(() => update({ ...newRating(), deviation: 0 }, [])).toThrow(
      'player: deviation must be positive, got 0',
    );
    expect(() => update({ ...newRating(), volatility: 0 }, [])).toThrow(
      'player: volatility must be positive, got 0',
    );
    expect(() => update(newRating(), [], { tau: 0 })).toThrow('tau must be positive, got 0');
  });

  it('finds the new volatility of the worked example within 1e-8 of the exact root of the paper’s f', () => {
    expect(
      Math.abs(
        update(paperPlayer, paperGames, { tau: 0.5 }).volatility -
          paperVolatility(paperPlayer, paperGames, 0.5),
      ),
    ).toBeLessThan(1e-8);
  });

  it('finds the new volatility within 1e-8 of the exact root after a large surprise (Δ² > φ² + v)', () => {
    const player = { rating: 1300, deviation: 60, volatility: 0.04 };
    const games = [{ opponent: { rating: 1800, deviation: 45, volatility: 0.06 }, score: 1 }];
    expect(Math.abs(update(player, games).volatility - paperVolatility(player, games, 0.75))).toBeLessThan(
      1e-8,
    );
  });

  it('finds the new volatility within 1e-8 of the exact root after the expected result (Δ = 0)', () => {
    const player = { rating: 1500, deviation: 60, volatility: 0.04 };
    const games = [{ opponent: { rating: 1500, deviation: 45, volatility: 0.06 }, score: 0.5 }];
    expect(Math.abs(update(player, games).volatility - paperVolatility(player, games, 0.75))).toBeLessThan(
      1e-8,
    );
  });
});
