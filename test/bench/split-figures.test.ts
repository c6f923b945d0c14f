import { describe, expect, it } from 'vitest';
import { bottleneckMs, gain, growthSlope, type SplitRounds, splitJson } from '../../bench/split/figures.js';

const direct = { worker: 3, primary: 4.4, replica: 0 };

describe('the split bench figures', () => {
  it("takes the direct path's bottleneck to be its D1 primary", () => {
    expect(bottleneckMs(direct)).toBe(4.4);
  });

  it("takes the boards' bottleneck to be the busier of the primary and one board", () => {
    expect(bottleneckMs({ worker: 3, primary: 0.77, replica: 2, board: 0.88 })).toBe(0.88);
  });

  it("gives each of K shards a K-th of the board process's CPU", () => {
    expect(bottleneckMs({ worker: 3, primary: 0.5, replica: 2, board: 4 }, 4)).toBe(1);
  });

  it("divides the direct path's bottleneck by the boards'", () => {
    expect(gain(direct, { worker: 3, primary: 0.4, replica: 2, board: 1.1 })).toBeCloseTo(4, 10);
  });

  it('summarises the rounds as the JSON line names them, medians included', () => {
    const rounds: SplitRounds = {
      fresh: [5, 4, 6],
      hot: [11, 10, 12],
      k4: [3, 3.5, 2],
      primaryRoundTripsPerBatch: [8, 9, 8.5],
      primaryStatementsPerBatch: [10, 11, 10.5],
      boardStatementsPerSolve: [3, 3, 3.1],
      boardCpuPerBare: [5, 6, 5.5],
      workerCpuPerFloor: [2, 2.5, 2.2],
      pageCpuPerBare: { boards: [4, 3, 5], direct: [20, 30, 25] },
      pageFloorPerBare: { viewer: [3, 4, 3.5], anonymous: [1.5, 2, 1] },
      growth: { solve: [0.01, 0.03, 0.02], page: [0, 0.1, 0.05] },
      veteranCpuPerNew: [1.1, 1.3, 1.2],
    };
    expect(splitJson(rounds, 120)).toEqual({
      rounds: 3,
      fresh: { ratios: [5, 4, 6], median: 5 },
      hot: { ratios: [11, 10, 12], median: 11 },
      k4: { ratios: [3, 3.5, 2], median: 3 },
      primaryPerBatch: { roundTrips: 8.5, statements: 10.5 },
      boardStatementsPerSolve: 3,
      boardCpuPerBare: 5.5,
      workerCpuPerFloor: 2.2,
      pageCpuPerBare: { boards: 4, direct: 25 },
      pageFloorPerBare: { viewer: 3.5, anonymous: 1.5 },
      growth: { solve: 0.02, page: 0.05 },
      veteranCpuPerNew: 1.2,
      boardStartMs: 120,
    });
  });

  it('reads no growth when the cost stays, and 0.5 when it grows as the square root of the crowd', () => {
    expect(growthSlope({ solvers: 1_000, cost: 2 }, { solvers: 100_000, cost: 2 })).toBe(0);
    expect(growthSlope({ solvers: 1_000, cost: 1 }, { solvers: 100_000, cost: 10 })).toBeCloseTo(0.5, 10);
  });
});
