import { describe, expect, it } from 'vitest';
import { streakBuckets } from '../../src/rating/streak-buckets.js';

describe('streakBuckets', () => {
  it('puts each length in its bucket at the bounds 1, 2–6, 7–29 and 30 up', () => {
    expect(streakBuckets([1, 2, 6, 7, 29, 30, 365])).toEqual({
      streak1: 1,
      streak2to6: 2,
      streak7to29: 2,
      streak30up: 2,
    });
  });

  it('counts a length of 0 (no streak) in no bucket', () => {
    expect(streakBuckets([0, 0])).toEqual({ streak1: 0, streak2to6: 0, streak7to29: 0, streak30up: 0 });
  });
});
