import { GUESS, OFF, ON, type Propagator, UNKNOWN } from './propagate.js';

export interface SearchLimits {
  maxSolutions: number;
  nodeLimit: number;
  /** Propagation tier at every node (2 = all incremental rules). */
  tier: number;
}

export interface SearchResult {
  /** Solutions as edge bit strings. */
  solutions: string[];
  nodes: number;
  truncated: boolean;
}

export const DEFAULT_NODE_LIMIT = 20_000;
/**
 * Probing budget, in assumed edges per allowed search node. Probing pays off on published boards (a
 * handful of nodes instead of thousands) but costs two propagations per open edge, so on huge open
 * boards it must stop: then the search simply goes on without it.
 */
const PROBES_PER_NODE = 4;
/** Probes stop at the local rules: the parity tier re-scans the whole board whenever it stalls. */
const PROBE_TIER = 1;

/**
 * Counts solutions from a state by branching on one edge at a time, propagating and probing after every
 * choice and pruning branches whose lines can no longer join into one loop. `state` is propagated here; the root
 * counts as one node.
 */
export function search(prop: Propagator, state: Int32Array, limits: SearchLimits): SearchResult {
  const { geo, layout: L } = prop;
  const solutions: string[] = [];
  let nodes = 1;
  let truncated = false;
  const stamp = new Uint32Array(geo.vertices);
  const stack = new Int32Array(geo.vertices);
  let generation = 0;
  // One buffer per depth, reused: allocating a state per node would dominate the search.
  const pool: Int32Array[] = [];

  /** Every line and every unsatisfied clue must be reachable from one line through edges not yet off. */
  const connected = (s: Int32Array): boolean => {
    if (s[L.onTotal] === 0) return true;
    let start = -1;
    for (let v = 0; v < geo.vertices && start < 0; v++) if (s[L.vertOn + v] !== 0) start = v;
    generation++;
    let top = 0;
    stack[top++] = start;
    stamp[start] = generation;
    while (top > 0) {
      const v = stack[--top] as number;
      for (let side = 0; side < 4; side++) {
        const e = geo.vertexEdges[v * 4 + side] as number;
        if (e < 0 || s[e] === OFF) continue;
        const w = (
          geo.edgeVertices[e * 2] === v ? geo.edgeVertices[e * 2 + 1] : geo.edgeVertices[e * 2]
        ) as number;
        if (stamp[w] !== generation) {
          stamp[w] = generation;
          stack[top++] = w;
        }
      }
    }
    for (let v = 0; v < geo.vertices; v++) if (s[L.vertOn + v] !== 0 && stamp[v] !== generation) return false;
    for (let x = 0; x < geo.cells; x++) {
      const k = prop.clues[x] as number;
      if (k <= 0 || (s[L.cellOn + x] as number) >= k) continue;
      let reachable = false;
      for (let i = 0; i < 4 && !reachable; i++) {
        const e = geo.cellEdges[x * 4 + i] as number;
        reachable = s[e] === UNKNOWN && stamp[geo.edgeVertices[e * 2] as number] === generation;
      }
      if (!reachable) return false;
    }
    return true;
  };

  /** Extend a line from the path end with fewest choices; else start at the most demanding clue. */
  const choose = (s: Int32Array): number => {
    let best = -1;
    let bestOpen = 5;
    for (let v = 0; v < geo.vertices && bestOpen > 2; v++) {
      if (s[L.vertOn + v] !== 1) continue;
      let open = 0;
      let first = -1;
      for (let side = 0; side < 4; side++) {
        const e = geo.vertexEdges[v * 4 + side] as number;
        if (e >= 0 && s[e] === UNKNOWN) {
          open++;
          if (first < 0) first = e;
        }
      }
      if (open < bestOpen) {
        bestOpen = open;
        best = first;
      }
    }
    if (best >= 0) return best;
    let bestNeed = -1;
    for (let x = 0; x < geo.cells; x++) {
      const need = (prop.clues[x] as number) - (s[L.cellOn + x] as number);
      if (need <= bestNeed) continue;
      for (let i = 0; i < 4; i++) {
        const e = geo.cellEdges[x * 4 + i] as number;
        if (s[e] === UNKNOWN) {
          best = e;
          bestNeed = need;
          break;
        }
      }
    }
    if (best >= 0) return best;
    for (let e = 0; e < geo.edges; e++) if (s[e] === UNKNOWN) return e;
    return -1;
  };

  const scratch = new Int32Array(L.size);
  let probes = limits.nodeLimit * PROBES_PER_NODE;
  /**
   * Failed-literal probing: an edge whose assumed value propagates to a contradiction takes the other
   * value. Costly per node, but it turns most hard boards' searches into a handful of nodes.
   */
  const probe = (s: Int32Array): boolean => {
    for (let progress = true; progress; ) {
      progress = false;
      for (let e = 0; e < geo.edges; e++) {
        if (s[e] !== UNKNOWN) continue;
        for (const value of [ON, OFF]) {
          if (--probes < 0) return true;
          scratch.set(s);
          if (prop.assume(scratch, e, value, PROBE_TIER, GUESS)) continue;
          if (!prop.assume(s, e, value === ON ? OFF : ON, limits.tier, GUESS)) return false;
          progress = true;
          break;
        }
      }
    }
    return true;
  };

  const visit = (s: Int32Array, depth: number): void => {
    if (!probe(s)) return;
    if (!connected(s)) return;
    if (prop.solved(s)) {
      solutions.push(edgeString(s, geo.edges));
      return;
    }
    const e = choose(s);
    if (e < 0) return;
    for (const value of [ON, OFF]) {
      if (solutions.length >= limits.maxSolutions || truncated) return;
      if (++nodes > limits.nodeLimit) {
        truncated = true;
        return;
      }
      let child = pool[depth];
      if (child === undefined) {
        child = new Int32Array(s.length);
        pool[depth] = child;
      }
      child.set(s);
      if (prop.assume(child, e, value, limits.tier, GUESS)) visit(child, depth + 1);
    }
  };

  if (prop.propagate(state, limits.tier)) visit(state, 0);
  return { solutions, nodes, truncated };
}

function edgeString(s: Int32Array, edges: number): string {
  let out = '';
  for (let e = 0; e < edges; e++) out += s[e] === ON ? '1' : '0';
  return out;
}
