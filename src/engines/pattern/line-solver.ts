import { BitLineSolver, MAX_BIT_LINE } from './line-bits.js';
import { DpLineSolver } from './line-dp.js';

/**
 * Exact single-line solver: the bit-parallel DP for lines up to MAX_BIT_LINE cells (every generated or
 * parsed puzzle), the array DP for the longer lines of public puzzles the benchmarks solve.
 */
export class LineSolver {
  private readonly bits: BitLineSolver;
  private long: DpLineSolver | undefined;

  constructor(
    readonly maxLength: number,
    readonly maxRuns: number,
  ) {
    this.bits = new BitLineSolver(maxRuns);
  }

  /**
   * Narrows `cells[0..length)` (domain bits) to the values some placement of `runs` allows, writing the
   * result to `out`. Returns false when no placement fits (then `out` is unspecified).
   */
  solve(runs: ArrayLike<number>, length: number, cells: ArrayLike<number>, out: Uint8Array): boolean {
    if (length <= MAX_BIT_LINE) return this.bits.solve(runs, length, cells, out);
    this.long ??= new DpLineSolver(this.maxLength, this.maxRuns);
    return this.long.solve(runs, length, cells, out);
  }
}
