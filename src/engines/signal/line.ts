export const LINE_CONTRADICTION = -1;
export const LINE_UNCHANGED = 0;
export const LINE_NARROWED = 1;
/** The node budget ran out: nothing was learnt, which is sound (the line is merely not narrowed). */
export const LINE_GAVE_UP = 2;

/**
 * Narrows one line to the candidates that occur in some permutation of 1..n consistent with the
 * line's candidates and both of its clues (generalised arc consistency for the line).
 *
 * It looks for one supporting permutation per still unsupported (cell, height) pair and marks every
 * pair that permutation uses as supported, so a loose line costs a handful of probes rather than up to
 * n! leaves. A probe places the heights tallest first: a mast placed then is seen from the front exactly
 * when no mast is yet placed before it (all taller ones are already down), so both clues are counted
 * exactly at every step and bounded by the free cells beyond the outermost placed masts.
 */
export class LineReviser {
  /** Narrowed candidates of the last `revise`, by position along the line. */
  readonly result: Uint16Array;
  private readonly n: number;
  /** Positions (bitmask) each height may still take, by height. */
  private readonly places: Uint16Array;
  private readonly saved: Uint16Array;
  private readonly perm: Uint8Array;
  private front = 0;
  private back = 0;
  private nodes = 0;
  private budget = 0;

  constructor(n: number) {
    this.n = n;
    this.result = new Uint16Array(n);
    this.places = new Uint16Array(n + 1);
    this.saved = new Uint16Array(n + 1);
    this.perm = new Uint8Array(n);
  }

  /** `line` holds the line's candidates front to back; a clue of 0 is no clue. */
  revise(line: ArrayLike<number>, front: number, back: number, budget: number): number {
    const { n, places, result } = this;
    this.front = front;
    this.back = back;
    this.nodes = 0;
    this.budget = budget;
    places.fill(0);
    for (let p = 0; p < n; p++) {
      result[p] = 0;
      for (let own = line[p] ?? 0; own !== 0; own &= own - 1) {
        const h = 32 - Math.clz32(own & -own);
        places[h] = (places[h] ?? 0) | (1 << p);
      }
    }
    const verdict = this.supportAll(line);
    if (verdict !== LINE_UNCHANGED) return verdict;
    for (let p = 0; p < n; p++) if (result[p] !== line[p]) return LINE_NARROWED;
    return LINE_UNCHANGED;
  }

  private supportAll(line: ArrayLike<number>): number {
    const { n, places, result } = this;
    for (let p = 0; p < n; p++) {
      const cellBit = 1 << p;
      let pending = (line[p] ?? 0) & ~(result[p] ?? 0);
      while (pending !== 0) {
        const bit = pending & -pending;
        const h = 32 - Math.clz32(bit);
        // Force height h into cell p: h goes nowhere else and no other height goes there.
        this.saved.set(places);
        for (let k = 1; k <= n; k++) places[k] = (places[k] ?? 0) & ~cellBit;
        places[h] = cellBit;
        const found = this.probe(n, 0, n, -1, 0, 0);
        places.set(this.saved);
        if (this.nodes > this.budget) return LINE_GAVE_UP;
        if (found) {
          for (let q = 0; q < n; q++) result[q] = (result[q] ?? 0) | (1 << ((this.perm[q] ?? 1) - 1));
        }
        pending &= ~bit & ~(result[p] ?? 0);
      }
      if (result[p] === 0) return LINE_CONTRADICTION;
    }
    return LINE_UNCHANGED;
  }

  /**
   * Places height h and below; `first`/`last` are the outermost occupied cells (n and −1 when none),
   * `seenFront`/`seenBack` the masts seen so far from each end.
   */
  private probe(
    h: number,
    occupied: number,
    first: number,
    last: number,
    seenFront: number,
    seenBack: number,
  ): boolean {
    if (h === 0) return true;
    this.nodes++;
    if (this.nodes > this.budget) return false;
    const { n, front, back } = this;
    let options = (this.places[h] ?? 0) & ~occupied;
    while (options !== 0) {
      const cellBit = options & -options;
      options ^= cellBit;
      const p = 31 - Math.clz32(cellBit);
      let f = seenFront;
      let b = seenBack;
      let lo = first;
      let hi = last;
      if (p < lo) {
        lo = p;
        f++;
      }
      if (p > hi) {
        hi = p;
        b++;
      }
      // Cells before `lo` are all free: each could add one seen mast, and the first cell surely does.
      if (front !== 0 && (f > front || f + lo < front || (lo > 0 && f === front))) continue;
      const behind = n - 1 - hi;
      if (back !== 0 && (b > back || b + behind < back || (behind > 0 && b === back))) continue;
      if (!this.fillable(h - 1, occupied | cellBit)) continue;
      this.perm[p] = h;
      if (this.probe(h - 1, occupied | cellBit, lo, hi, f, b)) return true;
      if (this.nodes > this.budget) return false;
    }
    return false;
  }

  /** Every lower height still has a free cell and every free cell still has a lower height. */
  private fillable(h: number, occupied: number): boolean {
    const free = ((1 << this.n) - 1) & ~occupied;
    let covered = 0;
    for (let k = 1; k <= h; k++) {
      const room = (this.places[k] ?? 0) & free;
      if (room === 0) return false;
      covered |= room;
    }
    return covered === free;
  }
}
