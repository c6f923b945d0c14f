/**
 * A human-style solver on pencil marks: it applies the cheapest technique that makes progress, then
 * starts again from the cheapest, and remembers what it needed. Every technique is a sound deduction
 * (none assumes uniqueness), so a grid this solver completes has exactly one solution.
 */
import { digitOfBit, PEERS, POPCOUNT9, SEES, UNITS } from './geometry.js';

export interface Technique {
  name: string;
  /** Roughly the Sudoku Explainer rating of the technique: the order in which they are tried. */
  weight: number;
  apply(board: Board): boolean;
}

/** Pencil-mark state: candidates as 9-bit masks (bit d-1 for digit d), 0 once a cell holds its digit. */
export class Board {
  readonly cand = new Uint16Array(81);
  readonly value = new Uint8Array(81);
  unsolved = 81;
  broken = false;

  constructor(cells: ArrayLike<number>) {
    this.cand.fill(511);
    for (let cell = 0; cell < 81; cell++) {
      const v = cells[cell]!;
      if (v !== 0) this.place(cell, v);
    }
  }

  place(cell: number, digit: number): void {
    if (this.value[cell] !== 0) return;
    if ((this.cand[cell]! & (1 << (digit - 1))) === 0) this.broken = true;
    this.value[cell] = digit;
    this.cand[cell] = 0;
    this.unsolved--;
    const bit = ~(1 << (digit - 1));
    for (const peer of PEERS[cell]!) {
      if (this.value[peer] !== 0) continue;
      const next = this.cand[peer]! & bit;
      this.cand[peer] = next;
      if (next === 0) this.broken = true;
    }
  }

  /**
   * Called by a technique once one instance of it has made its progress, with the cells its reasoning looked
   * at and the unit it worked in (-1 for none). The grader ignores it; the hint (hint.ts) records the
   * instance and stops there.
   */
  note(_cells: readonly number[], _unit: number): void {}

  /** Removes `mask` from a cell's candidates; true when something was removed. */
  eliminate(cell: number, mask: number): boolean {
    const before = this.cand[cell]!;
    if ((before & mask) === 0) return false;
    const next = before & ~mask;
    this.cand[cell] = next;
    if (next === 0) this.broken = true;
    return true;
  }
}

function hiddenSingle(board: Board): boolean {
  let progress = false;
  for (const unit of UNITS) {
    let ones = 0;
    let twos = 0;
    for (const cell of unit) {
      const m = board.cand[cell]!;
      twos |= ones & m;
      ones |= m;
    }
    let singles = ones & ~twos;
    while (singles !== 0) {
      const bit = singles & -singles;
      singles ^= bit;
      for (const cell of unit) {
        if ((board.cand[cell]! & bit) !== 0) {
          board.place(cell, digitOfBit(bit));
          board.note(unit, UNITS.indexOf(unit));
          progress = true;
          break;
        }
      }
    }
  }
  return progress;
}

function nakedSingle(board: Board): boolean {
  let progress = false;
  for (let cell = 0; cell < 81; cell++) {
    const m = board.cand[cell]!;
    if (m !== 0 && (m & (m - 1)) === 0) {
      board.place(cell, digitOfBit(m));
      board.note([cell], -1);
      progress = true;
    }
  }
  return progress;
}

/** Cells of `unit` holding candidate `bit`, as a 9-bit mask of positions in the unit. */
function places(board: Board, unit: readonly number[], bit: number): number {
  let m = 0;
  for (let k = 0; k < 9; k++) if ((board.cand[unit[k]!]! & bit) !== 0) m |= 1 << k;
  return m;
}

/** Locked candidates: a digit confined to one line inside a box (pointing) or one box inside a line (claiming). */
function lockedCandidates(board: Board, pointing: boolean): boolean {
  let progress = false;
  for (let d = 0; d < 9; d++) {
    const bit = 1 << d;
    for (let u = 0; u < 27; u++) {
      const isBox = u >= 18;
      if (isBox !== pointing) continue;
      const unit = UNITS[u]!;
      const m = places(board, unit, bit);
      if (m === 0 || (m & (m - 1)) === 0) continue;
      // The cells' shared units other than `u`: all in one row, column or box.
      const cells: number[] = [];
      for (let k = 0; k < 9; k++) if (m & (1 << k)) cells.push(unit[k]!);
      const first = cells[0]!;
      for (const other of otherSharedUnits(cells, u, first)) {
        for (const cell of UNITS[other]!) {
          if (!cells.includes(cell) && board.eliminate(cell, bit)) progress = true;
        }
      }
      if (progress) {
        board.note(cells, u);
        return true;
      }
    }
  }
  return progress;
}

function otherSharedUnits(cells: number[], u: number, first: number): number[] {
  const r = (first / 9) | 0;
  const c = first % 9;
  const b = 3 * ((first / 27) | 0) + ((c / 3) | 0);
  const out: number[] = [];
  if (u >= 18) {
    if (cells.every((x) => ((x / 9) | 0) === r)) out.push(r);
    if (cells.every((x) => x % 9 === c)) out.push(9 + c);
  } else if (cells.every((x) => 3 * ((x / 27) | 0) + (((x % 9) / 3) | 0) === b)) {
    out.push(18 + b);
  }
  return out;
}

/** Visits every n-subset of `items` (n ≤ 4) with the OR of their masks; stops when `visit` returns true. */
function subsets(
  items: number[],
  masks: number[],
  n: number,
  visit: (chosen: number[], union: number) => boolean,
): boolean {
  const len = items.length;
  const chosen: number[] = [];
  const rec = (start: number, union: number): boolean => {
    if (chosen.length === n) return visit(chosen, union);
    for (let i = start; i <= len - (n - chosen.length); i++) {
      const next = union | masks[i]!;
      if (POPCOUNT9[next]! > n) continue;
      chosen.push(items[i]!);
      if (rec(i + 1, next)) return true;
      chosen.pop();
    }
    return false;
  };
  return rec(0, 0);
}

function nakedSubset(board: Board, n: number): boolean {
  for (const unit of UNITS) {
    const cells: number[] = [];
    const masks: number[] = [];
    let open = 0;
    for (const cell of unit) {
      const m = board.cand[cell]!;
      if (m === 0) continue;
      open++;
      if (POPCOUNT9[m]! <= n) {
        cells.push(cell);
        masks.push(m);
      }
    }
    if (open <= n || cells.length < n) continue;
    const found = subsets(cells, masks, n, (chosen, union) => {
      let progress = false;
      for (const cell of unit) if (!chosen.includes(cell) && board.eliminate(cell, union)) progress = true;
      if (progress) board.note(chosen, UNITS.indexOf(unit));
      return progress;
    });
    if (found) return true;
  }
  return false;
}

function hiddenSubset(board: Board, n: number): boolean {
  for (const unit of UNITS) {
    const digits: number[] = [];
    const masks: number[] = [];
    let open = 0;
    for (let d = 0; d < 9; d++) {
      const m = places(board, unit, 1 << d);
      if (m === 0) continue;
      open++;
      if (POPCOUNT9[m]! <= n) {
        digits.push(d);
        masks.push(m);
      }
    }
    if (open <= n || digits.length < n) continue;
    const found = subsets(digits, masks, n, (chosen, union) => {
      let keep = 0;
      for (const d of chosen) keep |= 1 << d;
      let progress = false;
      for (let k = 0; k < 9; k++)
        if (union & (1 << k) && board.eliminate(unit[k]!, 511 & ~keep)) progress = true;
      if (progress)
        board.note(
          unit.filter((_, k) => (union & (1 << k)) !== 0),
          UNITS.indexOf(unit),
        );
      return progress;
    });
    if (found) return true;
  }
  return false;
}

/** X-wing (n=2), swordfish (3), jellyfish (4): n lines whose places for a digit cover only n cross lines. */
function fish(board: Board, n: number): boolean {
  for (let d = 0; d < 9; d++) {
    const bit = 1 << d;
    for (const base of [0, 9]) {
      const cover = 9 - base;
      const lines: number[] = [];
      const masks: number[] = [];
      for (let i = 0; i < 9; i++) {
        const m = places(board, UNITS[base + i]!, bit);
        if (POPCOUNT9[m]! >= 2 && POPCOUNT9[m]! <= n) {
          lines.push(i);
          masks.push(m);
        }
      }
      if (lines.length < n) continue;
      const found = subsets(lines, masks, n, (chosen, union) => {
        if (POPCOUNT9[union] !== n) return false;
        let progress = false;
        for (let k = 0; k < 9; k++) {
          if (!(union & (1 << k))) continue;
          const line = UNITS[cover + k]!;
          for (let i = 0; i < 9; i++)
            if (!chosen.includes(i) && board.eliminate(line[i]!, bit)) progress = true;
        }
        if (progress) {
          const corners = chosen.flatMap((i) =>
            UNITS[base + i]!.filter((cell) => (board.cand[cell]! & bit) !== 0),
          );
          board.note(corners, -1);
        }
        return progress;
      });
      if (found) return true;
    }
  }
  return false;
}

/** Removes `bit` from every unsolved cell that sees all of `cells`. */
function eliminateSeenByAll(board: Board, cells: number[], bit: number): boolean {
  let progress = false;
  for (const cell of PEERS[cells[0]!]!) {
    if ((board.cand[cell]! & bit) === 0 || cells.includes(cell)) continue;
    if (cells.every((other) => SEES[other * 81 + cell] === 1) && board.eliminate(cell, bit)) progress = true;
  }
  return progress;
}

/** XY-wing (pivot xy, pincers xz and yz) and XYZ-wing (pivot xyz): z goes from cells seeing the wing. */
function wing(board: Board, xyz: boolean): boolean {
  for (let pivot = 0; pivot < 81; pivot++) {
    const pm = board.cand[pivot]!;
    if (POPCOUNT9[pm] !== (xyz ? 3 : 2)) continue;
    const pincers = PEERS[pivot]!.filter((p) => {
      const m = board.cand[p]!;
      return POPCOUNT9[m] === 2 && (xyz ? (m & pm) === m : POPCOUNT9[m & pm] === 1);
    });
    for (let i = 0; i < pincers.length; i++) {
      for (let j = i + 1; j < pincers.length; j++) {
        const a = pincers[i]!;
        const b = pincers[j]!;
        const am = board.cand[a]!;
        const bm = board.cand[b]!;
        const z = am & bm;
        if (POPCOUNT9[z] !== 1 || (am | bm) === am) continue;
        if (xyz ? (am | bm) !== pm : (z & pm) !== 0 || ((am | bm) & pm) !== pm) continue;
        const wingCells = xyz ? [a, b, pivot] : [a, b];
        if (eliminateSeenByAll(board, wingCells, z)) {
          board.note(xyz ? wingCells : [pivot, a, b], -1);
          return true;
        }
      }
    }
  }
  return false;
}

/** The techniques in the order they are tried (cheapest first). */
export const TECHNIQUES: readonly Technique[] = [
  { name: 'hidden single', weight: 1.5, apply: hiddenSingle },
  { name: 'naked single', weight: 2.3, apply: nakedSingle },
  { name: 'pointing', weight: 2.6, apply: (b) => lockedCandidates(b, true) },
  { name: 'claiming', weight: 2.8, apply: (b) => lockedCandidates(b, false) },
  { name: 'naked pair', weight: 3.0, apply: (b) => nakedSubset(b, 2) },
  { name: 'x-wing', weight: 3.2, apply: (b) => fish(b, 2) },
  { name: 'hidden pair', weight: 3.4, apply: (b) => hiddenSubset(b, 2) },
  { name: 'naked triple', weight: 3.6, apply: (b) => nakedSubset(b, 3) },
  { name: 'swordfish', weight: 3.8, apply: (b) => fish(b, 3) },
  { name: 'hidden triple', weight: 4.0, apply: (b) => hiddenSubset(b, 3) },
  { name: 'xy-wing', weight: 4.2, apply: (b) => wing(b, false) },
  { name: 'xyz-wing', weight: 4.4, apply: (b) => wing(b, true) },
  { name: 'naked quad', weight: 5.0, apply: (b) => nakedSubset(b, 4) },
  { name: 'jellyfish', weight: 5.2, apply: (b) => fish(b, 4) },
  { name: 'hidden quad', weight: 5.4, apply: (b) => hiddenSubset(b, 4) },
];

export interface LogicResult {
  board: Board;
  solved: boolean;
  /** Technique names in the order first used. */
  used: string[];
  /** Heaviest weight used (0 when the grid was already full). */
  hardestWeight: number;
  hardest: string;
  /** Steps that needed more than singles. */
  advancedSteps: number;
}

/**
 * Solves as far as the techniques up to `maxWeight` reach. Stops early (unsolved) on a contradiction.
 */
export function logicSolve(cells: ArrayLike<number>, maxWeight = Number.POSITIVE_INFINITY): LogicResult {
  const board = new Board(cells);
  const used: string[] = [];
  let hardestWeight = 0;
  let hardest = '';
  let advancedSteps = 0;
  outer: while (board.unsolved > 0 && !board.broken) {
    for (const t of TECHNIQUES) {
      if (t.weight > maxWeight) break;
      if (!t.apply(board)) continue;
      if (!used.includes(t.name)) used.push(t.name);
      if (t.weight > hardestWeight) {
        hardestWeight = t.weight;
        hardest = t.name;
      }
      if (t.weight > 2.3) advancedSteps++;
      continue outer;
    }
    break;
  }
  return {
    board,
    solved: board.unsolved === 0 && !board.broken,
    used,
    hardestWeight,
    hardest,
    advancedSteps,
  };
}
