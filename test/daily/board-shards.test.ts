import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_BOARD_SHARDS, shardsForPeak } from '../../src/daily/board-shards.js';

describe("a new puzzle's board shards, from its kind and level's busiest recent minute", () => {
  it('is one board for a kind and level nobody has played yet', () => {
    expect(shardsForPeak(0)).toBe(1);
  });

  it('is one board for a peak of 40 solves a second, and four for 400 (SCALING.md)', () => {
    expect(shardsForPeak(40 * 60)).toBe(1);
    expect(shardsForPeak(400 * 60)).toBe(4);
  });

  it('takes a second board as soon as twice the peak passes 200 solves a second', () => {
    expect(shardsForPeak(6_000)).toBe(1);
    expect(shardsForPeak(6_001)).toBe(2);
  });

  it("is never fewer than the deployment's BOARD_SHARDS", () => {
    expect(shardsForPeak(0, 3)).toBe(3);
    expect(shardsForPeak(400 * 60, 2)).toBe(4);
  });

  it(`is never more than ${MAX_BOARD_SHARDS}`, () => {
    expect(shardsForPeak(1e9)).toBe(MAX_BOARD_SHARDS);
  });

  it('grows with the peak and covers twice it at 200 solves a second a board', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 500_000 }), fc.integer({ min: 0, max: 500_000 }), (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(shardsForPeak(low)).toBeLessThanOrEqual(shardsForPeak(high));
        const k = shardsForPeak(high);
        if (k < MAX_BOARD_SHARDS) expect(k * 200 * 60).toBeGreaterThanOrEqual(2 * high);
      }),
    );
  });
});
