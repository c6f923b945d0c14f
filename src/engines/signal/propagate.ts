import { WorkQueue } from '../work-queue.js';
import { bitOf, fullMask, isSingle } from './bits.js';
import { applyClueBounds } from './bounds.js';
import type { Geometry } from './geometry.js';
import { LINE_CONTRADICTION, LINE_NARROWED, LineReviser } from './line.js';
import type { SignalPuzzle } from './model.js';

/** Probe nodes one clued line may spend per revision before the propagator leaves it to the search. */
const LINE_BUDGET = 4000;

/** Candidates from the givens and the clue bounds, before any propagation; null if a cell is left empty. */
export function initialDomains(puzzle: SignalPuzzle, geo: Geometry): Uint16Array | null {
  const { n } = puzzle;
  const domains = new Uint16Array(n * n).fill(fullMask(n));
  for (let cell = 0; cell < n * n; cell++) {
    const ch = puzzle.givens.charCodeAt(cell) - 48;
    if (ch >= 1 && ch <= n) domains[cell] = bitOf(ch);
  }
  applyClueBounds(geo, domains);
  return domains.includes(0) ? null : domains;
}

/**
 * Queue-driven propagation to a fixpoint: a decided cell removes its height from its row and column;
 * a line whose candidates changed is queued once for hidden singles and, when it has a clue, for the
 * permutation revision of `LineReviser`. Only what changed is revisited, never a full sweep.
 */
export class Propagator {
  readonly geo: Geometry;
  private readonly reviser: LineReviser;
  private readonly decided: Int32Array;
  private decidedCount = 0;
  private readonly lineQueue: WorkQueue;
  private readonly scratch: Uint16Array;

  constructor(geo: Geometry) {
    const { n } = geo;
    this.geo = geo;
    this.reviser = new LineReviser(n);
    // Candidates only shrink, so a cell is decided at most once per propagation: n² slots (+1 for the search's).
    this.decided = new Int32Array(n * n + 1);
    this.lineQueue = new WorkQueue(2 * n);
    this.scratch = new Uint16Array(n);
  }

  /** Propagates from scratch: every decided cell and every line is considered. */
  propagateAll(domains: Uint16Array): boolean {
    this.reset();
    const { n } = this.geo;
    for (let cell = 0; cell < n * n; cell++) if (isSingle(domains[cell] ?? 0)) this.pushDecided(cell);
    for (let l = 0; l < 2 * n; l++) this.lineQueue.push(l);
    return this.run(domains);
  }

  /** Propagates after the search decided `cell`. */
  propagateFrom(domains: Uint16Array, cell: number): boolean {
    this.reset();
    this.pushDecided(cell);
    this.touch(cell);
    return this.run(domains);
  }

  private reset(): void {
    this.decidedCount = 0;
    this.lineQueue.clear();
  }

  private pushDecided(cell: number): void {
    this.decided[this.decidedCount++] = cell;
  }

  /** Queues the two lines through a cell whose candidates changed. */
  private touch(cell: number): void {
    const { n } = this.geo;
    this.lineQueue.push(Math.floor(cell / n));
    this.lineQueue.push(n + (cell % n));
  }

  private narrow(domains: Uint16Array, cell: number, mask: number): boolean {
    const before = domains[cell] ?? 0;
    const after = before & mask;
    if (after === before) return true;
    if (after === 0) return false;
    domains[cell] = after;
    this.touch(cell);
    if (isSingle(after)) this.pushDecided(cell);
    return true;
  }

  private run(domains: Uint16Array): boolean {
    const { n, cells, front, back, peers } = this.geo;
    const degree = 2 * n - 2;
    const full = fullMask(n);
    for (;;) {
      while (this.decidedCount > 0) {
        const cell = this.decided[--this.decidedCount] ?? 0;
        const bit = domains[cell] ?? 0;
        for (let k = cell * degree, end = k + degree; k < end; k++) {
          if (!this.narrow(domains, peers[k] ?? 0, ~bit)) return false;
        }
      }
      if (this.lineQueue.size === 0) return true;
      const line = this.lineQueue.pop();
      const base = line * n;
      // Hidden singles: a height that fits one cell of the line goes there.
      let once = 0;
      let twice = 0;
      for (let i = 0; i < n; i++) {
        const d = domains[cells[base + i] ?? 0] ?? 0;
        twice |= once & d;
        once |= d;
      }
      if (once !== full) return false;
      let singles = once & ~twice;
      while (singles !== 0) {
        const bit = singles & -singles;
        singles ^= bit;
        for (let i = 0; i < n; i++) {
          const cell = cells[base + i] ?? 0;
          if ((domains[cell] ?? 0) & bit) {
            if (!this.narrow(domains, cell, bit)) return false;
            break;
          }
        }
      }
      const f = front[line] ?? 0;
      const b = back[line] ?? 0;
      if (f === 0 && b === 0) continue;
      // Also run on a fully decided line: it still has to show its clues.
      for (let i = 0; i < n; i++) this.scratch[i] = domains[cells[base + i] ?? 0] ?? 0;
      const verdict = this.reviser.revise(this.scratch, f, b, LINE_BUDGET);
      if (verdict === LINE_CONTRADICTION) return false;
      if (verdict !== LINE_NARROWED) continue;
      const result = this.reviser.result;
      for (let i = 0; i < n; i++) {
        if (!this.narrow(domains, cells[base + i] ?? 0, result[i] ?? 0)) return false;
      }
    }
  }
}
