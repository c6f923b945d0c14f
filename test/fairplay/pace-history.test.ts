import { describe, expect, it } from 'vitest';
import {
  HISTORY_MIN_SOLVES,
  HISTORY_WINDOW_MS,
  historyCarries,
  NEAR_PACE_FACTOR,
} from '../../src/fairplay/pace-history.js';

const player = { established: true, vouched: false };

describe('whether a player’s own history carries a fast solve', () => {
  it('carries a pace within 1.3× of the median of the level’s recent paces', () => {
    expect(NEAR_PACE_FACTOR).toBe(1.3);
    // Median 0.26: a pace of 0.2 is just within 1.3×; 0.199 is not.
    expect(historyCarries({ ...player, pace: 0.2, levelPaces: [0.25, 0.26, 0.3] })).toBe(true);
    expect(historyCarries({ ...player, pace: 0.199, levelPaces: [0.25, 0.26, 0.3] })).toBe(false);
  });

  it(`needs ${HISTORY_MIN_SOLVES} solves of the level in the window`, () => {
    expect(historyCarries({ ...player, pace: 0.2, levelPaces: [0.2, 0.2] })).toBe(false);
    expect(historyCarries({ ...player, pace: 0.2, levelPaces: [0.2, 0.2, 0.2] })).toBe(true);
  });

  it('is not moved by a few fast solves among many slow ones: a ramp has to hold each step for weeks', () => {
    const paces = [0.15, 0.15, 0.15, 0.5, 0.5, 0.5, 0.5, 0.5];
    expect(historyCarries({ ...player, pace: 0.15, levelPaces: paces })).toBe(false);
  });

  it('carries nothing for a player who is not established', () => {
    expect(historyCarries({ ...player, established: false, pace: 0.2, levelPaces: [0.2, 0.2, 0.2] })).toBe(
      false,
    );
  });

  it('carries any pace of a player a moderator vouched for', () => {
    expect(historyCarries({ established: false, vouched: true, pace: 0.05, levelPaces: [] })).toBe(true);
  });

  it('looks back 30 days', () => {
    expect(HISTORY_WINDOW_MS).toBe(30 * 86_400_000);
  });
});
