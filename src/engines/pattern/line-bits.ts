import { EMPTY, FILLED } from './model.js';

/** Longest line the bit-parallel solver takes: its states 0..length+1 must fit the 32 bits of an int. */
export const MAX_BIT_LINE = 30;

/**
 * The dynamic program of line-dp.ts, run on all cell positions at once: bit p of a mask stands for state
 * (p, j) of that DP (cells [0, p) hold runs 0..j-1 and cell p may start a run), so one run costs a few
 * dozen integer operations whatever the line's length or its number of placements. Runs must be positive
 * (parse.ts guarantees it) and lines at most MAX_BIT_LINE cells (the largest puzzle side).
 *
 * Forward: from the reachable states of j runs, the starts where run j fits the known cells, shifted past
 * the run and its trailing empty cell, then extended through cells that may be empty. Backward, the same
 * towards the line's start gives the states that can still finish the line. A start both reachable and
 * finishable is a feasible placement of run j: its cells may be filled and the cell after it empty; a
 * cell may also be empty as a gap between states (c, j) and (c + 1, j) that are reachable and finishable.
 */
export class BitLineSolver {
  /** reach[j]: forward-reachable states with j runs placed. */
  private readonly reach: Int32Array;
  /** fits[j]: starts where run j's cells may be filled and the cell after it empty (or the line end). */
  private readonly fits: Int32Array;
  /** Bit i after a successful `solveMasks`: cell i may be filled. */
  mayFill = 0;
  /** Bit i after a successful `solveMasks`: cell i may be empty. */
  mayEmpty = 0;

  constructor(readonly maxRuns: number) {
    this.reach = new Int32Array(maxRuns + 1);
    this.fits = new Int32Array(maxRuns + 1);
  }

  /** Same contract as DpLineSolver.solve, for lines of at most MAX_BIT_LINE cells. */
  solve(runs: ArrayLike<number>, length: number, cells: ArrayLike<number>, out: Uint8Array): boolean {
    let fill = 0;
    let empty = 0;
    for (let i = 0; i < length; i++) {
      const cell = cells[i]!;
      fill |= ((cell & FILLED) >> 1) << i;
      empty |= (cell & EMPTY) << i;
    }
    if (!this.solveMasks(runs, length, fill, empty)) return false;
    const { mayFill, mayEmpty } = this;
    for (let i = 0; i < length; i++) out[i] = ((mayEmpty >>> i) & EMPTY) | (((mayFill >>> i) << 1) & FILLED);
    return true;
  }

  /**
   * Bit i of `fill` / `empty`: cell i may be filled / empty. Leaves the narrowed masks in `mayFill` and
   * `mayEmpty`; returns false when no placement fits.
   */
  solveMasks(runs: ArrayLike<number>, length: number, fill: number, empty: number): boolean {
    const k = runs.length;
    // Typed arrays drop writes past their end, so more runs than sized for would answer wrongly.
    if (k > this.maxRuns || length > MAX_BIT_LINE) {
      throw new RangeError(
        `line of ${length} cells and ${k} runs exceeds ${MAX_BIT_LINE} and ${this.maxRuns}`,
      );
    }
    const { reach, fits } = this;
    const ends = (1 << length) | (1 << (length + 1));
    const emptyOrEnd = empty | (1 << length);
    // fillN bit s: cells s..s+N-1 may all be filled; any run length is two overlapping such windows.
    const fill2 = fill & (fill >>> 1);
    const fill4 = fill2 & (fill2 >>> 2);
    const fill8 = fill4 & (fill4 >>> 4);
    const fill16 = fill8 & (fill8 >>> 8);

    let states = upFill(1, empty);
    reach[0] = states;
    for (let j = 0; j < k; j++) {
      const run = runs[j]!;
      if (run > length) return false;
      let window: number;
      let span: number;
      if (run >= 16) {
        window = fill16;
        span = 16;
      } else if (run >= 8) {
        window = fill8;
        span = 8;
      } else if (run >= 4) {
        window = fill4;
        span = 4;
      } else if (run >= 2) {
        window = fill2;
        span = 2;
      } else {
        window = fill;
        span = 1;
      }
      const fit = window & (window >>> (run - span)) & (emptyOrEnd >>> run);
      fits[j] = fit;
      const starts = states & fit;
      if (starts === 0) return false;
      states = upFill(starts << (run + 1), empty);
      reach[j + 1] = states;
    }
    if ((states & ends) === 0) return false;

    // emptyN bit c: cells c..c+N-1 may all be empty, for filling towards the line's start in log steps.
    const empty2 = empty & (empty >>> 1);
    const empty4 = empty2 & (empty2 >>> 2);
    const empty8 = empty4 & (empty4 >>> 4);
    const empty16 = empty8 & (empty8 >>> 8);
    let back = ends;
    back |= (back >>> 1) & empty;
    back |= (back >>> 2) & empty2;
    back |= (back >>> 4) & empty4;
    back |= (back >>> 8) & empty8;
    back |= (back >>> 16) & empty16;
    let mayEmpty = states & empty & (back >>> 1);
    let mayFill = 0;
    for (let j = k - 1; j >= 0; j--) {
      const run = runs[j]!;
      back = fits[j]! & (back >>> (run + 1));
      const placed = reach[j]! & back;
      // Smear each feasible start over its run's cells: doubling spans, then one overlapping shift.
      let cover = placed;
      let span = 1;
      while (span * 2 <= run) {
        cover |= cover << span;
        span *= 2;
      }
      mayFill |= cover | (cover << (run - span));
      mayEmpty |= placed << run;
      back |= (back >>> 1) & empty;
      back |= (back >>> 2) & empty2;
      back |= (back >>> 4) & empty4;
      back |= (back >>> 8) & empty8;
      back |= (back >>> 16) & empty16;
      mayEmpty |= reach[j]! & empty & (back >>> 1);
    }
    this.mayFill = mayFill;
    this.mayEmpty = mayEmpty & ((1 << length) - 1);
    return true;
  }
}

/**
 * The states reachable from `from` by leaving cells empty: a carry entering a block of consecutive
 * may-be-empty cells at a seed runs to the first cell after the block, setting every state on the way.
 */
function upFill(from: number, empty: number): number {
  return (((from & empty) + empty) ^ empty) | from;
}
