import { EMPTY, FILLED } from './model.js';

/**
 * Exact single-line solver by dynamic programming over (cell, run), O(length × runs) per call.
 *
 * State (i, j): cells [0, i) hold exactly runs 0..j-1 and the next cell may start a run (i = 0 or cell
 * i-1 is empty). From (i, j) a line either leaves cell i empty → (i+1, j), or places run j on
 * [i, i+r) plus its trailing empty cell → (i+r+1, j+1) (or (length, j+1) at the line's end).
 * A forward pass marks reachable states, a backward pass the states that can still finish the line;
 * every transition between the two says which values its cells may take. Only each run's band of
 * feasible positions (width = the line's slack + 1) is visited, and scratch arrays are allocated once
 * per solver, so the hot loop allocates nothing.
 */
export class LineSolver {
  private readonly forward: Uint8Array;
  private readonly backward: Uint8Array;
  /** Number of consecutive cells from i that may be filled. */
  private readonly fillable: Int32Array;
  private readonly canEmpty: Uint8Array;
  /** Difference array of "may be filled" ranges. */
  private readonly fillDelta: Int32Array;
  /** First and last position of state (·, j) that leaves room for the runs on both sides. */
  private readonly low: Int32Array;
  private readonly high: Int32Array;

  constructor(
    readonly maxLength: number,
    readonly maxRuns: number,
  ) {
    const states = (maxLength + 2) * (maxRuns + 1);
    this.forward = new Uint8Array(states);
    this.backward = new Uint8Array(states);
    this.fillable = new Int32Array(maxLength + 1);
    this.canEmpty = new Uint8Array(maxLength + 1);
    this.fillDelta = new Int32Array(maxLength + 1);
    this.low = new Int32Array(maxRuns + 1);
    this.high = new Int32Array(maxRuns + 1);
  }

  /**
   * Narrows `cells[0..length)` (domain bits) to the values some placement of `runs` allows, writing the
   * result to `out`. Returns false when no placement fits (then `out` is unspecified).
   */
  solve(runs: ArrayLike<number>, length: number, cells: ArrayLike<number>, out: Uint8Array): boolean {
    const k = runs.length;
    const width = length + 1;
    const { forward: f, backward: b, fillable, canEmpty, fillDelta, low, high } = this;

    let prefix = 0;
    for (let j = 0; j <= k; j++) {
      low[j] = Math.min(prefix, length);
      if (j < k) prefix += runs[j]! + 1;
    }
    let suffix = -1;
    high[k] = length;
    for (let j = k - 1; j >= 0; j--) {
      suffix += runs[j]! + 1;
      high[j] = length - suffix;
    }
    if (k > 0 && high[0]! < 0) return false;

    fillable[length] = 0;
    for (let i = length - 1; i >= 0; i--) {
      fillable[i] = (cells[i]! & FILLED) !== 0 ? fillable[i + 1]! + 1 : 0;
    }

    // Row j of the tables is read at positions up to high[j] + 1, so clear whole rows.
    f.fill(0, 0, width * (k + 1));
    f[0] = 1;
    for (let j = 0; j <= k; j++) {
      const row = j * width;
      const run = j < k ? runs[j]! : 0;
      const last = Math.min(high[j]!, length - 1);
      for (let i = low[j]!; i <= last; i++) {
        if (f[row + i] === 0) continue;
        if ((cells[i]! & EMPTY) !== 0) f[row + i + 1] = 1;
        if (j < k && fillable[i]! >= run) {
          const end = i + run;
          if (end === length) f[row + width + length] = 1;
          else if ((cells[end]! & EMPTY) !== 0) f[row + width + end + 1] = 1;
        }
      }
    }
    if (f[k * width + length] === 0) return false;

    b.fill(0, 0, width * (k + 1));
    b[k * width + length] = 1;
    canEmpty.fill(0, 0, length);
    fillDelta.fill(0, 0, length + 1);
    for (let j = k; j >= 0; j--) {
      const row = j * width;
      const run = j < k ? runs[j]! : 0;
      for (let i = Math.min(high[j]!, length - 1); i >= low[j]!; i--) {
        let ok = false;
        if ((cells[i]! & EMPTY) !== 0 && b[row + i + 1] === 1) {
          ok = true;
          if (f[row + i] === 1) canEmpty[i] = 1;
        }
        if (j < k && fillable[i]! >= run) {
          const end = i + run;
          let next = false;
          if (end === length) next = b[row + width + length] === 1;
          else if ((cells[end]! & EMPTY) !== 0) next = b[row + width + end + 1] === 1;
          if (next) {
            ok = true;
            if (f[row + i] === 1) {
              fillDelta[i]!++;
              fillDelta[end]!--;
              if (end < length) canEmpty[end] = 1;
            }
          }
        }
        if (ok) b[row + i] = 1;
      }
    }

    let filled = 0;
    for (let i = 0; i < length; i++) {
      filled += fillDelta[i]!;
      out[i] = canEmpty[i]! | (filled > 0 ? FILLED : 0);
    }
    return true;
  }
}
