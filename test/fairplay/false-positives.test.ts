import { describe, expect, it } from 'vitest';
import { learnedEliteRatio } from '../../src/fairplay/learned-elite.js';
import { crowdSamples, puzzleFacts, simulateHonestCrowd } from '../support/honest-crowd.js';

/**
 * Fair play's cost to honest players: a simulated crowd (test/support/honest-crowd.ts documents the model:
 * log-normal times around the benchmark, σ ≈ 0.5 in log-time, person-paced logs), judged by the same rules
 * as a ranked submission. The bound: at most 0.5 % of honest solves end pending or flagged.
 */
describe('honest players under fair play', () => {
  const puzzles = puzzleFacts();

  it('holds at most 0.5 % of 400 honest players’ solves over 20 days, with the cold elite line (0.07 %)', () => {
    const crowd = simulateHonestCrowd(puzzles, { players: 400, days: 20 });
    expect(crowd.solves).toBe(400 * 20 * 8);
    expect((crowd.pending + crowd.flagged) / crowd.solves).toBeLessThanOrEqual(0.005);
  });

  it('holds at most 0.5 % of them with the line calibration learns from such a crowd', () => {
    const eliteRatio = learnedEliteRatio(crowdSamples(2000, 11));
    expect(eliteRatio).toBeGreaterThan(0.2);
    expect(eliteRatio).toBeLessThan(0.35);
    const crowd = simulateHonestCrowd(puzzles, { players: 400, days: 20, eliteRatio });
    expect((crowd.pending + crowd.flagged) / crowd.solves).toBeLessThanOrEqual(0.005);
  });
});
