import { EMPTY, FILLED, UNKNOWN } from './model.js';
import type { Propagator } from './propagate.js';

/**
 * Probing: assume an undecided cell filled, then empty, and run line logic on each assumption. A
 * branch that contradicts fixes the cell to the other value; cells both branches agree on are fixed.
 * Both branches run in place on the grid and are rolled back through the propagator's trail, so a
 * probe costs what it changes, not the grid's size.
 */
export class Prober {
  /** Cells the filled branch decided, and the values it gave them. */
  private readonly branchCells: Int32Array;
  private readonly branchValues: Uint8Array;
  private readonly agreedCells: Int32Array;
  private readonly agreedValues: Uint8Array;
  /** Cells fixed by probing, including their line-logic consequences (the grader's measure). */
  deductions = 0;
  /** Probes that decided something (a contradiction or cells both branches agree on) so far. */
  hits = 0;
  /** Single-assumption propagations run so far. */
  probes = 0;
  /**
   * After `run`: the undecided cell whose two branches decided the most cells (the product of both
   * counts), -1 if none is left. Every undecided cell is probed in the final quiet pass, after the last
   * change, so this is measured on the final grid: search branches there.
   */
  bestCell = -1;
  /** Set when `interrupt` stopped the last run (its result is then incomplete, not wrong). */
  interrupted = false;
  /** Polled every 64 probes; true stops probing early. */
  interrupt: (() => boolean) | undefined;

  /** The cells one run visits, in order, and a per-line mark used to build it. */
  private readonly order: Int32Array;
  private readonly lineMarks: Uint8Array;

  constructor(private readonly prop: Propagator) {
    this.order = new Int32Array(prop.size);
    this.lineMarks = new Uint8Array(prop.lineCount);
    this.branchCells = new Int32Array(prop.size);
    this.branchValues = new Uint8Array(prop.size);
    this.agreedCells = new Int32Array(prop.size);
    this.agreedValues = new Uint8Array(prop.size);
  }

  /**
   * Probes until a full pass over the undecided cells learns nothing. `cells` must be at the line-logic
   * fixpoint; it is narrowed in place. Returns false when the grid has no solution.
   */
  run(cells: Uint8Array): boolean {
    for (let i = 0; i < this.prop.size; i++) this.order[i] = i;
    return this.sweep(cells, this.prop.size);
  }

  /**
   * Probes only the undecided cells on the lines the last propagation changed (the propagator's trail
   * since its last reset). Search uses this at its nodes: a new guess mostly matters near where its
   * consequences landed, and a full sweep of a large open grid per node costs more than it saves.
   */
  runAround(cells: Uint8Array): boolean {
    const { prop, order, lineMarks } = this;
    const { width, height } = prop;
    lineMarks.fill(0);
    for (let at = 0; at < prop.trailLength; at++) {
      const cell = prop.trailCellAt(at);
      lineMarks[Math.floor(cell / width)] = 1;
      lineMarks[height + (cell % width)] = 1;
    }
    let count = 0;
    for (let r = 0; r < height; r++) {
      if (lineMarks[r] === 0) continue;
      for (let c = 0; c < width; c++) if (cells[r * width + c] === UNKNOWN) order[count++] = r * width + c;
    }
    for (let c = 0; c < width; c++) {
      if (lineMarks[height + c] === 0) continue;
      for (let r = 0; r < height; r++) {
        if (lineMarks[r] === 0 && cells[r * width + c] === UNKNOWN) order[count++] = r * width + c;
      }
    }
    return this.sweep(cells, count);
  }

  private sweep(cells: Uint8Array, count: number): boolean {
    const { prop, order, branchCells, branchValues, agreedCells, agreedValues } = this;
    prop.resetTrail();
    let quietSince = 0;
    let k = 0;
    let bestScore = -1;
    this.bestCell = -1;
    this.interrupted = false;
    for (let steps = 0; steps - quietSince < count; steps++, k = k + 1 === count ? 0 : k + 1) {
      const i = order[k]!;
      if (cells[i] !== UNKNOWN) continue;
      this.probes += 2;
      if ((this.probes & 127) === 0 && this.interrupt?.() === true) {
        this.interrupted = true;
        return true;
      }
      const start = prop.trailLength;
      prop.assign(cells, i, FILLED);
      const filledOk = prop.propagate(cells);
      let changed = 0;
      if (filledOk) {
        for (let at = start; at < prop.trailLength; at++) {
          const cell = prop.trailCellAt(at);
          branchCells[changed] = cell;
          branchValues[changed] = cells[cell]!;
          changed++;
        }
      }
      prop.undo(cells, start);
      prop.assign(cells, i, EMPTY);
      const emptyOk = prop.propagate(cells);
      if (!filledOk && !emptyOk) return false;
      if (filledOk && emptyOk) {
        let agreedCount = 0;
        for (let k = 0; k < changed; k++) {
          if (cells[branchCells[k]!] === branchValues[k]) {
            agreedCells[agreedCount] = branchCells[k]!;
            agreedValues[agreedCount] = branchValues[k]!;
            agreedCount++;
          }
        }
        const score = changed * (prop.trailLength - start);
        prop.undo(cells, start);
        if (agreedCount === 0) {
          if (score > bestScore) {
            bestScore = score;
            this.bestCell = i;
          }
          continue;
        }
        for (let k = 0; k < agreedCount; k++) prop.assign(cells, agreedCells[k]!, agreedValues[k]!);
        if (!prop.propagate(cells)) return false;
      } else if (filledOk) {
        // The empty branch failed: replay the filled branch's fixpoint instead of recomputing it.
        prop.undo(cells, start);
        for (let k = 0; k < changed; k++) prop.record(cells, branchCells[k]!, branchValues[k]!);
      }
      this.deductions += prop.trailLength - start;
      this.hits++;
      quietSince = steps;
      bestScore = -1;
      this.bestCell = -1;
    }
    return true;
  }
}
