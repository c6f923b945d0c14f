import { WorkQueue } from '../work-queue.js';
import { type Geometry, hEdge, vEdge } from './geometry.js';
import * as masks from './masks.js';

// Module-local copies of the mask tables: the hot loops index them millions of times, and a bundler's
// module interop may turn imported bindings into getter calls.
const ALL = masks.ALL;
const DEGREE_SET = masks.DEGREE_SET;
const ON_SET = Int32Array.from(masks.ON_SET);
const OFF_SET = Int32Array.from(masks.OFF_SET);
const COUNT_SET = Int32Array.from(masks.COUNT_SET);
const AT_LEAST_ONE = Int32Array.from(masks.AT_LEAST_ONE);
const AT_MOST_ONE = Int32Array.from(masks.AT_MOST_ONE);
const DIFFER = Int32Array.from(masks.DIFFER);
const AGREE = Int32Array.from(masks.AGREE);

export const UNKNOWN = 0;
export const ON = 1;
export const OFF = 2;

/**
 * Deductions in the order a person learns them. Tier 0: clue, vertex, loop-closure; tier 1:
 * adjacent-threes, corners; tier 2: parity; trial is the grader's last resort before search.
 */
export const TECHNIQUES = [
  'clue',
  'vertex',
  'loop-closure',
  'adjacent-threes',
  'corners',
  'parity',
  'trial',
] as const;
export const CLUE = 0;
export const VERTEX = 1;
export const LOOP_CLOSURE = 2;
export const ADJACENT_THREES = 3;
export const CORNERS = 4;
export const PARITY = 5;
export const TRIAL = 6;
/** Slot in `uses` for edges the search guessed (not a technique). */
export const GUESS = TECHNIQUES.length;

/** Corner flags: at least one / at most one of the corner's two edges is on. */
const AT_LEAST = 1;
const AT_MOST = 2;

/**
 * A board state is one Int32Array (so a search branch copies it with one `set`), laid out as:
 * edge values, per-cell on-counts, per-vertex on-counts, corner flags (4 per vertex), path mates and
 * lengths (per vertex, valid at path ends), the inside/outside union-find (cells + the outside) with
 * parities, then scalars.
 */
export class Layout {
  readonly cellOn: number;
  readonly vertOn: number;
  readonly flags: number;
  readonly mate: number;
  readonly pathLen: number;
  readonly parent: number;
  readonly parity: number;
  readonly onTotal: number;
  readonly unknownTotal: number;
  readonly closed: number;
  readonly patternsDone: number;
  /** A path end whose closing edge was spared only because the path is the only one: re-check later. */
  readonly singleEnd: number;
  readonly size: number;

  constructor(geo: Geometry) {
    this.cellOn = geo.edges;
    this.vertOn = this.cellOn + geo.cells;
    this.flags = this.vertOn + geo.vertices;
    this.mate = this.flags + geo.vertices * 4;
    this.pathLen = this.mate + geo.vertices;
    this.parent = this.pathLen + geo.vertices;
    this.parity = this.parent + geo.cells + 1;
    this.onTotal = this.parity + geo.cells + 1;
    this.unknownTotal = this.onTotal + 1;
    this.closed = this.unknownTotal + 1;
    this.patternsDone = this.closed + 1;
    this.singleEnd = this.patternsDone + 1;
    this.size = this.singleEnd + 1;
  }
}

/**
 * Propagation with work queues. Ordered (for grading): tier 0 (clue counts, vertex degree 0 or 2, loop
 * closure) runs to a fixpoint first, then one tier-1 item (corner reasoning, the adjacent-3 pattern) at a
 * time, falling back to tier 0 after each; tier 2 (inside/outside parity) only when both queues are empty,
 * so the technique counts measure what a solver needed. Unordered (generation, search): one queue whose
 * items get the strongest incremental rules at once, which halves the work. The rules are monotone, so
 * both reach the same fixpoint.
 */
export class Propagator {
  readonly geo: Geometry;
  readonly layout: Layout;
  /** Clue per cell, -1 for blank; the generator edits it in place between runs. */
  readonly clues: Int8Array;
  /** Edges set by each technique (index as TECHNIQUES, then GUESS). */
  readonly uses = new Uint32Array(TECHNIQUES.length + 1);
  /** Techniques (and GUESS) in the order of their first use. */
  readonly order: number[] = [];
  /** Edges and corner flags set so far: a cheap "did anything change" probe. */
  changes = 0;
  /**
   * While a cell's or vertex's rule sets edges, that cell (or cells + vertex), else -1: the solver ignores
   * it; the hint (hint.ts) names the rule's own site.
   */
  protected rule = -1;

  /** Cells and vertices to re-examine with the cheap rules (tier 0), and with the tier-1 patterns. */
  private readonly q0: WorkQueue;
  private readonly q1: WorkQueue;
  private readonly closeStack: Int32Array;
  private closeTop = 0;
  private parityOut = 0;
  /** Scratch: union-find roots of a cell's four neighbours, then their parities. */
  private readonly roots = new Int32Array(8);
  private readonly mark: Uint8Array;
  private readonly blank: Int32Array;

  constructor(
    geo: Geometry,
    clues: Int8Array,
    readonly ordered = false,
  ) {
    this.geo = geo;
    const L = new Layout(geo);
    this.layout = L;
    this.clues = clues;
    this.blank = new Int32Array(L.size);
    for (let v = 0; v < geo.vertices; v++) this.blank[L.mate + v] = v;
    for (let x = 0; x <= geo.cells; x++) this.blank[L.parent + x] = x;
    this.blank[L.unknownTotal] = geo.edges;
    this.blank[L.singleEnd] = -1;
    const items = geo.cells + geo.vertices;
    this.q0 = new WorkQueue(items);
    this.q1 = new WorkQueue(items);
    // Every on-edge pushes at most two ends plus one re-check, so 3 × edges bounds the stack.
    this.closeStack = new Int32Array(geo.edges * 3 + 1);
    this.mark = new Uint8Array(geo.edges);
  }

  /**
   * The empty board with every clue cell queued, written into `into` when given: typed arrays this size
   * live off the JS heap and cost microseconds to allocate, so hot callers reuse their buffers.
   */
  initial(into?: Int32Array): Int32Array {
    const s = into ?? new Int32Array(this.layout.size);
    s.set(this.blank);
    this.reset();
    for (let x = 0; x < this.geo.cells; x++) {
      if ((this.clues[x] as number) >= 0) {
        this.q0.push(x);
        this.push1(x);
      }
    }
    return s;
  }

  solved(s: Int32Array): boolean {
    return s[this.layout.unknownTotal] === 0 && s[this.layout.closed] === 1;
  }

  /** Forgets queued work (after a contradiction, or before assuming a value in a fresh copy). */
  reset(): void {
    this.q0.clear();
    this.q1.clear();
    this.closeTop = 0;
  }

  /** Sets one edge in a state and propagates; false on contradiction. */
  assume(s: Int32Array, e: number, value: number, maxTier: number, tech: number): boolean {
    this.reset();
    return this.set(s, e, value, tech) && this.propagate(s, maxTier);
  }

  /** Runs the rules up to `maxTier` to their fixpoint; false on contradiction (the queues are then reset). */
  propagate(s: Int32Array, maxTier: number): boolean {
    if (this.run(s, maxTier)) return true;
    this.reset();
    return false;
  }

  private run(s: Int32Array, maxTier: number): boolean {
    const L = this.layout;
    const firstTier = this.ordered ? 0 : Math.min(maxTier, 1);
    for (;;) {
      if (!this.drain0(s, firstTier)) return false;
      if (s[L.closed] === 1 && (s[L.unknownTotal] as number) > 0) {
        // The loop is closed: nothing else can be on.
        for (let e = 0; e < this.geo.edges; e++) {
          if (s[e] === UNKNOWN && !this.set(s, e, OFF, LOOP_CLOSURE)) return false;
        }
        continue;
      }
      if (maxTier < 1 || s[L.unknownTotal] === 0) return true;
      if (s[L.patternsDone] === 0) {
        s[L.patternsDone] = 1;
        if (!this.adjacentThrees(s)) return false;
        continue;
      }
      if (this.q1.size > 0) {
        const item = this.q1.pop();
        const ok = item < this.geo.cells ? this.cell(s, item, 1) : this.vertex(s, item - this.geo.cells, 1);
        if (!ok) return false;
        continue;
      }
      if (maxTier < 2) return true;
      const before = this.changes;
      if (!this.parityScan(s)) return false;
      if (this.changes === before) return true;
    }
  }

  private drain0(s: Int32Array, tier: number): boolean {
    for (;;) {
      if (this.closeTop > 0) {
        if (!this.checkClosure(s, this.closeStack[--this.closeTop] as number)) return false;
      } else if (this.q0.size > 0) {
        const item = this.q0.pop();
        const ok =
          item < this.geo.cells ? this.cell(s, item, tier) : this.vertex(s, item - this.geo.cells, tier);
        if (!ok) return false;
      } else {
        return true;
      }
    }
  }

  /** Sets edge e; false if it contradicts the state (opposite value, degree 3, a second loop). */
  set(s: Int32Array, e: number, value: number, tech: number): boolean {
    const cur = s[e];
    if (cur === value) return true;
    if (cur !== UNKNOWN) return false;
    const { geo, layout: L } = this;
    const a = geo.edgeVertices[e * 2] as number;
    const b = geo.edgeVertices[e * 2 + 1] as number;
    const ca = geo.edgeCells[e * 2] as number;
    const cb = geo.edgeCells[e * 2 + 1] as number;
    s[e] = value;
    s[L.unknownTotal] = (s[L.unknownTotal] as number) - 1;
    this.changes++;
    const used = this.uses[tech] as number;
    this.uses[tech] = used + 1;
    if (used === 0) this.order.push(tech);
    if (value === ON) {
      if (s[L.closed] === 1) return false;
      const da = s[L.vertOn + a] as number;
      const db = s[L.vertOn + b] as number;
      if (da >= 2 || db >= 2) return false;
      s[L.vertOn + a] = da + 1;
      s[L.vertOn + b] = db + 1;
      if (ca < geo.cells) s[L.cellOn + ca] = (s[L.cellOn + ca] as number) + 1;
      if (cb < geo.cells) s[L.cellOn + cb] = (s[L.cellOn + cb] as number) + 1;
      const total = (s[L.onTotal] as number) + 1;
      s[L.onTotal] = total;
      // The far ends of the paths through a and b (a itself if it was bare).
      const endA = da === 0 ? a : (s[L.mate + a] as number);
      const endB = db === 0 ? b : (s[L.mate + b] as number);
      if (endA === b) {
        // This edge closes a loop: it must be the only line on the board.
        if (total !== (s[L.pathLen + a] as number) + 1) return false;
        s[L.closed] = 1;
      } else {
        const len =
          (da === 0 ? 0 : (s[L.pathLen + a] as number)) + (db === 0 ? 0 : (s[L.pathLen + b] as number)) + 1;
        s[L.mate + endA] = endB;
        s[L.mate + endB] = endA;
        s[L.pathLen + endA] = len;
        s[L.pathLen + endB] = len;
        this.closeStack[this.closeTop++] = endA;
      }
      const single = s[L.singleEnd] as number;
      if (single >= 0) {
        s[L.singleEnd] = -1;
        this.closeStack[this.closeTop++] = single;
      }
      if (!this.union(s, ca, cb, 1)) return false;
    } else if (!this.union(s, ca, cb, 0)) {
      return false;
    }
    const cells = geo.cells;
    this.q0.push(cells + a);
    this.q0.push(cells + b);
    this.push1(cells + a);
    this.push1(cells + b);
    if (ca < cells && (this.clues[ca] as number) >= 0) {
      this.q0.push(ca);
      this.push1(ca);
    }
    if (cb < cells && (this.clues[cb] as number) >= 0) {
      this.q0.push(cb);
      this.push1(cb);
    }
    return true;
  }

  /** Loop closure: the edge joining a path's two ends is off unless closing it finishes the puzzle. */
  private checkClosure(s: Int32Array, v: number): boolean {
    const { geo, layout: L } = this;
    if (s[L.vertOn + v] !== 1) return true;
    const other = s[L.mate + v] as number;
    let e = -1;
    for (let side = 0; side < 4; side++) {
      const f = geo.vertexEdges[v * 4 + side] as number;
      if (f >= 0 && (geo.edgeVertices[f * 2] === other || geo.edgeVertices[f * 2 + 1] === other)) {
        e = f;
        break;
      }
    }
    if (e < 0 || s[e] !== UNKNOWN) return true;
    if ((s[L.onTotal] as number) > (s[L.pathLen + v] as number) || !this.closingFinishes(s, e)) {
      return this.set(s, e, OFF, LOOP_CLOSURE);
    }
    s[L.singleEnd] = v;
    return true;
  }

  /** With one path on the board: would closing it through e satisfy every clue? */
  private closingFinishes(s: Int32Array, e: number): boolean {
    const { geo, layout: L, clues } = this;
    const ca = geo.edgeCells[e * 2] as number;
    const cb = geo.edgeCells[e * 2 + 1] as number;
    for (let x = 0; x < geo.cells; x++) {
      const k = clues[x] as number;
      if (k < 0) continue;
      const on = (s[L.cellOn + x] as number) + (x === ca || x === cb ? 1 : 0);
      if (on !== k) return false;
    }
    return true;
  }

  /** A clue cell's four edges: the clue count, plus corner flags from tier 1 and region parities from tier 2. */
  private cell(s: Int32Array, x: number, tier: number): boolean {
    const k = this.clues[x] as number;
    if (k < 0) return true;
    const { geo, layout: L } = this;
    const base = x * 4;
    let allowed = COUNT_SET[k] as number;
    for (let i = 0; i < 4; i++) {
      const st = s[geo.cellEdges[base + i] as number];
      if (st === ON) allowed &= ON_SET[i] as number;
      else if (st === OFF) allowed &= OFF_SET[i] as number;
    }
    if (tier >= 1) {
      for (let q = 0; q < 4; q++) {
        const f = s[L.flags + (geo.cellCornerSlot[base + q] as number)] as number;
        if (f & AT_LEAST) allowed &= AT_LEAST_ONE[q] as number;
        if (f & AT_MOST) allowed &= AT_MOST_ONE[q] as number;
      }
    }
    if (tier >= 2) {
      const roots = this.roots;
      for (let i = 0; i < 4; i++) {
        roots[i] = this.find(s, geo.cellNeighbours[base + i] as number);
        roots[i + 4] = this.parityOut;
      }
      for (let i = 0; i < 3; i++) {
        for (let j = i + 1; j < 4; j++) {
          if (roots[i] !== roots[j]) continue;
          allowed &= (
            ((roots[i + 4] as number) ^ (roots[j + 4] as number)) === 1 ? DIFFER[i * 4 + j] : AGREE[i * 4 + j]
          ) as number;
        }
      }
    }
    if (allowed === 0) return false;
    if (!this.force(s, geo.cellEdges, base, allowed, tier === 0 ? CLUE : tier === 1 ? CORNERS : PARITY)) {
      return false;
    }
    if (tier >= 1) {
      for (let q = 0; q < 4; q++) {
        if (
          s[geo.cellEdges[base + q] as number] !== UNKNOWN &&
          s[geo.cellEdges[base + ((q + 1) & 3)] as number] !== UNKNOWN
        ) {
          continue;
        }
        this.flag(s, geo.cellCornerSlot[base + q] as number, allowed, q, x);
      }
    }
    return true;
  }

  /** A vertex: degree 0 or 2, plus its corner flags (tier 1) and diagonal region parities (tier 2). */
  private vertex(s: Int32Array, v: number, tier: number): boolean {
    const { geo, layout: L } = this;
    const base = v * 4;
    let allowed = DEGREE_SET;
    let open = 0;
    for (let i = 0; i < 4; i++) {
      const e = geo.vertexEdges[base + i] as number;
      const st = e < 0 ? OFF : s[e];
      if (st === ON) allowed &= ON_SET[i] as number;
      else if (st === OFF) allowed &= OFF_SET[i] as number;
      else open++;
    }
    if (open === 0) return allowed !== 0;
    if (tier >= 1) {
      for (let q = 0; q < 4; q++) {
        const f = s[L.flags + base + q] as number;
        if (f & AT_LEAST) allowed &= AT_LEAST_ONE[q] as number;
        if (f & AT_MOST) allowed &= AT_MOST_ONE[q] as number;
      }
    }
    if (tier >= 2) {
      // Quadrants NE, SE, SW, NW: NE and SW are split by sides 1 and 2, SE and NW by sides 0 and 1.
      const r0 = this.find(s, geo.vertexRegions[base] as number);
      const p0 = this.parityOut;
      if (this.find(s, geo.vertexRegions[base + 2] as number) === r0) {
        allowed &= ((p0 ^ this.parityOut) === 1 ? DIFFER[1 * 4 + 2] : AGREE[1 * 4 + 2]) as number;
      }
      const r1 = this.find(s, geo.vertexRegions[base + 1] as number);
      const p1 = this.parityOut;
      if (this.find(s, geo.vertexRegions[base + 3] as number) === r1) {
        allowed &= ((p1 ^ this.parityOut) === 1 ? DIFFER[0 * 4 + 1] : AGREE[0 * 4 + 1]) as number;
      }
    }
    if (allowed === 0) return false;
    if (!this.force(s, geo.vertexEdges, base, allowed, tier === 0 ? VERTEX : tier === 1 ? CORNERS : PARITY)) {
      return false;
    }
    if (tier >= 1) {
      for (let q = 0; q < 4; q++) {
        if (geo.vertexCornerCell[base + q] === -1) continue;
        const ea = geo.vertexEdges[base + q] as number;
        const eb = geo.vertexEdges[base + ((q + 1) & 3)] as number;
        if (s[ea] !== UNKNOWN && s[eb] !== UNKNOWN) continue;
        this.flag(s, base + q, allowed, q, geo.cells + v);
      }
    }
    return true;
  }

  /**
   * Sets each open edge of a cell or vertex (its four at `base`; -1 for none off the board) that every
   * allowed assignment agrees on. False on a contradiction.
   */
  private force(s: Int32Array, edges: Int32Array, base: number, allowed: number, tech: number): boolean {
    this.rule = edges === this.geo.cellEdges ? base >> 2 : this.geo.cells + (base >> 2);
    let ok = true;
    for (let i = 0; i < 4 && ok; i++) {
      const e = edges[base + i] as number;
      if (e < 0 || s[e] !== UNKNOWN) continue;
      if ((allowed & (ON_SET[i] as number)) === 0) ok = this.set(s, e, OFF, tech);
      else if ((allowed & (OFF_SET[i] as number)) === 0) ok = this.set(s, e, ON, tech);
    }
    this.rule = -1;
    return ok;
  }

  /**
   * Called when a corner flag is raised, with the slot and the cell (or cells + vertex) whose rule raised
   * it. The solver ignores it; the hint (hint.ts) traces which edges a corner step's flags were read from.
   */
  protected flagged(_slot: number, _from: number): void {}

  /** Records what every allowed assignment agrees on about corner q, and wakes the other side of it. */
  private flag(s: Int32Array, slot: number, allowed: number, q: number, from: number): void {
    const L = this.layout;
    const f =
      ((allowed & (ALL ^ (AT_LEAST_ONE[q] as number))) === 0 ? AT_LEAST : 0) |
      ((allowed & (ALL ^ (AT_MOST_ONE[q] as number))) === 0 ? AT_MOST : 0);
    const old = s[L.flags + slot] as number;
    if ((f & ~old) === 0) return;
    s[L.flags + slot] = old | f;
    this.changes++;
    this.flagged(slot, from);
    const v = slot >> 2;
    this.push1(this.geo.cells + v);
    const x = this.geo.vertexCornerCell[slot] as number;
    if (x >= 0 && (this.clues[x] as number) >= 0) this.push1(x);
  }

  /**
   * Two 3s side by side: their shared edge and both far edges are on, the shared edge's extensions off.
   * Otherwise the six outer edges would close a loop round the pair, so this holds unless that small
   * loop is itself the answer, which is checked.
   */
  private adjacentThrees(s: Int32Array): boolean {
    const { geo, clues } = this;
    const { width: W, height: H } = geo;
    for (let r = 0; r < H; r++) {
      for (let c = 0; c < W; c++) {
        if (clues[r * W + c] !== 3) continue;
        if (c + 1 < W && clues[r * W + c + 1] === 3) {
          const ring = [hEdge(W, r, c), hEdge(W, r, c + 1), hEdge(W, r + 1, c), hEdge(W, r + 1, c + 1)];
          ring.push(vEdge(W, H, r, c), vEdge(W, H, r, c + 2));
          if (!this.ringIsAnswer(ring)) {
            const on = [vEdge(W, H, r, c + 1), vEdge(W, H, r, c), vEdge(W, H, r, c + 2)];
            const off = [r > 0 ? vEdge(W, H, r - 1, c + 1) : -1, r + 1 < H ? vEdge(W, H, r + 1, c + 1) : -1];
            if (!this.applyPattern(s, on, off)) return false;
          }
        }
        if (r + 1 < H && clues[(r + 1) * W + c] === 3) {
          const ring = [
            vEdge(W, H, r, c),
            vEdge(W, H, r, c + 1),
            vEdge(W, H, r + 1, c),
            vEdge(W, H, r + 1, c + 1),
          ];
          ring.push(hEdge(W, r, c), hEdge(W, r + 2, c));
          if (!this.ringIsAnswer(ring)) {
            const on = [hEdge(W, r + 1, c), hEdge(W, r, c), hEdge(W, r + 2, c)];
            const off = [c > 0 ? hEdge(W, r + 1, c - 1) : -1, c + 1 < W ? hEdge(W, r + 1, c + 1) : -1];
            if (!this.applyPattern(s, on, off)) return false;
          }
        }
      }
    }
    return true;
  }

  private applyPattern(s: Int32Array, on: number[], off: number[]): boolean {
    for (const e of on) if (!this.set(s, e, ON, ADJACENT_THREES)) return false;
    for (const e of off) if (e >= 0 && !this.set(s, e, OFF, ADJACENT_THREES)) return false;
    return true;
  }

  private ringIsAnswer(ring: number[]): boolean {
    const { geo, clues, mark } = this;
    for (const e of ring) mark[e] = 1;
    let fits = true;
    for (let x = 0; x < geo.cells && fits; x++) {
      const k = clues[x] as number;
      if (k < 0) continue;
      let n = 0;
      for (let i = 0; i < 4; i++) n += mark[geo.cellEdges[x * 4 + i] as number] as number;
      fits = n === k;
    }
    for (const e of ring) mark[e] = 0;
    return fits;
  }

  /**
   * Inside/outside parity (the Jordan curve): every cell is inside or outside, an edge is on exactly when
   * its two cells differ. Relations known through chains of edges decide further edges directly, and
   * constrain clue cells and vertices whose neighbours are related.
   */
  private parityScan(s: Int32Array): boolean {
    const geo = this.geo;
    for (let e = 0; e < geo.edges; e++) {
      if (s[e] !== UNKNOWN) continue;
      const ra = this.find(s, geo.edgeCells[e * 2] as number);
      const pa = this.parityOut;
      if (this.find(s, geo.edgeCells[e * 2 + 1] as number) === ra) {
        if (!this.set(s, e, (pa ^ this.parityOut) === 1 ? ON : OFF, PARITY)) return false;
      }
    }
    // With one open edge the tier-0 rules have already decided it: only cells and vertices with two or
    // more open edges can gain from the parities.
    const L = this.layout;
    for (let x = 0; x < geo.cells; x++) {
      const open = this.open(s, geo.cellEdges, x);
      if (open >= 2 && !this.cell(s, x, 2)) return false;
    }
    for (let v = 0; v < geo.vertices; v++) {
      if ((s[L.vertOn + v] as number) < 2 && this.open(s, geo.vertexEdges, v) >= 2 && !this.vertex(s, v, 2))
        return false;
    }
    return true;
  }

  private open(s: Int32Array, table: Int32Array, item: number): number {
    let open = 0;
    for (let i = item * 4; i < item * 4 + 4; i++) {
      const e = table[i] as number;
      if (e >= 0 && s[e] === UNKNOWN) open++;
    }
    return open;
  }

  /** Union-find root of x; leaves x's parity relative to the root in `parityOut`. */
  private find(s: Int32Array, x: number): number {
    const P = this.layout.parent;
    const Q = this.layout.parity;
    let root = x;
    let p = 0;
    while (s[P + root] !== root) {
      p ^= s[Q + root] as number;
      root = s[P + root] as number;
    }
    let y = x;
    let py = p;
    while (s[P + y] !== y) {
      const next = s[P + y] as number;
      const pn = py ^ (s[Q + y] as number);
      s[P + y] = root;
      s[Q + y] = py;
      y = next;
      py = pn;
    }
    this.parityOut = p;
    return root;
  }

  /** Records that cells a and b differ (1) or agree (0); false if that contradicts what is known. */
  private union(s: Int32Array, a: number, b: number, differ: number): boolean {
    const ra = this.find(s, a);
    const pa = this.parityOut;
    const rb = this.find(s, b);
    const pb = this.parityOut;
    if (ra === rb) return (pa ^ pb) === differ;
    s[this.layout.parent + ra] = rb;
    s[this.layout.parity + ra] = pa ^ pb ^ differ;
    return true;
  }

  /** Tier-1 work joins the cheap queue when the rules are not applied easiest-first (the fast mode). */
  private push1(item: number): void {
    (this.ordered ? this.q1 : this.q0).push(item);
  }
}
