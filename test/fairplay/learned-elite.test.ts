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
  it('waits for 400 samples: null at 399, learnt at 400 and 401', () => {
    expect(ELITE_MIN_SAMPLES).toBe(400);
    expect(learnedEliteRatio(samples(399, 399))).toBeNull();
    expect(learnedEliteRatio(samples(400, 400))).not.toBeNull();
    expect(learnedEliteRatio(samples(401, 401))).not.toBeNull();
  });

  it('waits for 100 distinct players: null at 99, learnt at 100 and 101', () => {
    expect(ELITE_MIN_PLAYERS).toBe(100);
    expect(learnedEliteRatio(samples(800, 99))).toBeNull();
    expect(learnedEliteRatio(samples(800, 100))).not.toBeNull();
    expect(learnedEliteRatio(samples(800, 101))).not.toBeNull();
  });

  it('is the 0.5th percentile of the samples’ ratios', () => {
    expect(ELITE_PERCENTILE).toBe(0.005);
    // floor(0.005 × 999) = 4: the 5th fastest of 1,000.
    expect(learnedEliteRatio(samples(1000, 100))).toBeCloseTo(0.2 + (4 / 1000) * 2, 9);
  });

  it('does not depend on the order of the samples', () => {
    const ordered = samples(500, 100);
    expect(learnedEliteRatio([...ordered].reverse())).toBe(learnedEliteRatio(ordered));
  });
});
