import { describe, expect, it } from 'vitest';
import {
  HISTORY_NEAR,
  HISTORY_SOLVES,
  historyCarries,
  NEAR_PACE_FACTOR,
} from '../../src/fairplay/pace-history.js';

const near = 0.2 * NEAR_PACE_FACTOR;

describe("a player's own history carrying a solve under the elite line", () => {
  it('carries 20 % of the benchmark for an established player whose recent solves sit at 20–25 %', () => {
    expect(historyCarries({ established: true, pace: 0.2, recentPaces: [0.25, 0.21, 0.24, 0.22, 0.9] })).toBe(
      true,
    );
  });

  it('needs the player to be established', () => {
    expect(historyCarries({ established: false, pace: 0.2, recentPaces: [0.2, 0.2, 0.2, 0.2] })).toBe(false);
  });

  it(`needs ${HISTORY_NEAR} recent solves near the pace: ${HISTORY_NEAR - 1} are not enough`, () => {
    const paces = Array.from({ length: HISTORY_NEAR }, () => near);
    expect(historyCarries({ established: true, pace: 0.2, recentPaces: paces })).toBe(true);
    expect(historyCarries({ established: true, pace: 0.2, recentPaces: paces.slice(1) })).toBe(false);
  });

  it(`counts a solve at exactly ${NEAR_PACE_FACTOR}× the pace as near, and one just slower as not`, () => {
    const at = [near, near, near];
    const beyond = [near, near, near * 1.001];
    expect(historyCarries({ established: true, pace: 0.2, recentPaces: at })).toBe(true);
    expect(historyCarries({ established: true, pace: 0.2, recentPaces: beyond })).toBe(false);
  });

  it(`looks only at the ${HISTORY_SOLVES} most recent solves`, () => {
    const slow = Array.from({ length: HISTORY_SOLVES }, () => 1);
    expect(historyCarries({ established: true, pace: 0.2, recentPaces: [...slow, 0.2, 0.2, 0.2] })).toBe(
      false,
    );
  });

  it('does not carry a player who played middling and then drops to the floor', () => {
    expect(historyCarries({ established: true, pace: 0.05, recentPaces: [0.9, 1.1, 0.8, 1, 1.2] })).toBe(
      false,
    );
  });
});
