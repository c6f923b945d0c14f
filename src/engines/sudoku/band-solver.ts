/**
 * A second complete solver: the same digit-major bitboards and deductions as solve.ts (so the same
 * fixpoint, search tree, node counts and solution order), organised the way JCZSolve is in the hope of
 * spending less per placement. Measured no faster (BENCHMARKS.md, sudoku), so the engine keeps solve.ts;
 * the bench times both and the tests hold them equal. The organisation:
 * - work is driven by a 27-bit "dirty" set of digit-band words instead of re-reading every word and
 *   comparing it with a saved copy; a word is revisited only when an elimination actually changed it;
 * - a band word is updated as a whole: the permutation table keeps its rows and boxes consistent, and
 *   every row left with one unsolved place is placed at once (hidden singles in rows and boxes), clearing
 *   those cells from the other eight digits and their columns from the digit's other two bands;
 * - naked singles and column singles are not placed directly: they only cut the digit's band word down to
 *   the cell's row and box, and the band update above places them, so all placing happens in one spot;
 * - a guess is the same cut on a copy of 30 ints (27 words and 3 unsolved-cell sets).
 * Bit layout: word d*3+b holds where digit d (0-8) may go in band b (rows 3b..3b+2), bit = row*9 + col.
 */

/** Ints per search level: 27 digit-band words, then the unsolved cells of each band. */
const STRIDE = 32;
const UNSOLVED = 27;
const LIVE = 30;
const FULL_BAND = 0x7ffffff;

/** 3-bit set of the boxes a 9-bit row part touches. */
const SHRINK = new Int32Array(512);
/**
 * Inside a band a digit takes each row once and each box once, i.e. a row→box permutation. Given the
 * 9-bit (row, box) occupancy, the candidates that some permutation uses; 0 when none fits.
 */
const COMPLEX = new Int32Array(512);
/** The same rule read as occupancy → kept occupancy, for (band, column) pairs down a stack. */
const PERM_KEEP = new Int32Array(512);
/** A 9-bit column set spread over the three rows of a band. */
const SPREAD = new Int32Array(512);
/** The row part itself when exactly one bit is set, else 0. */
const ROW_SINGLE = new Int32Array(512);
/** Same-row and same-box cells of a band position, the position itself excluded. */
const BAND_PEERS = new Int32Array(27);

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
})();

const MAX_LEVELS = 82;
/** All search levels in one buffer; module-level because searches never nest. */
const S = new Int32Array(STRIDE * MAX_LEVELS);

/** Cuts each cell of `cells` (band positions) down to its own row and box in word `f`. */
function keepOnlyPeersOf(f: number, cells: number): number {
  let out = f;
  while (cells !== 0) {
    const bit = cells & -cells;
    cells ^= bit;
    out &= ~BAND_PEERS[31 - Math.clz32(bit)]!;
  }
  return out;
}

/**
 * Column direction for the digits whose words changed since the last call (`touched`, 27 bits): down a
 * stack the digit's bands and columns form a permutation too (locked candidates along columns), and a
 * column with one place left is a hidden single. Returns the words it changed, or -1 on a contradiction.
 */
function columnPass(base: number, touched: number): number {
  let changed = 0;
  for (let d = 0; d < 9; d++) {
    if ((touched & (7 << (d * 3))) === 0) continue;
    const i = base + d * 3;
    let f0 = S[i]!;
    let f1 = S[i + 1]!;
    let f2 = S[i + 2]!;
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
    // A column with one place, not yet placed: cut that cell to its row and box, the band update places it.
    const single = SPREAD[ones & ~twos]!;
    f0 = keepOnlyPeersOf(f0, f0 & single & S[base + UNSOLVED]!);
    f1 = keepOnlyPeersOf(f1, f1 & single & S[base + UNSOLVED + 1]!);
    f2 = keepOnlyPeersOf(f2, f2 & single & S[base + UNSOLVED + 2]!);
    if (f0 !== S[i]) {
      S[i] = f0;
      changed |= 1 << (d * 3);
    }
    if (f1 !== S[i + 1]) {
      S[i + 1] = f1;
      changed |= 2 << (d * 3);
    }
    if (f2 !== S[i + 2]) {
      S[i + 2] = f2;
      changed |= 4 << (d * 3);
    }
  }
  return changed;
}

/**
 * Runs the deductions to a fixpoint from the words in `dirty` (27 bits; the rest of the level is already
 * at a fixpoint). False on a contradiction.
 */
function propagate(base: number, dirty: number): boolean {
  // Words changed since the column pass last looked; starts with what the caller changed.
  let touched = dirty;
  for (;;) {
    while (dirty !== 0) {
      const i = 31 - Math.clz32(dirty & -dirty);
      dirty &= dirty - 1;
      const at = base + i;
      let f = S[at]!;
      const occ = SHRINK[f & 511]! | (SHRINK[(f >>> 9) & 511]! << 3) | (SHRINK[f >>> 18]! << 6);
      f &= COMPLEX[occ]!;
      if (f === 0) return false;
      if (f !== S[at]) {
        S[at] = f;
        touched |= 1 << i;
      }
      const b = i % 3;
      const solved =
        (ROW_SINGLE[f & 511]! | (ROW_SINGLE[(f >>> 9) & 511]! << 9) | (ROW_SINGLE[f >>> 18]! << 18)) &
        S[base + UNSOLVED + b]!;
      if (solved === 0) continue;
      S[base + UNSOLVED + b] = S[base + UNSOLVED + b]! & ~solved;
      // The placed cells leave every other digit of this band...
      for (let j = b; j < 27; j += 3) {
        const g = S[base + j]!;
        if (j !== i && (g & solved) !== 0) {
          S[base + j] = g & ~solved;
          dirty |= 1 << j;
          touched |= 1 << j;
        }
      }
      // ...and their columns leave this digit's other two bands.
      const cols = SPREAD[(solved | (solved >>> 9) | (solved >>> 18)) & 511]!;
      const first = i - b;
      for (let j = first; j < first + 3; j++) {
        const g = S[base + j]!;
        if (j !== i && (g & cols) !== 0) {
          S[base + j] = g & ~cols;
          dirty |= 1 << j;
          touched |= 1 << j;
        }
      }
    }
    // Naked singles: count each cell's digits bit-sliced over the nine words of its band.
    for (let b = 0; b < 3; b++) {
      const unsolved = S[base + UNSOLVED + b]!;
      if (unsolved === 0) continue;
      let ones = 0;
      let twos = 0;
      for (let j = base + b; j < base + 27; j += 3) {
        const x = S[j]!;
        twos |= ones & x;
        ones |= x;
      }
      if ((unsolved & ~ones) !== 0) return false;
      let singles = unsolved & ~twos;
      while (singles !== 0) {
        const bit = singles & -singles;
        singles ^= bit;
        let j = b;
        while (j < 27 && (S[base + j]! & bit) === 0) j += 3;
        // An earlier single of this loop took the cell's last digit: the empty cell is a contradiction.
        if (j >= 27) return false;
        S[base + j] = S[base + j]! & ~BAND_PEERS[31 - Math.clz32(bit)]!;
        dirty |= 1 << j;
        touched |= 1 << j;
      }
    }
    if (dirty !== 0) continue;
    if (touched === 0) return true;
    const changed = columnPass(base, touched);
    if (changed < 0) return false;
    touched = changed;
    dirty = changed;
    if (changed === 0) return true;
  }
}

export interface BandSearchLimits {
  maxSolutions: number;
  nodeLimit: number;
}

export interface BandSearchResult {
  /** Solutions found, at most maxSolutions. */
  count: number;
  /** Search nodes: the root plus one per branch tried (the same count solve.ts reports). */
  nodes: number;
  truncated: boolean;
  /** The solutions found, as 81-character strings of digits, in search order. */
  solutions: string[];
}

let count = 0;
let nodes = 0;
let maxSolutions = 2;
let nodeLimit = 0;
let truncated = false;
let solutions: string[] = [];
/** Solutions are written as ASCII digits and decoded in one call, much cheaper than joining 81 chars. */
const digitsOut = new Uint8Array(81);
const ascii = new TextDecoder();

function emit(base: number): void {
  for (let i = 0; i < 27; i++) {
    let f = S[base + i]!;
    const d = 49 + ((i / 3) | 0);
    const offset = (i % 3) * 27;
    while (f !== 0) {
      const bit = f & -f;
      f ^= bit;
      digitsOut[offset + 31 - Math.clz32(bit)] = d;
    }
  }
  solutions.push(ascii.decode(digitsOut));
}

/** The branching cell: the first bivalue one if any, else the first unsolved cell with fewest candidates. */
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
  if ((S[base + UNSOLVED]! | S[base + UNSOLVED + 1]! | S[base + UNSOLVED + 2]!) === 0) {
    count++;
    emit(base);
    return;
  }
  const at = pickCell(base);
  const b = (at / 27) | 0;
  const peers = ~BAND_PEERS[at % 27]!;
  const bit = 1 << (at % 27);
  const next = base + STRIDE;
  let words = 0;
  for (let d = 0; d < 9; d++) if ((S[base + d * 3 + b]! & bit) !== 0) words |= 1 << (d * 3 + b);
  while (words !== 0) {
    const w = 31 - Math.clz32(words & -words);
    words &= words - 1;
    if (nodes >= nodeLimit) {
      truncated = true;
      return;
    }
    nodes++;
    // The last branch may overwrite this level: nothing here is needed after it.
    const level = words === 0 ? base : next;
    if (level !== base) S.copyWithin(next, base, base + LIVE);
    S[level + w] = S[level + w]! & peers;
    if (propagate(level, 1 << w)) search(level);
    if (count >= maxSolutions || truncated) return;
  }
}

/**
 * Counts the completions of `cells` (81 values, 0 = blank, 1-9 given) up to `limits.maxSolutions`,
 * stopping after `limits.nodeLimit` nodes with `truncated`; returns the solutions found.
 */
export function bandSearch(cells: ArrayLike<number>, limits: BandSearchLimits): BandSearchResult {
  count = 0;
  nodes = 1;
  maxSolutions = limits.maxSolutions;
  nodeLimit = limits.nodeLimit;
  truncated = false;
  solutions = [];
  S.fill(FULL_BAND, 0, LIVE);
  let ok = true;
  // A given only cuts its digit's word to the cell's row and box; the first band update places it. Two
  // givens that see each other leave a row or box without the digit, or a cell without any digit.
  for (let cell = 0; cell < 81 && ok; cell++) {
    const v = cells[cell]!;
    if (v === 0) continue;
    const w = (v - 1) * 3 + ((cell / 27) | 0);
    const p = cell % 27;
    if ((S[w]! & (1 << p)) === 0) ok = false;
    else S[w] = S[w]! & ~BAND_PEERS[p]!;
  }
  if (ok && maxSolutions > 0 && propagate(0, FULL_BAND)) search(0);
  const result = { count, nodes, truncated, solutions };
  solutions = [];
  return result;
}
