/**
 * The fast complete solver. Digit-major bitboards in the style of JCZSolve/fsss2: for every digit d and
 * band b (three rows) one 27-bit int holds where d may still go (bit = row-in-band * 9 + column). That
 * makes the strong deductions cheap table look-ups:
 * - inside a band a digit occupies each row once and each box once, i.e. a row→box permutation; the
 *   table COMPLEX keeps only (row, box) pairs some permutation uses. That is hidden singles in boxes and
 *   rows plus locked candidates (pointing and claiming) for all three boxes at once; the same table
 *   works down each stack (band→column permutations), and a column with one place left is placed;
 * - a row with one place left is a placed digit; a cell with one digit left (counted bit-sliced across
 *   digits, 27 cells at a time) is a naked single;
 * - branching takes a bivalue cell when there is one (minimum remaining values), else the cell with the
 *   fewest candidates.
 * State is 96 ints per search level in one preallocated Int32Array (module-level: searches never nest),
 * so a guess is a copy of 93 ints.
 */

const STRIDE = 96;
/**
 * Offsets inside a level: F[d*3+b] at 0..26, unsolved cells per band, columns where each digit is placed,
 * then the copies of F last seen by the band pass and by the column pass (change detection).
 */
const UNSOLVED = 27;
const PLACED_COLS = 30;
const SEEN = 39;
const COL_SEEN = 66;
const LIVE = 93;
const FULL_BAND = 0x7ffffff;

/** 3-bit set of the boxes a 9-bit row part touches. */
const SHRINK = new Int32Array(512);
/** The candidates a band keeps given its 9-bit (row, box) occupancy; 0 when no permutation fits. */
const COMPLEX = new Int32Array(512);
/** The same permutation rule as a 9-bit occupancy → kept occupancy, for stacks (band, column) pairs. */
const PERM_KEEP = new Int32Array(512);
/** A 9-bit column set spread over the three rows of a band. */
const SPREAD = new Int32Array(512);
/** The row part itself when exactly one bit is set, else 0. */
const ROW_SINGLE = new Int32Array(512);
/** Same-row and same-box cells of a band position, the position itself excluded. */
const BAND_PEERS = new Int32Array(27);
/** A column's three bits inside a band. */
const COLUMN = new Int32Array(9);

(function buildTables() {
  for (let x = 0; x < 512; x++) {
    SHRINK[x] = (x & 7 ? 1 : 0) | (x & 0o70 ? 2 : 0) | (x & 0o700 ? 4 : 0);
    ROW_SINGLE[x] = x !== 0 && (x & (x - 1)) === 0 ? x : 0;
    SPREAD[x] = x | (x << 9) | (x << 18);
  }
  const perms = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
  ];
  for (let occ = 0; occ < 512; occ++) {
    let keep = 0;
    let kept = 0;
    for (const p of perms) {
      let fits = true;
      for (let r = 0; r < 3; r++) if (!(occ & (1 << (r * 3 + (p[r] as number))))) fits = false;
      if (!fits) continue;
      for (let r = 0; r < 3; r++) {
        keep |= 7 << (r * 9 + 3 * (p[r] as number));
        kept |= 1 << (r * 3 + (p[r] as number));
      }
    }
    COMPLEX[occ] = keep;
    PERM_KEEP[occ] = kept;
  }
  for (let p = 0; p < 27; p++) {
    const r = (p / 9) | 0;
    const c = p % 9;
    let m = 0;
    for (let q = 0; q < 27; q++) {
      const qr = (q / 9) | 0;
      const qc = q % 9;
      if (q !== p && (qr === r || ((qc / 3) | 0) === ((c / 3) | 0))) m |= 1 << q;
    }
    BAND_PEERS[p] = m;
  }
  for (let c = 0; c < 9; c++) COLUMN[c] = (1 << c) | (1 << (c + 9)) | (1 << (c + 18));
})();

const MAX_LEVELS = 82;
const S = new Int32Array(STRIDE * MAX_LEVELS);

/** Places digit d (0-8) at band b, position p, and removes it from every peer. */
function assign(base: number, b: number, p: number, d: number): void {
  const bit = 1 << p;
  S[base + UNSOLVED + b] = (S[base + UNSOLVED + b] as number) & ~bit;
  for (let i = base + b; i < base + 27; i += 3) S[i] = (S[i] as number) & ~bit;
  const own = base + d * 3;
  S[own + b] = ((S[own + b] as number) & ~BAND_PEERS[p]!) | bit;
  S[base + PLACED_COLS + d] = (S[base + PLACED_COLS + d] as number) | (1 << (p % 9));
  const col = ~COLUMN[p % 9]!;
  if (b !== 0) S[own] = (S[own] as number) & col;
  if (b !== 1) S[own + 1] = (S[own + 1] as number) & col;
  if (b !== 2) S[own + 2] = (S[own + 2] as number) & col;
}

/**
 * The column direction, per digit: inside a stack the digit's bands and columns form a permutation too
 * (locked candidates along columns), and a column with one place left is a placed digit.
 * Returns -1 on a contradiction, 1 when something changed, 0 otherwise.
 */
function columnPass(base: number): number {
  let changed = 0;
  for (let d = 0; d < 9; d++) {
    const i = base + d * 3;
    let f0 = S[i]!;
    let f1 = S[i + 1]!;
    let f2 = S[i + 2]!;
    if (f0 === S[i + COL_SEEN] && f1 === S[i + COL_SEEN + 1] && f2 === S[i + COL_SEEN + 2]) continue;
    const c0 = (f0 | (f0 >>> 9) | (f0 >>> 18)) & 511;
    const c1 = (f1 | (f1 >>> 9) | (f1 >>> 18)) & 511;
    const c2 = (f2 | (f2 >>> 9) | (f2 >>> 18)) & 511;
    let drop0 = 0;
    let drop1 = 0;
    let drop2 = 0;
    for (let s = 0; s < 9; s += 3) {
      const occ = ((c0 >>> s) & 7) | (((c1 >>> s) & 7) << 3) | (((c2 >>> s) & 7) << 6);
      const kept = PERM_KEEP[occ]!;
      if (kept === 0) return -1;
      if (kept !== occ) {
        const gone = occ ^ kept;
        drop0 |= (gone & 7) << s;
        drop1 |= ((gone >>> 3) & 7) << s;
        drop2 |= ((gone >>> 6) & 7) << s;
      }
    }
    f0 &= ~SPREAD[drop0]!;
    f1 &= ~SPREAD[drop1]!;
    f2 &= ~SPREAD[drop2]!;
    // Count each column's places over the nine rows, bit-sliced: ones = at least one, twos = at least two.
    let ones = f0 & 511;
    let twos = 0;
    let x = (f0 >>> 9) & 511;
    twos |= ones & x;
    ones |= x;
    x = f0 >>> 18;
    twos |= ones & x;
    ones |= x;
    x = f1 & 511;
    twos |= ones & x;
    ones |= x;
    x = (f1 >>> 9) & 511;
    twos |= ones & x;
    ones |= x;
    x = f1 >>> 18;
    twos |= ones & x;
    ones |= x;
    x = f2 & 511;
    twos |= ones & x;
    ones |= x;
    x = (f2 >>> 9) & 511;
    twos |= ones & x;
    ones |= x;
    x = f2 >>> 18;
    twos |= ones & x;
    ones |= x;
    if (ones !== 511) return -1;
    S[i] = f0;
    S[i + 1] = f1;
    S[i + 2] = f2;
    S[i + COL_SEEN] = f0;
    S[i + COL_SEEN + 1] = f1;
    S[i + COL_SEEN + 2] = f2;
    if (drop0 | drop1 | drop2) changed = 1;
    let singles = ones & ~twos & ~S[base + PLACED_COLS + d]!;
    while (singles !== 0) {
      const bit = singles & -singles;
      singles ^= bit;
      const c = 31 - Math.clz32(bit);
      const b = (S[i]! & COLUMN[c]!) !== 0 ? 0 : (S[i + 1]! & COLUMN[c]!) !== 0 ? 1 : 2;
      const inBand = S[i + b]! & COLUMN[c]!;
      if (inBand === 0) return -1;
      assign(base, b, 31 - Math.clz32(inBand), d);
      changed = 1;
    }
  }
  return changed;
}

/**
 * Runs the deductions to a fixpoint; false on a contradiction. Naked singles run before the column pass:
 * they are cheaper and find the empty cell that ends most failing branches (half of all nodes) sooner.
 * The order cannot change the search: every deduction only removes candidates, so the fixpoint is the same.
 */
function propagate(base: number): boolean {
  for (;;) {
    let again = true;
    while (again) {
      again = false;
      for (let i = 0; i < 27; i++) {
        let f = S[base + i] as number;
        if (f === S[base + SEEN + i]) continue;
        const occ = SHRINK[f & 511]! | (SHRINK[(f >>> 9) & 511]! << 3) | (SHRINK[f >>> 18]! << 6);
        f &= COMPLEX[occ]!;
        if (f === 0) return false;
        S[base + i] = f;
        S[base + SEEN + i] = f;
        const b = i % 3;
        let singles =
          (ROW_SINGLE[f & 511]! | (ROW_SINGLE[(f >>> 9) & 511]! << 9) | (ROW_SINGLE[f >>> 18]! << 18)) &
          S[base + UNSOLVED + b]!;
        while (singles !== 0) {
          const bit = singles & -singles;
          singles ^= bit;
          // An earlier placement in this loop may have taken the place; the emptied row fails next pass.
          if ((S[base + i]! & bit) === 0) continue;
          assign(base, b, 31 - Math.clz32(bit), (i / 3) | 0);
          again = true;
        }
      }
    }
    let placed = false;
    for (let b = 0; b < 3; b++) {
      const unsolved = S[base + UNSOLVED + b]!;
      if (unsolved === 0) continue;
      let ones = 0;
      let twos = 0;
      for (let i = base + b; i < base + 27; i += 3) {
        const x = S[i]!;
        twos |= ones & x;
        ones |= x;
      }
      if ((unsolved & ~ones) !== 0) return false;
      let singles = unsolved & ~twos;
      while (singles !== 0) {
        const bit = singles & -singles;
        singles ^= bit;
        let d = 0;
        while (d < 9 && (S[base + d * 3 + b]! & bit) === 0) d++;
        if (d === 9) return false;
        assign(base, b, 31 - Math.clz32(bit), d);
        placed = true;
      }
    }
    if (placed) continue;
    const columns = columnPass(base);
    if (columns < 0) return false;
    if (columns === 0) return true;
  }
}
export interface SearchLimits {
  maxSolutions: number;
  nodeLimit: number;
}

export interface SearchResult {
  /** Solutions found, at most maxSolutions. */
  count: number;
  /** Search nodes: the root plus one per branch tried. */
  nodes: number;
  truncated: boolean;
}

/** Called with each solution as 81 digits (1-9); the array is reused, copy what you keep. */
export type SolutionSink = (solution: Uint8Array) => void;

const solutionBuf = new Uint8Array(81);

function emit(base: number, sink: SolutionSink): void {
  for (let i = 0; i < 27; i++) {
    let f = S[base + i]!;
    const d = ((i / 3) | 0) + 1;
    const offset = (i % 3) * 27;
    while (f !== 0) {
      const bit = f & -f;
      f ^= bit;
      const p = 31 - Math.clz32(bit);
      solutionBuf[offset + p] = d;
    }
  }
  sink(solutionBuf);
}

let count = 0;
let nodes = 0;
let maxSolutions = 2;
let nodeLimit = 0;
let truncated = false;
let sink: SolutionSink | null = null;

/** Picks the branching cell: a bivalue one if any, else the unsolved cell with fewest candidates. */
function pickCell(base: number): number {
  let best = -1;
  let bestCount = 10;
  for (let b = 0; b < 3; b++) {
    const unsolved = S[base + UNSOLVED + b]!;
    if (unsolved === 0) continue;
    let ones = 0;
    let twos = 0;
    let threes = 0;
    for (let i = base + b; i < base + 27; i += 3) {
      const x = S[i]!;
      threes |= twos & x;
      twos |= ones & x;
      ones |= x;
    }
    const bivalue = unsolved & twos & ~threes;
    if (bivalue !== 0) return b * 27 + 31 - Math.clz32(bivalue & -bivalue);
    if (best < 0 || bestCount > 3) {
      let cells = unsolved;
      while (cells !== 0) {
        const bit = cells & -cells;
        cells ^= bit;
        let n = 0;
        for (let i = base + b; i < base + 27; i += 3) if ((S[i]! & bit) !== 0) n++;
        if (n < bestCount) {
          bestCount = n;
          best = b * 27 + 31 - Math.clz32(bit);
        }
      }
    }
  }
  return best;
}

function search(base: number): void {
  if (S[base + UNSOLVED]! === 0 && S[base + UNSOLVED + 1]! === 0 && S[base + UNSOLVED + 2]! === 0) {
    count++;
    if (sink !== null) emit(base, sink);
    return;
  }
  const at = pickCell(base);
  const b = (at / 27) | 0;
  const p = at % 27;
  const bit = 1 << p;
  const next = base + STRIDE;
  let digits = 0;
  for (let d = 0; d < 9; d++) if ((S[base + d * 3 + b]! & bit) !== 0) digits |= 1 << d;
  while (digits !== 0) {
    const d = 31 - Math.clz32(digits & -digits);
    digits &= digits - 1;
    if (nodes >= nodeLimit) {
      truncated = true;
      return;
    }
    nodes++;
    // The last branch may overwrite this level: nothing here is needed after it.
    const at = digits === 0 ? base : next;
    if (at !== base) S.copyWithin(next, base, base + LIVE);
    assign(at, b, p, d);
    if (propagate(at)) search(at);
    if (count >= maxSolutions || truncated) return;
  }
}

/**
 * Counts the completions of `cells` (81 values, 0 = blank, 1-9 given) up to `limits.maxSolutions`,
 * stopping after `limits.nodeLimit` nodes with `truncated`. Each solution found goes to `onSolution`.
 */
export function searchGrid(
  cells: ArrayLike<number>,
  limits: SearchLimits,
  onSolution?: SolutionSink,
): SearchResult {
  count = 0;
  nodes = 1;
  maxSolutions = limits.maxSolutions;
  nodeLimit = limits.nodeLimit;
  truncated = false;
  sink = onSolution ?? null;
  S.fill(FULL_BAND, 0, 27);
  S.fill(FULL_BAND, UNSOLVED, UNSOLVED + 3);
  S.fill(0, PLACED_COLS, PLACED_COLS + 9);
  S.fill(-1, SEEN, COL_SEEN + 27);
  let ok = true;
  for (let cell = 0; cell < 81 && ok; cell++) {
    const v = cells[cell]!;
    if (v === 0) continue;
    const b = (cell / 27) | 0;
    const p = cell % 27;
    if ((S[(v - 1) * 3 + b]! & (1 << p)) === 0) ok = false;
    else assign(0, b, p, v - 1);
  }
  if (ok && maxSolutions > 0 && propagate(0)) search(0);
  sink = null;
  return { count, nodes, truncated };
}

/** Grid string ('1'-'9', anything else blank) to cell values. */
export function toCells(grid: string): Uint8Array {
  const cells = new Uint8Array(81);
  for (let i = 0; i < 81; i++) {
    const c = grid.charCodeAt(i) - 48;
    cells[i] = c >= 1 && c <= 9 ? c : 0;
  }
  return cells;
}

export function cellsToString(cells: ArrayLike<number>): string {
  let s = '';
  for (let i = 0; i < 81; i++) s += cells[i] === 0 ? '.' : String(cells[i]);
  return s;
}
