import type { SolveLimits, SolveResult } from '../types.js';
import { heightOf, popcount } from './bits.js';
import { type Geometry, geometryOf } from './geometry.js';
import type { SignalPuzzle, SignalSolution } from './model.js';
import { initialDomains, Propagator } from './propagate.js';

export const DEFAULT_NODE_LIMIT = 200_000;

/**
 * Complete solver: queue propagation, then depth-first search on the cell with the fewest candidates
 * (minimum remaining values), counting solutions up to `maxSolutions`. A search stopped by `nodeLimit`
 * reports `truncated` and its count is only a lower bound.
 */
export function solve(
  puzzle: SignalPuzzle,
  limits: SolveLimits = {},
  geo: Geometry = geometryOf(puzzle),
): SolveResult<SignalSolution> {
  const domains = initialDomains(puzzle, geo);
  if (domains === null) return { solutions: [], nodes: 0, truncated: false };
  return solveFrom(geo, domains, limits);
}

/** The same search from given candidates (the grader calls it where its techniques run out). */
export function solveFrom(
  geo: Geometry,
  start: Uint16Array,
  limits: SolveLimits = {},
): SolveResult<SignalSolution> {
  const maxSolutions = limits.maxSolutions ?? 2;
  const nodeLimit = limits.nodeLimit ?? DEFAULT_NODE_LIMIT;
  const { n } = geo;
  const cellCount = n * n;
  const propagator = new Propagator(geo);
  // One candidate array per depth: each level decides at least one more cell, so n² + 1 levels suffice.
  const stack: Uint16Array[] = [];
  for (let depth = 0; depth <= cellCount; depth++) stack.push(new Uint16Array(cellCount));
  const solutions: SignalSolution[] = [];
  let nodes = 0;
  let truncated = false;

  const search = (depth: number): void => {
    const domains = stack[depth] as Uint16Array;
    let best = -1;
    let bestSize = 99;
    for (let cell = 0; cell < cellCount; cell++) {
      const size = popcount(domains[cell] ?? 0);
      if (size > 1 && size < bestSize) {
        best = cell;
        bestSize = size;
        if (size === 2) break;
      }
    }
    if (best < 0) {
      let grid = '';
      for (let cell = 0; cell < cellCount; cell++) grid += heightOf(domains[cell] ?? 0);
      solutions.push({ grid });
      return;
    }
    const child = stack[depth + 1] as Uint16Array;
    let candidates = domains[best] ?? 0;
    while (candidates !== 0) {
      const bit = candidates & -candidates;
      candidates ^= bit;
      if (nodes >= nodeLimit) {
        truncated = true;
        return;
      }
      nodes++;
      child.set(domains);
      child[best] = bit;
      if (propagator.propagateFrom(child, best)) search(depth + 1);
      if (truncated || solutions.length >= maxSolutions) return;
    }
  };

  const root = stack[0] as Uint16Array;
  root.set(start);
  if (propagator.propagateAll(root)) search(0);
  return { solutions, nodes, truncated };
}
