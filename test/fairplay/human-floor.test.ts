import { describe, expect, it } from 'vitest';
import {
  humanFloorMs,
  LEARNED_FLOOR_FACTOR,
  LEARNED_FLOOR_MAX_BENCHMARK_SHARE,
  LEARNED_FLOOR_MAX_COLD_MULTIPLE,
  LEARNED_FLOOR_MIN_PLAYERS,
  LEARNED_FLOOR_MIN_SAMPLES,
  learnedFloorRatio,
  MIN_FLOOR_MS,
  RECORD_FLOOR_SHARE,
} from '../../src/fairplay/human-floor.js';
import { descriptorOf, KINDS } from '../../src/kinds/index.js';

const NOTHING_SET = { setRatio: null, recordRatio: null };

describe('the cold-start human floor', () => {
  it('is the steps times the per-step minimum of the kind and level', () => {
    expect(
      humanFloorMs({
        steps: 46,
        secondsPerStep: 0.5,
        benchmarkSeconds: 276,
        learnedRatio: null,
        ...NOTHING_SET,
      }),
    ).toBe(23_000);
  });

  it('never drops below three seconds', () => {
    expect(
      humanFloorMs({
        steps: 2,
        secondsPerStep: 0.2,
        benchmarkSeconds: 60,
        learnedRatio: null,
        ...NOTHING_SET,
      }),
    ).toBe(MIN_FLOOR_MS);
  });

  it('is in whole milliseconds', () => {
    expect(
      Number.isInteger(
        humanFloorMs({
          steps: 7,
          secondsPerStep: 0.33,
          benchmarkSeconds: 60,
          learnedRatio: null,
          ...NOTHING_SET,
        }),
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

  it('does not depend on the order of the samples', () => {
    const ordered = samples(1000, 100);
    expect(learnedFloorRatio([...ordered].reverse())).toBe(learnedFloorRatio(ordered));
  });

  it('raises the cold start once learnt, and never lowers it', () => {
    const cold = { steps: 50, secondsPerStep: 1, benchmarkSeconds: 600, ...NOTHING_SET };
    expect(humanFloorMs({ ...cold, learnedRatio: 0.15 })).toBe(90_000);
    expect(humanFloorMs({ ...cold, learnedRatio: 0.01 })).toBe(50_000);
  });
});

describe('the learnt floor’s bounds', () => {
  // Cold 50 s; a quarter of the benchmark (1,000 s) is 250 s, above 4× cold (200 s): 4× cold is the ceiling.
  const longBenchmark = { steps: 50, secondsPerStep: 1, benchmarkSeconds: 1000, ...NOTHING_SET };
  // Cold 50 s; a quarter of the benchmark (600 s) is 150 s, under 4× cold: the quarter is the ceiling.
  const shortBenchmark = { steps: 50, secondsPerStep: 1, benchmarkSeconds: 600, ...NOTHING_SET };

  it('has its lower bound at the cold start: at it, just under it, just over it', () => {
    expect(humanFloorMs({ ...shortBenchmark, learnedRatio: 50 / 600 })).toBe(50_000);
    expect(humanFloorMs({ ...shortBenchmark, learnedRatio: 49.999 / 600 })).toBe(50_000);
    expect(humanFloorMs({ ...shortBenchmark, learnedRatio: 50.001 / 600 })).toBe(50_001);
  });

  it('has its ceiling at 4× the cold start when that is under a quarter of the benchmark: at it, just under, just over', () => {
    expect(LEARNED_FLOOR_MAX_COLD_MULTIPLE).toBe(4);
    expect(humanFloorMs({ ...longBenchmark, learnedRatio: 0.2 })).toBe(200_000);
    expect(humanFloorMs({ ...longBenchmark, learnedRatio: 0.199999 })).toBe(199_999);
    expect(humanFloorMs({ ...longBenchmark, learnedRatio: 0.200001 })).toBe(200_000);
  });

  it('has its ceiling at a quarter of the benchmark before any record, when that is under 4× the cold start', () => {
    expect(LEARNED_FLOOR_MAX_BENCHMARK_SHARE).toBe(0.25);
    expect(humanFloorMs({ ...shortBenchmark, learnedRatio: 0.25 })).toBe(150_000);
    expect(humanFloorMs({ ...shortBenchmark, learnedRatio: 0.249999 })).toBe(149_999);
    expect(humanFloorMs({ ...shortBenchmark, learnedRatio: 0.250001 })).toBe(150_000);
  });

  it('has its ceiling at 90 % of the record pace once a moderator vouched for one', () => {
    expect(RECORD_FLOOR_SHARE).toBe(0.9);
    // Record at 20 % of the benchmark (120 s): the ceiling is 108 s, so a learnt 24 % (144 s) stops there.
    expect(humanFloorMs({ ...shortBenchmark, recordRatio: 0.2, learnedRatio: 0.24 })).toBe(108_000);
    expect(0.2 * 600 * 1000).toBeGreaterThan(
      humanFloorMs({ ...shortBenchmark, recordRatio: 0.2, learnedRatio: 0.24 }),
    );
  });

  it('after 50 slow accounts set the learnt ratio to 2.25, puts the floor at a quarter of the benchmark: a solve at half of it, or at it, is above the floor', () => {
    const floor = humanFloorMs({ ...shortBenchmark, learnedRatio: 2.25 });
    expect(floor).toBe(150_000);
    expect(0.5 * shortBenchmark.benchmarkSeconds * 1000).toBeGreaterThan(floor);
  });

  it('keeps its ceiling at the cold start when a quarter of the benchmark is under it', () => {
    const odd = { steps: 50, secondsPerStep: 1, benchmarkSeconds: 80, ...NOTHING_SET };
    expect(humanFloorMs({ ...odd, learnedRatio: 1 })).toBe(50_000);
    expect(humanFloorMs({ ...odd, learnedRatio: 0.01 })).toBe(50_000);
  });
});

describe('a moderator’s floor', () => {
  const puzzle = { steps: 50, secondsPerStep: 1, benchmarkSeconds: 600, recordRatio: null };

  it('replaces the cold and learnt floors, even below the cold start', () => {
    expect(humanFloorMs({ ...puzzle, learnedRatio: 0.2, setRatio: 0.05 })).toBe(30_000);
    expect(humanFloorMs({ ...puzzle, learnedRatio: null, setRatio: 0.05 })).toBe(30_000);
  });

  it('never goes under three seconds', () => {
    expect(humanFloorMs({ ...puzzle, learnedRatio: null, setRatio: 0 })).toBe(MIN_FLOOR_MS);
  });
});
