import { FILLED, type PatternPuzzle, UNKNOWN } from './model.js';
import { Prober } from './probe.js';
import { Propagator, unknownCount } from './propagate.js';
import { lineRounds } from './rounds.js';
import { search } from './search.js';

/** Techniques in order of cost; a puzzle's `hardest` is the last one its solution needed. */
export const TECHNIQUES = ['line', 'probe', 'search'] as const;
export type Technique = (typeof TECHNIQUES)[number];

export interface SolveOptions {
  maxSolutions?: number;
  nodeLimit?: number;
  /** Give up (as `stoppedAt`) instead of running techniques beyond this one. */
  stopAfter?: Technique;
  /** Polled during search; true stops it as truncated. Lets benchmarks impose a time limit. */
  interrupt?: () => boolean;
}

export interface SolveReport {
  /** Row-major 0/1 grids, at most `maxSolutions`. */
  solutions: Uint8Array[];
  /** True when the node limit (or `interrupt`) stopped the search: the count is a lower bound. */
  truncated: boolean;
  /** The technique that stopped the run because of `stopAfter`, with cells still undecided. */
  stoppedAt?: Technique;
  /** The most expensive technique used. */
  hardest: Technique;
  nodes: number;
  lineSolves: number;
  /** When line logic alone solves the grid: its rounds over every line (rounds.ts), else 0. */
  lineRounds: number;
  /** Cells still undecided after line logic alone. */
  unknownAfterLine: number;
  probeDeductions: number;
  /** Probes that decided something: how often line logic stalled and a probe had to restart it. */
  probeHits: number;
  /** When logic (line, then probing) did not finish: the cells it left undecided. */
  undecided?: Int32Array;
}

export const DEFAULT_NODE_LIMIT = 20_000;

/** The complete solver: line logic, then probing, then search counting solutions up to a limit. */
export function solveClues(puzzle: PatternPuzzle, options: SolveOptions = {}): SolveReport {
  const maxSolutions = options.maxSolutions ?? 2;
  const nodeLimit = options.nodeLimit ?? DEFAULT_NODE_LIMIT;
  const prop = new Propagator(puzzle);
  const cells = prop.blank();
  prop.enqueueAll();
  const report: SolveReport = {
    solutions: [],
    truncated: false,
    hardest: 'line',
    nodes: 0,
    lineSolves: 0,
    lineRounds: 0,
    unknownAfterLine: 0,
    probeDeductions: 0,
    probeHits: 0,
  };
  const finish = (solution?: Uint8Array): SolveReport => {
    if (solution !== undefined) report.solutions.push(toBits(solution));
    report.lineSolves = prop.lineSolves;
    return report;
  };

  if (!prop.propagate(cells)) return finish();
  report.unknownAfterLine = unknownCount(cells);
  if (report.unknownAfterLine === 0) {
    report.lineRounds = lineRounds(puzzle).rounds;
    return finish(cells);
  }
  if (options.stopAfter === 'line') {
    report.stoppedAt = 'line';
    report.undecided = undecidedCells(cells);
    return finish();
  }

  report.hardest = 'probe';
  const prober = new Prober(prop);
  prober.interrupt = options.interrupt;
  const consistent = prober.run(cells);
  report.probeDeductions = prober.deductions;
  report.probeHits = prober.hits;
  if (!consistent) return finish();
  if (prober.interrupted) {
    report.truncated = true;
    return finish();
  }
  if (unknownCount(cells) === 0) return finish(cells);
  report.undecided = undecidedCells(cells);
  if (options.stopAfter === 'probe') {
    report.stoppedAt = 'probe';
    return finish();
  }

  report.hardest = 'search';
  const result = search(prop, cells, {
    maxSolutions,
    nodeLimit,
    prober,
    ...(options.interrupt === undefined ? {} : { interrupt: options.interrupt }),
  });
  report.nodes = result.nodes;
  report.truncated = result.truncated;
  for (const solution of result.solutions) report.solutions.push(toBits(solution));
  return finish();
}

function undecidedCells(cells: Uint8Array): Int32Array {
  const list: number[] = [];
  for (let i = 0; i < cells.length; i++) if (cells[i] === UNKNOWN) list.push(i);
  return Int32Array.from(list);
}

/** Domain bits (all decided) → 0/1. */
function toBits(cells: Uint8Array): Uint8Array {
  const bits = new Uint8Array(cells.length);
  for (let i = 0; i < cells.length; i++) bits[i] = cells[i] === FILLED ? 1 : 0;
  return bits;
}
