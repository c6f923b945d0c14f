import { EMPTY, FILLED } from './model.js';

/**
 * Exact single-line solver by dynamic programming over (cell, run), O(length × runs) per call.
 *
 * State (i, j): cells [0, i) hold exactly runs 0..j-1 and the next cell may start a run (i = 0 or cell
 * i-1 is empty). From (i, j) a line either leaves cell i empty → (i+1, j), or places run j on
 * [i, i+r) plus its trailing empty cell → (i+r+1, j+1). A run may end at the line's end: cell `length`
 * is treated as a virtual empty cell and state (length+1, j) as the end of the line.
 * A forward pass marks reachable states, a backward pass the states that can still finish the line;
 * every transition between the two says which values its cells may take. Only each run's band of
 * feasible positions (width = the line's slack + 1) is visited, and scratch arrays are allocated once
 * per solver, so the hot loop allocates nothing.
 */
export class DpLineSolver {
  private readonly forward: Uint8Array;
  private readonly backward: Uint8Array;
  /** Number of consecutive cells from i that may be filled. */
  private readonly fillable: Int32Array;
  /** 1 where cell i may be empty; 1 at the virtual cell `length`. */
  private readonly emptyOk: Uint8Array;
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
    this.emptyOk = new Uint8Array(maxLength + 1);
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
    // Typed arrays drop writes past their end, so an oversized line would quietly answer "no placement".
    if (k > this.maxRuns || length > this.maxLength) {
      throw new RangeError(
        `line of ${length} cells and ${k} runs exceeds ${this.maxLength} and ${this.maxRuns}`,
      );
    }
    const width = length + 2;
    const { forward: f, backward: b, fillable, emptyOk, canEmpty, fillDelta, low, high } = this;

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
    emptyOk[length] = 1;
    fillDelta[length] = 0;
    for (let i = length - 1; i >= 0; i--) {
      const cell = cells[i]!;
      fillable[i] = (cell & FILLED) !== 0 ? fillable[i + 1]! + 1 : 0;
      emptyOk[i] = cell & EMPTY;
      canEmpty[i] = 0;
      fillDelta[i] = 0;
    }

    f.fill(0, 0, width * (k + 1));
    b.fill(0, 0, width * (k + 1));
    f[0] = 1;
    for (let j = 0; j <= k; j++) {
      const row = j * width;
      const last = Math.min(high[j]!, length - 1);
      if (j === k) {
        for (let i = low[j]!; i <= last; i++) if (f[row + i] === 1 && emptyOk[i] === 1) f[row + i + 1] = 1;
        break;
      }
      const run = runs[j]!;
      const next = row + width + run + 1;
      for (let i = low[j]!; i <= last; i++) {
        if (f[row + i] === 0) continue;
        if (emptyOk[i] === 1) f[row + i + 1] = 1;
        if (fillable[i]! >= run && emptyOk[i + run] === 1) f[next + i] = 1;
      }
    }
    const end = k * width + length;
    if (f[end] === 0 && f[end + 1] === 0) return false;

    b[end] = 1;
    b[end + 1] = 1;
    for (let j = k; j >= 0; j--) {
      const row = j * width;
      const run = j < k ? runs[j]! : 0;
      const next = row + width + run + 1;
      for (let i = Math.min(high[j]!, length - 1); i >= low[j]!; i--) {
        let ok = false;
        if (emptyOk[i] === 1 && b[row + i + 1] === 1) {
          ok = true;
          if (f[row + i] === 1) canEmpty[i] = 1;
        }
        if (j < k && fillable[i]! >= run && emptyOk[i + run] === 1 && b[next + i] === 1) {
          ok = true;
          if (f[row + i] === 1) {
            fillDelta[i]!++;
            fillDelta[i + run]!--;
            canEmpty[i + run] = 1;
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
