import { describe, expect, it } from 'vitest';
import { NEW_VOLATILITY, newRating, type Rating, update } from '../../src/rating/glicko2.js';
import {
  applyPlayerGames,
  applyPuzzleGames,
  blend,
  MAX_PLAYER_CHANGE,
  MAX_PUZZLE_CHANGE,
  playerAfter,
  puzzleAfter,
} from '../../src/rating/weighted-games.js';

/** A settled side (RD 45): one game against it moves a new side (RD 500) by about 235 × (s − 0.5) / 0.5 points. */
const settled = { rating: 1500, deviation: 45 };
const fresh = newRating();
const fullUpdate = (side: Rating, score: number) =>
  update(side, [{ opponent: { ...settled, volatility: NEW_VOLATILITY }, score }]);

describe('blending two ratings', () => {
  const before: Rating = { rating: 1500, deviation: 300, volatility: 0.06 };
  const after: Rating = { rating: 1700, deviation: 100, volatility: 0.08 };

  it('keeps the rating before at weight 0 and under it', () => {
    expect(blend(before, after, 0)).toEqual(before);
    expect(blend(before, after, -0.5)).toEqual(before);
  });

  it('takes the rating after at weight 1 and over it', () => {
    expect(blend(before, after, 1)).toEqual(after);
    expect(blend(before, after, 1.5)).toEqual(after);
  });

  it('goes a quarter of the way in every field at weight 0.25', () => {
    const quarter = blend(before, after, 0.25);
    expect(quarter.rating).toBeCloseTo(1550, 9);
    expect(quarter.deviation).toBeCloseTo(250, 9);
    expect(quarter.volatility).toBeCloseTo(0.065, 12);
  });
});

describe("a player's game", () => {
  it('moves the player as Glicko-2 does at full weight when the change is under the bound', () => {
    expect(MAX_PLAYER_CHANGE).toBe(150);
    const after = playerAfter(fresh, { score: 0.815, opponent: settled, playerWeight: 1 });
    expect(after).toEqual(fullUpdate(fresh, 0.815));
    expect(after.rating - 1500).toBeCloseTo(148.17, 2);
  });

  it('moves the player by at most 150 points up: Glicko-2 would move it 152.88', () => {
    const after = playerAfter(fresh, { score: 0.825, opponent: settled, playerWeight: 1 });
    expect(fullUpdate(fresh, 0.825).rating - 1500).toBeCloseTo(152.88, 2);
    expect(after.rating).toBe(1650);
    expect(after.deviation).toBe(fullUpdate(fresh, 0.825).deviation);
  });

  it('moves the player by at most 150 points down, and by 148.17 when Glicko-2 says so', () => {
    expect(playerAfter(fresh, { score: 0.175, opponent: settled, playerWeight: 1 }).rating).toBe(1350);
    expect(playerAfter(fresh, { score: 0.185, opponent: settled, playerWeight: 1 }).rating).toBeCloseTo(
      1500 - 148.17,
      2,
    );
  });

  it('moves the player half the way at a provisional puzzle’s weight of 0.5', () => {
    const full = fullUpdate(fresh, 0.7);
    const half = playerAfter(fresh, { score: 0.7, opponent: settled, playerWeight: 0.5 });
    expect(half.rating).toBeCloseTo((1500 + full.rating) / 2, 9);
    expect(half.deviation).toBeCloseTo((500 + full.deviation) / 2, 9);
  });

  it('replays games in order, each against the puzzle as it stood', () => {
    const games = [
      { score: 0.7, opponent: settled, playerWeight: 1 },
      { score: 0.2, opponent: { rating: 1700, deviation: 120 }, playerWeight: 0.5 },
    ];
    const stepwise = playerAfter(playerAfter(fresh, games[0]!), games[1]!);
    expect(applyPlayerGames(fresh, games)).toEqual(stepwise);
    expect(applyPlayerGames(fresh, [])).toEqual(fresh);
  });
});

describe("a puzzle's game", () => {
  it('leaves the puzzle as it was for a solver of weight 0', () => {
    expect(puzzleAfter(fresh, { score: 0.1, solver: settled, puzzleWeight: 0 })).toEqual(fresh);
  });

  it('moves the puzzle as Glicko-2 does with the result 1 − s when the change is under the bound', () => {
    expect(MAX_PUZZLE_CHANGE).toBe(50);
    const after = puzzleAfter(fresh, { score: 0.4, solver: settled, puzzleWeight: 1 });
    expect(after).toEqual(fullUpdate(fresh, 0.6));
    expect(after.rating - 1500).toBeCloseTo(47.04, 2);
  });

  it('moves the puzzle by at most 50 points either way: Glicko-2 would move it 51.74', () => {
    expect(fullUpdate(fresh, 0.61).rating - 1500).toBeCloseTo(51.74, 2);
    expect(puzzleAfter(fresh, { score: 0.39, solver: settled, puzzleWeight: 1 }).rating).toBe(1550);
    expect(puzzleAfter(fresh, { score: 0.61, solver: settled, puzzleWeight: 1 }).rating).toBe(1450);
  });

  it('moves the puzzle a quarter of the way for a solver of weight 0.25', () => {
    const full = fullUpdate(fresh, 0.6);
    const quarter = puzzleAfter(fresh, { score: 0.4, solver: settled, puzzleWeight: 0.25 });
    expect(quarter.rating).toBeCloseTo(1500 + (full.rating - 1500) / 4, 9);
  });

  it('replays games in order, each against the solver as it stood', () => {
    const games = [
      { score: 0.4, solver: settled, puzzleWeight: 1 },
      { score: 0.9, solver: { rating: 1800, deviation: 90 }, puzzleWeight: 0.5 },
    ];
    const stepwise = puzzleAfter(puzzleAfter(fresh, games[0]!), games[1]!);
    expect(applyPuzzleGames(fresh, games)).toEqual(stepwise);
  });
});
