/**
 * Shortest solutions by A* over canonical states.
 *
 * State: one number per tube (its units as base-(K+1) digits, top unit least significant, so popping a
 * run is a division and pushing one a multiply-add), the tubes sorted ascending. Sorting makes the state
 * canonical up to tube order, so permutations of the same position are searched once.
 *
 * Heuristic (admissible and consistent): let R be the number of same-colour runs over all tubes. A pour
 * onto a matching top merges two runs (R − 1); a pour into an empty tube leaves R unchanged; nothing
 * else exists. The sorted state has exactly G = Σ m_c runs (m_c = tubes colour c fills), so a solution
 * has exactly R − G merging pours plus some pours into empty tubes. A tube's bottom colour only changes
 * through a pour into an empty tube, and colour c needs m_c tubes with c at the bottom, so at least
 * Σ max(0, m_c − tubes with bottom c) of those are needed. h = R − G + that deficit; every pour lowers
 * h by at most 1, and h = 0 exactly in the sorted state.
 *
 * Pours that cannot be part of a shortest solution are not generated: from a full one-colour tube
 * (it can only go into an empty tube, a permutation), a one-run tube into an empty tube (the same), and
 * repeated pours between tubes of identical contents or into a second empty tube (same canonical child).
 */

import type { Move } from './puzzle.js';
import { applyPour, pourError } from './rules.js';

export interface SearchResult {
  /** A shortest solution, or null when none was found (unsolvable, or truncated). */
  moves: Move[] | null;
  /** States expanded. */
  nodes: number;
  /** Distinct states stored (expanded or waiting): the search's memory. */
  states: number;
  /** The node limit stopped the search: no solution means "unknown", not "unsolvable". */
  truncated: boolean;
  /**
   * Proven lower bound on the shortest solution length: its length when found, the last f-layer
   * completed when truncated, and -1 when the puzzle is proven unsolvable.
   */
  lowerBound: number;
}

/**
 * About 0.1–0.3 s of search. Nearly every preset deal is proven far below it (see BENCHMARKS.md); the few
 * hard-preset deals that need more are rejected by the generator, which keeps one puzzle well under 1 s.
 */
export const DEFAULT_NODE_LIMIT = 50_000;

interface Codec {
  n: number;
  capacity: number;
  base: number;
  /** pow[k] = base^k. */
  pow: Float64Array;
  /** rep[k] = 1 + base + … + base^(k−1): k units of digit d add d × rep[k]. */
  rep: Float64Array;
}

function makeCodec(n: number, capacity: number, colors: number): Codec {
  const base = colors + 1;
  const pow = new Float64Array(capacity + 1);
  const rep = new Float64Array(capacity + 1);
  pow[0] = 1;
  for (let k = 1; k <= capacity; k++) {
    pow[k] = (pow[k - 1] as number) * base;
    rep[k] = (rep[k - 1] as number) * base + 1;
  }
  if (!Number.isSafeInteger(pow[capacity])) {
    throw new RangeError(`${colors} colours with capacity ${capacity} do not fit the state encoding`);
  }
  return { n, capacity, base, pow, rep };
}

function encodeTube(tube: readonly number[], base: number): number {
  let code = 0;
  for (const c of tube) code = code * base + c + 1;
  return code;
}

function encodeSorted(tubes: readonly (readonly number[])[], base: number): Float64Array {
  const codes = Float64Array.from(tubes, (t) => encodeTube(t, base));
  return codes.sort();
}

function sortSmall(a: Float64Array): void {
  for (let i = 1; i < a.length; i++) {
    const v = a[i] as number;
    let j = i - 1;
    while (j >= 0 && (a[j] as number) > v) {
      a[j + 1] = a[j] as number;
      j--;
    }
    a[j + 1] = v;
  }
}

/**
 * Hash of one tube code; a state's hash is the sum over its tubes, so it ignores tube order and a pour
 * updates it from two tubes instead of rehashing the state.
 */
function mixTube(code: number): number {
  let x = Math.imul((code >>> 0) ^ Math.imul((code / 4294967296) >>> 0, 0x85ebca6b), 0x9e3779b1);
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  return x ^ (x >>> 13);
}

function hashCodes(a: Float64Array): number {
  let h = 0;
  for (let i = 0; i < a.length; i++) h = (h + mixTube(a[i] as number)) | 0;
  return h >>> 0;
}

/** The states seen so far: codes in one pool, found again through an open-addressing hash table. */
class StateStore {
  count = 0;
  pool: Float64Array;
  g: Int32Array;
  h: Int32Array;
  runs: Int32Array;
  parent: Int32Array;
  hashes: Uint32Array;
  closed: Uint8Array;
  private table: Int32Array;
  private mask: number;

  constructor(private readonly n: number) {
    const initial = 1024;
    this.pool = new Float64Array(initial * n);
    this.g = new Int32Array(initial);
    this.h = new Int32Array(initial);
    this.runs = new Int32Array(initial);
    this.parent = new Int32Array(initial);
    this.hashes = new Uint32Array(initial);
    this.closed = new Uint8Array(initial);
    this.table = new Int32Array(initial * 2);
    this.mask = initial * 2 - 1;
  }

  /** Index of the state with these codes, or −1. */
  find(codes: Float64Array, hash: number): number {
    const { n, pool, table, mask } = this;
    let slot = hash & mask;
    for (;;) {
      const entry = table[slot] as number;
      if (entry === 0) return -1;
      const idx = entry - 1;
      if (this.hashes[idx] === hash) {
        const base = idx * n;
        let k = 0;
        while (k < n && pool[base + k] === codes[k]) k++;
        if (k === n) return idx;
      }
      slot = (slot + 1) & mask;
    }
  }

  add(codes: Float64Array, hash: number, g: number, h: number, runs: number, parent: number): number {
    if (this.count === this.g.length) this.grow();
    const idx = this.count++;
    this.pool.set(codes, idx * this.n);
    this.g[idx] = g;
    this.h[idx] = h;
    this.runs[idx] = runs;
    this.parent[idx] = parent;
    this.hashes[idx] = hash;
    this.place(idx, hash);
    return idx;
  }

  codesOf(idx: number): Float64Array {
    return this.pool.subarray(idx * this.n, (idx + 1) * this.n);
  }

  private place(idx: number, hash: number): void {
    let slot = hash & this.mask;
    while (this.table[slot] !== 0) slot = (slot + 1) & this.mask;
    this.table[slot] = idx + 1;
  }

  private grow(): void {
    const size = this.g.length * 2;
    const pool = new Float64Array(size * this.n);
    pool.set(this.pool);
    this.pool = pool;
    this.g = copyInto(new Int32Array(size), this.g);
    this.h = copyInto(new Int32Array(size), this.h);
    this.runs = copyInto(new Int32Array(size), this.runs);
    this.parent = copyInto(new Int32Array(size), this.parent);
    this.hashes = copyInto(new Uint32Array(size), this.hashes);
    this.closed = copyInto(new Uint8Array(size), this.closed);
    this.table = new Int32Array(size * 2);
    this.mask = size * 2 - 1;
    for (let idx = 0; idx < this.count; idx++) this.place(idx, this.hashes[idx] as number);
  }
}

function copyInto<T extends Int32Array | Uint32Array | Uint8Array>(target: T, source: T): T {
  target.set(source);
  return target;
}

/**
 * Open list bucketed by f, then by a tie-break key (lowest first): h, so the deepest states of the
 * cheapest layer come first, then more empty tubes (more room to move). Most deals' optimum equals the
 * starting h, so the search mostly hunts for a path inside one f-layer and its order there matters.
 */
class Buckets {
  private readonly byF: number[][][] = [];
  /** Per f, no non-empty bucket has a key below this. */
  private readonly lowKey: number[] = [];
  f = 0;

  push(f: number, key: number, idx: number): void {
    let layer = this.byF[f];
    if (!layer) {
      layer = [];
      this.byF[f] = layer;
      this.lowKey[f] = key;
    }
    let bucket = layer[key];
    if (!bucket) {
      bucket = [];
      layer[key] = bucket;
    }
    bucket.push(idx);
    if (key < (this.lowKey[f] as number)) this.lowKey[f] = key;
  }

  /** Next state of the lowest f (this.f is set to it), or −1 when empty. */
  pop(): number {
    while (this.f < this.byF.length) {
      const layer = this.byF[this.f];
      if (layer) {
        let key = this.lowKey[this.f] as number;
        while (key < layer.length) {
          const bucket = layer[key];
          if (bucket && bucket.length > 0) {
            this.lowKey[this.f] = key;
            return bucket.pop() as number;
          }
          key++;
        }
        this.lowKey[this.f] = key;
      }
      this.f++;
    }
    return -1;
  }
}

/** Tie-break key of a state: h first, then more empty tubes first. */
function tieKey(h: number, n: number, codes: Float64Array): number {
  return h * (n + 1) + n - countEmpty(codes);
}

/**
 * A shortest solution of `tubes` (bottom → top colour ids ≥ 0) under the original's pour rule, proven by
 * A*; `nodeLimit` caps the states expanded. Moves index the tubes as given.
 */
export function solveTubes(
  tubes: readonly (readonly number[])[],
  capacity: number,
  nodeLimit: number = DEFAULT_NODE_LIMIT,
): SearchResult {
  const n = tubes.length;
  let colors = 0;
  for (const t of tubes) {
    if (t.length > capacity) throw new RangeError('a tube holds more units than its capacity');
    for (const c of t) {
      if (!Number.isInteger(c) || c < 0) throw new RangeError('colours must be integers ≥ 0');
      colors = Math.max(colors, c + 1);
    }
  }
  const need = new Int32Array(colors);
  const count = new Int32Array(colors);
  for (const t of tubes) for (const c of t) count[c] = (count[c] as number) + 1;
  let goalRuns = 0;
  for (let c = 0; c < colors; c++) {
    const units = count[c] as number;
    if (units % capacity !== 0) return { moves: null, nodes: 0, states: 0, truncated: false, lowerBound: -1 };
    need[c] = units / capacity;
    goalRuns += need[c] as number;
  }

  const codec = makeCodec(n, capacity, colors);
  const store = new StateStore(n);
  const start = encodeSorted(tubes, codec.base);
  const startRuns = tubes.reduce((sum, t) => sum + countRuns(t), 0);
  const bottoms = new Int32Array(colors);
  for (const t of tubes) if (t.length > 0) bottoms[t[0] as number] = (bottoms[t[0] as number] as number) + 1;
  let deficit = 0;
  for (let c = 0; c < colors; c++) deficit += Math.max(0, (need[c] as number) - (bottoms[c] as number));
  const startH = startRuns - goalRuns + deficit;
  const root = store.add(start, hashCodes(start), 0, startH, startRuns, -1);
  const open = new Buckets();
  open.f = startH;
  open.push(startH, tieKey(startH, n, start), root);

  const { pow, rep, base } = codec;
  const len = new Int32Array(n);
  const top = new Int32Array(n);
  const run = new Int32Array(n);
  const mixes = new Int32Array(n);
  const child = new Float64Array(n);
  let nodes = 0;

  for (;;) {
    const s = open.pop();
    if (s < 0) return { moves: null, nodes, states: store.count, truncated: false, lowerBound: -1 };
    const gs = store.g[s] as number;
    const hs = store.h[s] as number;
    if (store.closed[s] || gs + hs !== open.f) continue;
    if (hs === 0) {
      const moves = rebuild(tubes, capacity, codec, store, s);
      return { moves, nodes, states: store.count, truncated: false, lowerBound: gs };
    }
    if (nodes >= nodeLimit)
      return { moves: null, nodes, states: store.count, truncated: true, lowerBound: open.f };

    // A view into the pool; if adding children regrows the pool, the old buffer still holds these codes.
    const codes = store.codesOf(s);
    bottoms.fill(0);
    let firstEmpty = -1;
    for (let t = 0; t < n; t++) {
      const code = codes[t] as number;
      mixes[t] = mixTube(code);
      if (code === 0) {
        len[t] = 0;
        if (firstEmpty < 0) firstEmpty = t;
        continue;
      }
      let l = 1;
      while (code >= (pow[l] as number)) l++;
      len[t] = l;
      const d = code % base;
      top[t] = d;
      let r = 1;
      let rest = Math.floor(code / base);
      while (rest > 0 && rest % base === d) {
        r++;
        rest = Math.floor(rest / base);
      }
      run[t] = r;
      const bottom = Math.floor(code / (pow[l - 1] as number)) - 1;
      bottoms[bottom] = (bottoms[bottom] as number) + 1;
    }
    store.closed[s] = 1;
    nodes++;
    const parentRuns = store.runs[s] as number;
    const parentHash = store.hashes[s] as number;

    for (let i = 0; i < n; i++) {
      const li = len[i] as number;
      if (li === 0) continue;
      const ri = run[i] as number;
      if (ri === li && li === capacity) continue;
      const codeI = codes[i] as number;
      if (i > 0 && codes[i - 1] === codeI) continue;
      const d = top[i] as number;
      const popped = Math.floor(codeI / (pow[ri] as number));
      const hashI = parentHash - (mixes[i] as number) + mixTube(popped);
      const color = d - 1;
      const emptied = ri === li;
      // Deficit change when the source loses its bottom (it is emptied) …
      const lostBottom = emptied && (bottoms[color] as number) <= (need[color] as number) ? 1 : 0;
      for (let j = 0; j < n; j++) {
        if (j === i) continue;
        const lj = len[j] as number;
        let h: number;
        let runs: number;
        if (lj === 0) {
          if (j !== firstEmpty || emptied) continue;
          // … and when an empty tube gains one.
          const gain = (bottoms[color] as number) < (need[color] as number) ? 1 : 0;
          runs = parentRuns;
          h = hs - gain;
        } else {
          if (top[j] !== d || capacity - lj < ri) continue;
          if (j > 0 && codes[j - 1] === codes[j] && j - 1 !== i) continue;
          runs = parentRuns - 1;
          h = hs - 1 + lostBottom;
        }
        const pushed = (codes[j] as number) * (pow[ri] as number) + d * (rep[ri] as number);
        const hash = (hashI - (mixes[j] as number) + mixTube(pushed)) >>> 0;
        child.set(codes);
        child[i] = popped;
        child[j] = pushed;
        sortSmall(child);
        const g = gs + 1;
        const found = store.find(child, hash);
        if (found < 0) {
          const idx = store.add(child, hash, g, h, runs, s);
          open.push(g + h, tieKey(h, n, child), idx);
        } else if (!store.closed[found] && g < (store.g[found] as number)) {
          store.g[found] = g;
          store.parent[found] = s;
          open.push(g + h, tieKey(h, n, child), found);
        }
      }
    }
  }
}

function countEmpty(codes: Float64Array): number {
  let k = 0;
  while (k < codes.length && codes[k] === 0) k++;
  return k;
}

function countRuns(tube: readonly number[]): number {
  let runs = 0;
  for (let k = 0; k < tube.length; k++) if (k === 0 || tube[k] !== tube[k - 1]) runs++;
  return runs;
}

/** Turns the chain of canonical states into pours between the tubes as given. */
function rebuild(
  tubes: readonly (readonly number[])[],
  capacity: number,
  codec: Codec,
  store: StateStore,
  goal: number,
): Move[] {
  const chain: number[] = [];
  for (let s = goal; s >= 0; s = store.parent[s] as number) chain.push(s);
  chain.reverse();
  const real = tubes.map((t) => t.slice());
  const moves: Move[] = [];
  for (let step = 1; step < chain.length; step++) {
    const target = store.codesOf(chain[step] as number);
    const move = findPour(real, capacity, codec.base, target);
    applyPour(real, move[0], move[1]);
    moves.push(move);
  }
  return moves;
}

function findPour(real: number[][], capacity: number, base: number, target: Float64Array): Move {
  for (let i = 0; i < real.length; i++) {
    for (let j = 0; j < real.length; j++) {
      if (pourError(real, capacity, i, j) !== null) continue;
      const trial = real.map((t) => t.slice());
      applyPour(trial, i, j);
      const codes = encodeSorted(trial, base);
      if (codes.every((v, k) => v === target[k])) return [i, j];
    }
  }
  throw new Error('search chain broken: no pour leads to the next state');
}
