/**
 * The split bench's arithmetic, pure (test/bench/split-figures.test.ts): the serial bottleneck of each path
 * per solve, the ratio per round, the medians and the `--json` object.
 */
import { median } from '../support/stats.js';

/** CPU ms per acknowledged solve of each process of one path's run. */
export interface PathCpu {
  worker: number;
  primary: number;
  replica: number;
  /** The board process's, all its objects together; absent on the direct path. */
  board?: number;
}

/**
 * What bounds a path's solves per second once the Worker and the replicas scale out: the one D1 primary,
 * and on the boards' path each board object. A puzzle's K shards split its solves evenly by player hash, so
 * one shard's share of the board process's CPU is a K-th.
 */
export function bottleneckMs(cpu: PathCpu, shards = 1): number {
  return cpu.board === undefined ? cpu.primary : Math.max(cpu.primary, cpu.board / shards);
}

/** How many times the boards' serial bottleneck allows the direct path's solves per second. */
export function gain(direct: PathCpu, boards: PathCpu, shards = 1): number {
  return bottleneckMs(direct) / bottleneckMs(boards, shards);
}

/**
 * How a cost grows with the crowd: the slope of log(cost) against log(solvers) between two sizes (0: not at
 * all; 1: in proportion).
 */
export function growthSlope(
  small: { solvers: number; cost: number },
  large: { solvers: number; cost: number },
) {
  return Math.log(large.cost / small.cost) / Math.log(large.solvers / small.solvers);
}

export interface RatioSeries {
  ratios: number[];
  median: number;
}

export function series(ratios: readonly number[]): RatioSeries {
  return { ratios: [...ratios], median: median(ratios) };
}

/** The `--json` line: the three rows' ratios per round and the medians of the per-solve figures. */
export interface SplitJson {
  rounds: number;
  fresh: RatioSeries;
  hot: RatioSeries;
  k4: RatioSeries;
  primaryPerBatch: { roundTrips: number; statements: number };
  boardStatementsPerSolve: number;
  boardCpuPerBare: number;
  workerCpuPerFloor: number;
  /** All processes' CPU per uncached first page of 50 with 100,000 prior solvers ÷ a bare GET, per path. */
  pageCpuPerBare: { boards: number; direct: number };
  /**
   * All processes' CPU per page of the floor's board (bench/split/floor.ts: from a board's memory, names
   * included) ÷ a bare GET: with a token checked in D1 as the service checks one, and without a token.
   */
  pageFloorPerBare: { viewer: number; anonymous: number };
  /** Log-log slopes from 1,000 to 100,000 prior solvers on the boards: CPU per solve and per uncached page. */
  growth: { solve: number; page: number };
  /** A player with a year of history's CPU per solve (all processes) ÷ a new player's, on the boards. */
  veteranCpuPerNew: number;
  /** Board CPU of one start (after an eviction) of the board with 100,000 prior solvers, ms; null: not seen. */
  boardStartMs: number | null;
}

/** The per-round figures the JSON summarises (one entry per round in each list). */
export interface SplitRounds {
  fresh: number[];
  hot: number[];
  k4: number[];
  primaryRoundTripsPerBatch: number[];
  primaryStatementsPerBatch: number[];
  boardStatementsPerSolve: number[];
  boardCpuPerBare: number[];
  workerCpuPerFloor: number[];
  pageCpuPerBare: { boards: number[]; direct: number[] };
  pageFloorPerBare: { viewer: number[]; anonymous: number[] };
  growth: { solve: number[]; page: number[] };
  veteranCpuPerNew: number[];
}

export function splitJson(r: SplitRounds, boardStartMs: number | null): SplitJson {
  return {
    rounds: r.fresh.length,
    fresh: series(r.fresh),
    hot: series(r.hot),
    k4: series(r.k4),
    primaryPerBatch: {
      roundTrips: median(r.primaryRoundTripsPerBatch),
      statements: median(r.primaryStatementsPerBatch),
    },
    boardStatementsPerSolve: median(r.boardStatementsPerSolve),
    boardCpuPerBare: median(r.boardCpuPerBare),
    workerCpuPerFloor: median(r.workerCpuPerFloor),
    pageCpuPerBare: { boards: median(r.pageCpuPerBare.boards), direct: median(r.pageCpuPerBare.direct) },
    pageFloorPerBare: {
      viewer: median(r.pageFloorPerBare.viewer),
      anonymous: median(r.pageFloorPerBare.anonymous),
    },
    growth: { solve: median(r.growth.solve), page: median(r.growth.page) },
    veteranCpuPerNew: median(r.veteranCpuPerNew),
    boardStartMs,
  };
}
