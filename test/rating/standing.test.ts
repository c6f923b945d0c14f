import { describe, expect, it } from 'vitest';
import {
  ESTABLISHED_MAX_DEVIATION,
  ESTABLISHED_MIN_GAMES,
  ESTABLISHED_MIN_PLAY_DAYS,
  FULL_WEIGHT_DEVIATION,
  isEstablished,
  LEAST_WEIGHT,
  PROVISIONAL_PUZZLE_WEIGHT,
  PUZZLE_ESTABLISHED_GAMES,
  playerWeight,
  puzzleWeight,
} from '../../src/rating/standing.js';

describe('an established player', () => {
  const record = { games: 5, playDays: 3, deviation: 229 };

  it('needs 5 games: established at 5 and 6, not at 4', () => {
    expect(ESTABLISHED_MIN_GAMES).toBe(5);
    expect(isEstablished({ ...record, games: 4 })).toBe(false);
    expect(isEstablished({ ...record, games: 5 })).toBe(true);
    expect(isEstablished({ ...record, games: 6 })).toBe(true);
  });

  it('needs 3 days of play: established at 3 and 4, not at 2', () => {
    expect(ESTABLISHED_MIN_PLAY_DAYS).toBe(3);
    expect(isEstablished({ ...record, playDays: 2 })).toBe(false);
    expect(isEstablished({ ...record, playDays: 3 })).toBe(true);
    expect(isEstablished({ ...record, playDays: 4 })).toBe(true);
  });

  it('needs a deviation under 230: established at 229, not at 230 or 231', () => {
    expect(ESTABLISHED_MAX_DEVIATION).toBe(230);
    expect(isEstablished({ ...record, deviation: 229 })).toBe(true);
    expect(isEstablished({ ...record, deviation: 230 })).toBe(false);
    expect(isEstablished({ ...record, deviation: 231 })).toBe(false);
  });
});

describe("a solver's weight on the puzzle", () => {
  it('is nothing for a provisional solver, however sure its rating', () => {
    expect(puzzleWeight(false, 45)).toBe(0);
    expect(puzzleWeight(false, 229)).toBe(0);
  });

  it('is full at a deviation of 80 and under it, and just less at 81', () => {
    expect(FULL_WEIGHT_DEVIATION).toBe(80);
    expect(puzzleWeight(true, 79)).toBe(1);
    expect(puzzleWeight(true, 80)).toBe(1);
    expect(puzzleWeight(true, 81)).toBeCloseTo(1 - 0.75 / 150, 12);
  });

  it('falls linearly with the deviation: 0.625 halfway between 80 and 230', () => {
    expect(puzzleWeight(true, 155)).toBeCloseTo(0.625, 12);
  });

  it('is the least weight, 0.25, at a deviation of 230 and beyond, and just more at 229', () => {
    expect(LEAST_WEIGHT).toBe(0.25);
    expect(puzzleWeight(true, 229)).toBeCloseTo(0.25 + 0.75 / 150, 12);
    expect(puzzleWeight(true, 230)).toBe(0.25);
    expect(puzzleWeight(true, 231)).toBe(0.25);
  });
});

describe("a puzzle's weight on the player", () => {
  it('is half while the puzzle has 7 established games, full at 8 and 9', () => {
    expect(PUZZLE_ESTABLISHED_GAMES).toBe(8);
    expect(PROVISIONAL_PUZZLE_WEIGHT).toBe(0.5);
    expect(playerWeight(0)).toBe(0.5);
    expect(playerWeight(7)).toBe(0.5);
    expect(playerWeight(8)).toBe(1);
    expect(playerWeight(9)).toBe(1);
  });
});
