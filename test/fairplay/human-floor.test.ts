import { describe, expect, it } from 'vitest';
import {
  humanFloorMs,
  LEARNED_FLOOR_FACTOR,
  LEARNED_FLOOR_MIN_PLAYERS,
  LEARNED_FLOOR_MIN_SAMPLES,
  learnedFloorRatio,
  MIN_FLOOR_MS,
} from '../../src/fairplay/human-floor.js';
import { descriptorOf, KINDS } from '../../src/kinds/index.js';

describe('the cold-start human floor', () => {
  it('is the steps times the per-step minimum of the kind and level', () => {
    expect(humanFloorMs({ steps: 46, secondsPerStep: 0.5, benchmarkSeconds: 276, learnedRatio: null })).toBe(
      23_000,
    );
  });

  it('never drops below three seconds', () => {
    expect(humanFloorMs({ steps: 2, secondsPerStep: 0.2, benchmarkSeconds: 60, learnedRatio: null })).toBe(
      MIN_FLOOR_MS,
    );
  });

  it('is in whole milliseconds', () => {
    expect(
      Number.isInteger(
        humanFloorMs({ steps: 7, secondsPerStep: 0.33, benchmarkSeconds: 60, learnedRatio: null }),
      ),
    ).toBe(true);
  });

  it('is set for every level of every kind, rising with the level', () => {
    for (const kind of KINDS) {
      const { engine, floorSecondsPerStep } = descriptorOf(kind);
      const perStep = engine.levels.map((level) => floorSecondsPerStep[level]);
      expect(
        perStep.every((s) => s !== undefined && s > 0),
        kind,
      ).toBe(true);
      expect(
        [...perStep].sort((a, b) => (a ?? 0) - (b ?? 0)),
        kind,
      ).toEqual(perStep);
    }
  });
});

describe('the learnt human floor', () => {
  const samples = (n: number, players: number) =>
    Array.from({ length: n }, (_, i) => ({ ratio: 0.2 + (i / n) * 2, playerId: `p${i % players}` }));

  it('waits for enough samples from enough distinct established players', () => {
    expect(learnedFloorRatio(samples(LEARNED_FLOOR_MIN_SAMPLES - 1, 100))).toBeNull();
    expect(learnedFloorRatio(samples(LEARNED_FLOOR_MIN_SAMPLES, LEARNED_FLOOR_MIN_PLAYERS - 1))).toBeNull();
    expect(learnedFloorRatio(samples(LEARNED_FLOOR_MIN_SAMPLES, LEARNED_FLOOR_MIN_PLAYERS))).not.toBeNull();
  });

  it('is three quarters of the second percentile of the times', () => {
    const ratio = learnedFloorRatio(samples(1000, 100));
    expect(ratio).toBeCloseTo(LEARNED_FLOOR_FACTOR * (0.2 + (19 / 1000) * 2), 9);
  });

  it('replaces the cold start once learnt, but never goes below half of it', () => {
    const cold = { steps: 50, secondsPerStep: 1, benchmarkSeconds: 600 };
    expect(humanFloorMs({ ...cold, learnedRatio: 0.15 })).toBe(90_000);
    expect(humanFloorMs({ ...cold, learnedRatio: 0.01 })).toBe(25_000);
  });
});
