import { EMPTY, FILLED, UNKNOWN } from './model.js';
import type { Prober } from './probe.js';
import type { Propagator } from './propagate.js';

export interface SearchOptions {
  /** Stop once this many solutions are found. */
  maxSolutions: number;
  /** Stop after this many branch nodes; the result is then `truncated`. */
  nodeLimit: number;
  /** Probing at every node: costlier nodes, far fewer of them on hard grids. */
  prober?: Prober;
  /** Polled at every node; returning true stops the search as truncated (benchmarks use a clock). */
  interrupt?: () => boolean;
}

export interface SearchResult {
  solutions: Uint8Array[];
  nodes: number;
  truncated: boolean;
}

/**
 * Depth-first search that counts solutions up to a limit. `root` must be at the propagation fixpoint
 * and, with a prober, freshly probed by it (its `bestCell` is the root's branch cell).
 * Each node fixes one cell both ways; children are propagated (and probed) before they are pushed,
 * so a dead branch costs one node. An explicit stack keeps deep grids (thousands of cells) off the
 * call stack.
 */
export function search(prop: Propagator, root: Uint8Array, options: SearchOptions): SearchResult {
  const solutions: Uint8Array[] = [];
  const { prober } = options;
  // With probing, each grid's branch cell is the prober's pick, made when that grid was probed.
  const stack: Uint8Array[] = [root];
  const branches: number[] = [prober === undefined ? branchCell(prop, root) : prober.bestCell];
  let nodes = 0;
  while (stack.length > 0) {
    const cells = stack.pop()!;
    const cell = branches.pop()!;
    if (cell < 0) {
      solutions.push(cells);
      if (solutions.length >= options.maxSolutions) return { solutions, nodes, truncated: false };
      continue;
    }
    // Pushed in reverse so the filled branch is explored first.
    for (const value of [EMPTY, FILLED]) {
      if (nodes >= options.nodeLimit || options.interrupt?.() === true) {
        return { solutions, nodes, truncated: true };
      }
      nodes++;
      const child = cells.slice();
      prop.resetTrail();
      prop.assign(child, cell, value);
      if (!prop.propagate(child)) continue;
      if (prober === undefined) {
        stack.push(child);
        branches.push(branchCell(prop, child));
        continue;
      }
      if (!prober.runAround(child)) continue;
      if (prober.interrupted) return { solutions, nodes, truncated: true };
      stack.push(child);
      branches.push(prober.bestCell >= 0 ? prober.bestCell : branchCell(prop, child));
    }
  }
  return { solutions, nodes, truncated: false };
}

/**
 * The first undecided cell of the line with the fewest undecided cells: short lines are the most
 * constrained, so a guess there propagates furthest. -1 when the grid is complete.
 */
function branchCell(prop: Propagator, cells: Uint8Array): number {
  const { width, height } = prop;
  let best = -1;
  let bestUnknown = Number.POSITIVE_INFINITY;
  // Rows (start r·width, step 1), then columns (start c, step width), in that order.
  const scan = (start: number, step: number, length: number) => {
    let unknown = 0;
    let first = -1;
    for (let k = 0, i = start; k < length; k++, i += step) {
      if (cells[i] === UNKNOWN) {
        if (first < 0) first = i;
        unknown++;
      }
    }
    if (unknown > 0 && unknown < bestUnknown) {
      bestUnknown = unknown;
      best = first;
    }
  };
  for (let r = 0; r < height; r++) scan(r * width, 1, width);
  for (let c = 0; c < width; c++) scan(c, width, height);
  return best;
}
