import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SCORE_MARGIN, score } from '../../src/rating/score.js';

describe('time score', () => {
  it('is one half at exactly the benchmark time', () => {
    expect(score(300, 300)).toBe(0.5);
  });

  it('scores 0.8 at half the benchmark and 0.2 at double with k = 2', () => {
    expect(score(150, 300)).toBeCloseTo(0.8, 12);
    expect(score(600, 300)).toBeCloseTo(0.2, 12);
  });

  it('mirrors around the benchmark: s(t) + s(benchmark² / t) = 1', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.01, max: 100, noNaN: true }), (ratio) => {
        expect(score(ratio * 120, 120) + score(120 / ratio, 120)).toBeCloseTo(1, 12);
      }),
    );
  });

  it('gives the highest score, still below 1, for a time of zero or less', () => {
    expect(score(0, 300)).toBe(1 - SCORE_MARGIN);
    expect(score(-5, 300)).toBe(1 - SCORE_MARGIN);
  });

  it('gives the lowest score, still above 0, for an endless time', () => {
    expect(score(Number.POSITIVE_INFINITY, 300)).toBe(SCORE_MARGIN);
  });

  it('always lies strictly between 0 and 1', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e6, max: 1e12, noNaN: true }),
        fc.double({ min: 1e-3, max: 1e6, noNaN: true }),
        (t, b) => {
          const s = score(t, b);
          expect(s).toBeGreaterThan(0);
          expect(s).toBeLessThan(1);
        },
      ),
    );
  });

  it('never rises as the time grows', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e7, noNaN: true }),
        fc.double({ min: 0, max: 1e7, noNaN: true }),
        fc.double({ min: 1, max: 1e4, noNaN: true }),
        (a, b, benchmark) => {
          const [fast, slow] = a <= b ? [a, b] : [b, a];
          expect(score(fast, benchmark)).toBeGreaterThanOrEqual(score(slow, benchmark));
        },
      ),
    );
  });

  it('strictly falls as the time grows within fifty times either side of the benchmark', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1 / 50, max: 49, noNaN: true }),
        fc.double({ min: 1e-6, max: 0.02, noNaN: true }),
        (ratio, growth) => {
          expect(score(ratio * 200 * (1 + growth), 200)).toBeLessThan(score(ratio * 200, 200));
        },
      ),
    );
  });

  it('rejects a benchmark that is not a positive number', () => {
    expect(() => score(10, 0)).toThrow('benchmark must be a positive number of seconds, got 0');
    expect(() => score(10, -1)).toThrow(RangeError);
    expect(() => score(10, Number.NaN)).toThrow(RangeError);
  });

  it('rejects a time that is not a number', () => {
    expect(() => score(Number.NaN, 100)).toThrow('time must be a number of seconds, got NaN');
  });
});
