import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_DEVIATION, MAX_VOLATILITY, MIN_DEVIATION, newRating, update } from '../../src/rating/glicko2.js';
import { applyPuzzleGames, rateSolve } from '../../src/rating/puzzle-games.js';

const ratingArb = fc.record({
  rating: fc.double({ min: 500, max: 2800, noNaN: true }),
  deviation: fc.double({ min: MIN_DEVIATION, max: MAX_DEVIATION, noNaN: true }),
  volatility: fc.double({ min: 0.03, max: MAX_VOLATILITY, noNaN: true }),
});
const gameArb = fc.record({ score: fc.double({ min: 0, max: 1, noNaN: true }), player: ratingArb });

describe('a puzzle rated from its stored games', () => {
  it('ends where rating each game against its solver, with the result 1 − s, would have left it', () => {
    fc.assert(
      fc.property(ratingArb, fc.array(gameArb, { maxLength: 12 }), (puzzle, games) => {
        let live = puzzle;
        for (const game of games) {
          live = update(live, [{ opponent: { ...game.player, volatility: 0.06 }, score: 1 - game.score }]);
        }
        const replayed = applyPuzzleGames(puzzle, games);
        expect(replayed.rating).toBeCloseTo(live.rating, 9);
        expect(replayed.deviation).toBeCloseTo(live.deviation, 9);
        expect(replayed.volatility).toBeCloseTo(live.volatility, 12);
      }),
    );
  });

  it('is unchanged by no games', () => {
    const puzzle = newRating();
    expect(applyPuzzleGames(puzzle, [])).toEqual(puzzle);
  });

  it('falls when players beat it quickly and rises when they struggle', () => {
    const player = { rating: 1500, deviation: 200 };
    const easy = applyPuzzleGames(newRating(), [{ score: 0.9, player }]);
    const hard = applyPuzzleGames(newRating(), [{ score: 0.1, player }]);
    expect(easy.rating).toBeLessThan(1500);
    expect(hard.rating).toBeGreaterThan(1500);
  });
});

describe('a ranked solve', () => {
  it('plays the puzzle as the earlier games left it, and leaves it with its own game applied', () => {
    const earlier = [
      { score: 0.7, player: { rating: 1700, deviation: 90 } },
      { score: 0.2, player: { rating: 1300, deviation: 250 } },
    ];
    const solver = { rating: 1550, deviation: 150, volatility: 0.06 };
    const solve = rateSolve(solver, newRating(), earlier, 0.5);
    expect(solve.puzzleBefore).toEqual(applyPuzzleGames(newRating(), earlier));
    expect(solve.player).toEqual(update(solver, [{ opponent: solve.puzzleBefore, score: 0.5 }]));
    expect(solve.puzzleAfter).toEqual(
      applyPuzzleGames(newRating(), [...earlier, { score: 0.5, player: solver }]),
    );
  });
});
