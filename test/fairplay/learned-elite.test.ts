import { describe, expect, it } from 'vitest';
import {
  ELITE_MIN_PLAYERS,
  ELITE_MIN_SAMPLES,
  ELITE_PERCENTILE,
  learnedEliteRatio,
} from '../../src/fairplay/learned-elite.js';

/** `n` samples evenly from 0.2 to 2.2 × the benchmark, from `players` distinct players. */
const samples = (n: number, players: number) =>
  Array.from({ length: n }, (_, i) => ({ ratio: 0.2 + (i / n) * 2, playerId: `p${i % players}` }));

describe('the learnt elite ratio', () => {
  it('waits for 200 samples: null at 199, learnt at 200', () => {
    expect(ELITE_MIN_SAMPLES).toBe(200);
    expect(learnedEliteRatio(samples(199, 199))).toBeNull();
    expect(learnedEliteRatio(samples(200, 200))).not.toBeNull();
    expect(learnedEliteRatio(samples(201, 201))).not.toBeNull();
  });

  it('waits for 50 distinct players: null at 49, learnt at 50 and 51', () => {
    expect(ELITE_MIN_PLAYERS).toBe(50);
    expect(learnedEliteRatio(samples(400, 49))).toBeNull();
    expect(learnedEliteRatio(samples(400, 50))).not.toBeNull();
    expect(learnedEliteRatio(samples(400, 51))).not.toBeNull();
  });

  it('is the fifth percentile of the samples’ ratios', () => {
    expect(ELITE_PERCENTILE).toBe(0.05);
    // floor(0.05 × 999) = 49: the 50th fastest of 1,000.
    expect(learnedEliteRatio(samples(1000, 100))).toBeCloseTo(0.2 + (49 / 1000) * 2, 9);
  });

  it('does not depend on the order of the samples', () => {
    const ordered = samples(500, 100);
    expect(learnedEliteRatio([...ordered].reverse())).toBe(learnedEliteRatio(ordered));
  });
});
