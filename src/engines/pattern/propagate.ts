import { WorkQueue } from '../work-queue.js';
import { LineSolver } from './line-solver.js';
import { type PatternPuzzle, UNKNOWN } from './model.js';

/**
 * Line logic to a fixpoint, driven by a queue of lines whose cells changed (not full sweeps).
 * Lines 0..height-1 are the rows, height..height+width-1 the columns. One Propagator per puzzle holds
 * the clue data, line geometry and all scratch space; `cells` (domain bits, row-major) is passed in so
 * probing and search can run it on copies.
 */
export class Propagator {
  readonly width: number;
  readonly height: number;
  readonly size: number;
  readonly lineCount: number;
  private readonly runs: Int32Array[];
  private readonly lengths: Int32Array;
  /** cellOf[line * stride + p] = grid index of the p-th cell of `line`. */
  private readonly cellOf: Int32Array;
  private readonly stride: number;
  private readonly solver: LineSolver;
  private readonly lineIn: Uint8Array;
  private readonly lineOut: Uint8Array;
  private readonly queue: WorkQueue;
  /**
   * Undo log of (cell, previous value) pairs. Domains only shrink, so between two `resetTrail` calls on
   * one grid every cell is written at most once and `size` entries suffice.
   */
  private readonly trailCell: Int32Array;
  private readonly trailValue: Uint8Array;
  trailLength = 0;
  /** Line-solver calls so far (the grader's measure of work). */
  lineSolves = 0;

  constructor(puzzle: PatternPuzzle) {
    const { width, height } = puzzle;
    this.width = width;
    this.height = height;
    this.size = width * height;
    this.lineCount = width + height;
    this.runs = [...puzzle.rows, ...puzzle.cols].map((clue) => Int32Array.from(clue));
    this.stride = Math.max(width, height);
    this.lengths = new Int32Array(this.lineCount);
    this.cellOf = new Int32Array(this.lineCount * this.stride);
    for (let r = 0; r < height; r++) {
      this.lengths[r] = width;
      for (let c = 0; c < width; c++) this.cellOf[r * this.stride + c] = r * width + c;
    }
    for (let c = 0; c < width; c++) {
      this.lengths[height + c] = height;
      for (let r = 0; r < height; r++) this.cellOf[(height + c) * this.stride + r] = r * width + c;
    }
    const maxRuns = this.runs.reduce((m, runs) => Math.max(m, runs.length), 0);
    this.solver = new LineSolver(this.stride, maxRuns);
    this.lineIn = new Uint8Array(this.stride);
    this.lineOut = new Uint8Array(this.stride);
    this.queue = new WorkQueue(this.lineCount);
    this.trailCell = new Int32Array(this.size);
    this.trailValue = new Uint8Array(this.size);
  }

  /** Starts a new undo epoch (the caller will not undo past this point). */
  resetTrail(): void {
    this.trailLength = 0;
  }

  /** Sets a cell, logs it for `undo` and queues its lines. */
  assign(cells: Uint8Array, index: number, value: number): void {
    this.record(cells, index, value);
    this.enqueueCell(index);
  }

  /** Sets a cell and logs it for `undo` without queueing (for replaying a known fixpoint). */
  record(cells: Uint8Array, index: number, value: number): void {
    this.trailCell[this.trailLength] = index;
    this.trailValue[this.trailLength] = cells[index]!;
    this.trailLength++;
    cells[index] = value;
  }

  /** Restores every cell written since the trail had length `mark`. */
  undo(cells: Uint8Array, mark: number): void {
    while (this.trailLength > mark) {
      this.trailLength--;
      cells[this.trailCell[this.trailLength]!] = this.trailValue[this.trailLength]!;
    }
  }

  /** The cell logged at trail position `at` (for reading what a propagation changed). */
  trailCellAt(at: number): number {
    return this.trailCell[at]!;
  }

  /** A grid with every cell unknown. */
  blank(): Uint8Array {
    return new Uint8Array(this.size).fill(UNKNOWN);
  }

  enqueueAll(): void {
    for (let line = 0; line < this.lineCount; line++) this.enqueue(line);
  }

  /** Queues the row and the column through cell `index` (after the caller changed it). */
  enqueueCell(index: number): void {
    this.enqueue(Math.floor(index / this.width));
    this.enqueue(this.height + (index % this.width));
  }

  enqueue(line: number): void {
    this.queue.push(line);
  }

  /** Runs the queued lines to a fixpoint; false on a contradiction (the queue is then emptied). */
  propagate(cells: Uint8Array): boolean {
    const { stride, cellOf, lineIn, lineOut, height } = this;
    while (this.queue.size > 0) {
      const line = this.queue.pop();
      const length = this.lengths[line]!;
      const base = line * stride;
      for (let p = 0; p < length; p++) lineIn[p] = cells[cellOf[base + p]!]!;
      this.lineSolves++;
      if (!this.solver.solve(this.runs[line]!, length, lineIn, lineOut)) {
        this.queue.clear();
        return false;
      }
      const isRow = line < height;
      for (let p = 0; p < length; p++) {
        const value = lineOut[p]!;
        if (value === lineIn[p]) continue;
        this.record(cells, cellOf[base + p]!, value);
        // Only the crossing line can learn from this cell: this line is already at its own fixpoint.
        this.enqueue(isRow ? height + p : p);
      }
    }
    return true;
  }
}

export function unknownCount(cells: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < cells.length; i++) if (cells[i] === UNKNOWN) n++;
  return n;
}
