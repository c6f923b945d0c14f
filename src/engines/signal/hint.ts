import type { Hint, HintStep } from '../hint.js';
import { PuzzleInputError } from '../types.js';
import { bitOf, fullMask, heightOf, isSingle, popcount } from './bits.js';
import { applyClueBounds } from './bounds.js';
import { type Geometry, geometryOf } from './geometry.js';
import type { Technique } from './grade.js';
import { LINE_CONTRADICTION, LINE_NARROWED, LineReviser } from './line.js';
import type { SignalPuzzle, SignalSolution } from './model.js';

/** The player's position: n² heights row-major, 0 for an empty cell. */
export interface SignalPosition {
  grid: number[];
}

/** Enough for any line of a generated board (n ≤ 7); a line past it is simply not narrowed. */
const LINE_BUDGET = 200_000;

const CLUE_LINES: readonly { min: number; max: number; name: Technique }[] = [
  { min: 0, max: 3, name: 'clue-line-short' },
  { min: 4, max: 5, name: 'clue-line' },
  { min: 6, max: 9, name: 'clue-line-long' },
];

/**
 * The grader's next step from a board (src/engines/signal/grade.ts, in its order: clue bounds, naked and
 * hidden singles, clue lines by size, naked subsets, forcing). A board holds heights, not candidates, so
 * a hint is always a step that places a height, and following hints always moves the board on. The
 * eliminations that place nothing on their own are carried to the next step that does, and that step
 * states them (issue #47): its explanation names them first, and its conclusions list them (`exclude`),
 * so that what it concludes follows from the board the player sees plus what the hint says.
 */
export function nextHint(puzzle: SignalPuzzle, solution: SignalSolution, board: SignalPosition): Hint {
  const { n } = puzzle;
  if (board.grid.length !== n * n)
    throw new PuzzleInputError(`the board must have ${n * n} cells, not ${board.grid.length}`);
  const known = new Uint8Array(n * n);
  for (let cell = 0; cell < n * n; cell++) {
    const given = puzzle.givens.charCodeAt(cell) - 48;
    const entry = board.grid[cell] ?? 0;
    const want = solution.grid.charCodeAt(cell) - 48;
    if (entry !== 0 && entry !== want) {
      return {
        type: 'mistake',
        unit: 'cell',
        at: cell,
        explanation: `The height at ${cellName(cell, n)} does not fit the puzzle's only solution.`,
      };
    }
    known[cell] = entry !== 0 || (given >= 1 && given <= n) ? want : 0;
  }
  if (known.every((h) => h !== 0)) return { type: 'solved', explanation: 'Every mast is in place.' };
  return new Stepper(geometryOf(puzzle), known).next();
}

class Stepper {
  private readonly n: number;
  private readonly domains: Uint16Array;
  private readonly reviser: LineReviser;
  /** The eliminations this hint has made so far without placing anything: stated by the step that places. */
  private readonly carried: { sentence: string; excluded: Map<number, number> }[] = [];

  constructor(
    private readonly geo: Geometry,
    /** Heights the board already shows (or givens), 0 where open. */
    private readonly known: Uint8Array,
  ) {
    this.n = geo.n;
    this.reviser = new LineReviser(geo.n);
    this.domains = new Uint16Array(known.length).fill(fullMask(geo.n));
    for (let cell = 0; cell < known.length; cell++) {
      const h = known[cell] ?? 0;
      if (h !== 0) this.domains[cell] = bitOf(h);
    }
    for (let cell = 0; cell < known.length; cell++) if (known[cell]) this.strikeFromPeers(cell);
  }

  next(): Hint {
    const before = this.domains.slice();
    applyClueBounds(this.geo, this.domains);
    const bounded = this.openSingles().filter((cell) => !isSingle(before[cell] ?? 0));
    if (bounded.length > 0) return this.boundsStep(bounded);
    for (;;) {
      const step =
        this.nakedSingle() ??
        this.hiddenSingle() ??
        this.clueLine(0) ??
        this.nakedSubset() ??
        this.clueLine(1) ??
        this.clueLine(2) ??
        this.forcing();
      if (step === 'narrowed') continue;
      if (step !== null) return step;
      return {
        type: 'search',
        technique: 'search',
        explanation: 'No deduction of the grader applies from here: the next step needs trial and error.',
      };
    }
  }

  private strikeFromPeers(cell: number): void {
    const { peers } = this.geo;
    const degree = 2 * this.n - 2;
    const bit = this.domains[cell] ?? 0;
    for (let k = cell * degree; k < (cell + 1) * degree; k++) {
      const peer = peers[k] ?? 0;
      this.domains[peer] = (this.domains[peer] ?? 0) & ~bit;
    }
  }

  private openSingles(): number[] {
    const cells: number[] = [];
    for (let cell = 0; cell < this.known.length; cell++) {
      if (!this.known[cell] && isSingle(this.domains[cell] ?? 0)) cells.push(cell);
    }
    return cells;
  }

  private place(
    technique: Technique,
    involves: Iterable<number>,
    cells: number[],
    explanation: string,
  ): Hint {
    const excluded = new Map<number, number>();
    for (const { excluded: made } of this.carried) {
      for (const [cell, mask] of made) excluded.set(cell, (excluded.get(cell) ?? 0) | mask);
    }
    const stated = [...excluded.keys()].sort((a, b) => a - b);
    const before = this.carried.map((c) => c.sentence).join(' ');
    return {
      type: 'step',
      technique,
      unit: 'cell',
      involves: [...new Set([...involves, ...cells, ...stated])].sort((a, b) => a - b),
      concludes: [
        ...cells.map((at) => ({ at, place: heightOf(this.domains[at] ?? 0) })),
        ...stated.map((at) => ({ at, exclude: heightList(excluded.get(at) ?? 0, this.n) })),
      ],
      explanation: before ? `${before} Then: ${explanation}` : explanation,
    };
  }

  /** Records an elimination that placed nothing, with the sentence that states it. */
  private carry(sentence: string, before: Uint16Array, cells: readonly number[]): void {
    const excluded = new Map<number, number>();
    for (const cell of cells) {
      const gone = (before[cell] ?? 0) & ~(this.domains[cell] ?? 0);
      if (gone) excluded.set(cell, gone);
    }
    const { n } = this;
    const list = [...excluded]
      .map(([cell, mask]) => `${heightList(mask, n).join(' or ')} at ${cellName(cell, n)}`)
      .join(', ');
    this.carried.push({ sentence: `${sentence} ${list}.`, excluded });
  }

  private boundsStep(cells: number[]): Hint {
    const cell = cells[0] ?? 0;
    const { n } = this;
    const h = heightOf(this.domains[cell] ?? 0);
    return this.place(
      'clue-bounds',
      this.crossOf(cell),
      [cell],
      `The clues at the ends of ${lineName(Math.floor(cell / n), n)} and ${lineName(n + (cell % n), n)} leave ` +
        `${cellName(cell, n)} only height ${h} once the masts already placed are struck out.`,
    );
  }

  private crossOf(cell: number): number[] {
    const { n } = this;
    const r = Math.floor(cell / n);
    const c = cell % n;
    const cells: number[] = [];
    for (let i = 0; i < n; i++) cells.push(r * n + i, i * n + c);
    return cells;
  }

  private lineCells(l: number): number[] {
    return Array.from({ length: this.n }, (_, i) => this.geo.cells[l * this.n + i] ?? 0);
  }

  private nakedSingle(): Hint | null {
    const cell = this.openSingles()[0];
    if (cell === undefined) return null;
    const h = heightOf(this.domains[cell] ?? 0);
    return this.place(
      'naked-single',
      this.crossOf(cell),
      [cell],
      `${capital(cellName(cell, this.n))} can only be ${h}: every other height is already in its row or column or ruled out.`,
    );
  }

  private hiddenSingle(): Hint | null {
    const { n } = this;
    for (let l = 0; l < 2 * n; l++) {
      const cells = this.lineCells(l);
      for (let h = 1; h <= n; h++) {
        const bit = bitOf(h);
        const homes = cells.filter((cell) => (this.domains[cell] ?? 0) & bit);
        const home = homes[0];
        if (homes.length !== 1 || home === undefined || this.known[home]) continue;
        this.domains[home] = bit;
        return this.place(
          'hidden-single',
          cells,
          [home],
          `Height ${h} has only one place left in ${lineName(l, n)}: ${cellName(home, n)}.`,
        );
      }
    }
    return null;
  }

  /** The first clued line of the size band whose arrangements narrow it; 'narrowed' when nothing got placed. */
  private clueLine(band: number): Hint | 'narrowed' | null {
    const { n, cells: lineOf, front, back } = this.geo;
    const { min, max, name } = CLUE_LINES[band] ?? { min: 0, max: 0, name: 'clue-line' };
    const line = new Uint16Array(n);
    for (let l = 0; l < 2 * n; l++) {
      const f = front[l] ?? 0;
      const b = back[l] ?? 0;
      if (f === 0 && b === 0) continue;
      let open = 0;
      for (let i = 0; i < n; i++) {
        line[i] = this.domains[lineOf[l * n + i] ?? 0] ?? 0;
        if (!isSingle(line[i] ?? 0)) open++;
      }
      if (open < min || open > max) continue;
      if (this.reviser.revise(line, f, b, LINE_BUDGET) !== LINE_NARROWED) continue;
      const cells = this.lineCells(l);
      const placed: number[] = [];
      const before = this.domains.slice();
      cells.forEach((cell, i) => {
        const after = this.reviser.result[i] ?? 0;
        if (!isSingle(this.domains[cell] ?? 0) && isSingle(after)) placed.push(cell);
        this.domains[cell] = after;
      });
      if (placed.length === 0) {
        this.carry(
          `The few ways ${lineName(l, n)} can be filled to show ${clueText(f, b)} rule out`,
          before,
          cells,
        );
        return 'narrowed';
      }
      const where = placed
        .map((cell) => `${cellName(cell, n)} is ${heightOf(this.domains[cell] ?? 0)}`)
        .join(', ');
      return this.place(
        name,
        cells,
        placed,
        `${capital(lineName(l, n))} can be filled only a few ways that show ${clueText(f, b)}; in all of them ${where}.`,
      );
    }
    return null;
  }

  private nakedSubset(): Hint | 'narrowed' | null {
    const { n } = this;
    for (let l = 0; l < 2 * n; l++) {
      const open = this.lineCells(l).filter((cell) => !isSingle(this.domains[cell] ?? 0));
      const all = (1 << open.length) - 1;
      for (let subset = 1; subset < all; subset++) {
        const size = popcount(subset);
        if (size < 2) continue;
        const members = open.filter((_, k) => subset & (1 << k));
        const union = members.reduce((u, cell) => u | (this.domains[cell] ?? 0), 0);
        if (popcount(union) !== size) continue;
        const others = open.filter((_, k) => !(subset & (1 << k)));
        if (!others.some((cell) => (this.domains[cell] ?? 0) & union)) continue;
        const before = this.domains.slice();
        for (const cell of others) this.domains[cell] = (this.domains[cell] ?? 0) & ~union;
        const placed = others.filter((cell) => isSingle(this.domains[cell] ?? 0));
        if (placed.length === 0) {
          this.carry(
            `In ${lineName(l, n)}, ${members.map((cell) => cellName(cell, n)).join(', ')} share exactly the heights ` +
              `${heightsText(union, n)} between them, which rules out`,
            before,
            others,
          );
          return 'narrowed';
        }
        return this.place(
          'naked-subset',
          this.lineCells(l),
          placed,
          `In ${lineName(l, n)}, ${members.map((cell) => cellName(cell, n)).join(', ')} share exactly the heights ` +
            `${heightsText(union, n)} between them, so ${placed
              .map((cell) => `${cellName(cell, n)} is ${heightOf(this.domains[cell] ?? 0)}`)
              .join(', ')}.`,
        );
      }
    }
    return null;
  }

  private forcing(): Hint | null {
    const { n } = this;
    for (let cell = 0; cell < this.domains.length; cell++) {
      const domain = this.domains[cell] ?? 0;
      if (popcount(domain) !== 2) continue;
      for (let rest = domain; rest !== 0; rest &= rest - 1) {
        const bit = rest & -rest;
        if (closure(this.geo, this.reviser, this.domains, cell, bit)) continue;
        this.domains[cell] = domain & ~bit;
        return this.place(
          'forcing',
          this.crossOf(cell),
          [cell],
          `${capital(cellName(cell, n))} is ${heightOf(domain & ~bit)} or ${heightOf(bit)}; trying ` +
            `${heightOf(bit)} leads the simpler deductions to a contradiction, so it is ${heightOf(domain & ~bit)}.`,
        );
      }
    }
    return null;
  }
}

/** Whether `cell` = `bit` survives every technique short of forcing, run to a standstill on a copy. */
function closure(
  geo: Geometry,
  reviser: LineReviser,
  start: Uint16Array,
  cell: number,
  bit: number,
): boolean {
  const { n, peers, cells, front, back } = geo;
  const domains = start.slice();
  domains[cell] = bit;
  const degree = 2 * n - 2;
  const struck = new Uint8Array(domains.length);
  const line = new Uint16Array(n);
  for (let changed = true; changed; ) {
    changed = false;
    for (let c = 0; c < domains.length; c++) {
      const d = domains[c] ?? 0;
      if (d === 0) return false;
      if (!isSingle(d) || struck[c]) continue;
      struck[c] = 1;
      for (let k = c * degree; k < (c + 1) * degree; k++) {
        const peer = peers[k] ?? 0;
        if ((domains[peer] ?? 0) & d) {
          domains[peer] = (domains[peer] ?? 0) & ~d;
          changed = true;
        }
      }
    }
    for (let l = 0; l < 2 * n; l++) {
      let covered = 0;
      for (let i = 0; i < n; i++) covered |= domains[cells[l * n + i] ?? 0] ?? 0;
      if (covered !== fullMask(n)) return false;
      for (let h = 1; h <= n; h++) {
        let home = -1;
        let count = 0;
        for (let i = 0; i < n; i++) {
          const c = cells[l * n + i] ?? 0;
          if ((domains[c] ?? 0) & bitOf(h)) {
            home = c;
            count++;
          }
        }
        if (count === 1 && domains[home] !== bitOf(h)) {
          domains[home] = bitOf(h);
          changed = true;
        }
      }
      if ((front[l] ?? 0) === 0 && (back[l] ?? 0) === 0) continue;
      for (let i = 0; i < n; i++) line[i] = domains[cells[l * n + i] ?? 0] ?? 0;
      const verdict = reviser.revise(line, front[l] ?? 0, back[l] ?? 0, LINE_BUDGET);
      if (verdict === LINE_CONTRADICTION) return false;
      if (verdict !== LINE_NARROWED) continue;
      for (let i = 0; i < n; i++) domains[cells[l * n + i] ?? 0] = reviser.result[i] ?? 0;
      changed = true;
    }
  }
  return true;
}

function cellName(cell: number, n: number): string {
  return `row ${Math.floor(cell / n) + 1}, column ${(cell % n) + 1}`;
}

function lineName(l: number, n: number): string {
  return l < n ? `row ${l + 1}` : `column ${l - n + 1}`;
}

function clueText(front: number, back: number): string {
  if (front !== 0 && back !== 0) return `${front} masts from one end and ${back} from the other`;
  return `${front || back} masts from its clued end`;
}

function heightList(mask: number, n: number): number[] {
  const heights: number[] = [];
  for (let h = 1; h <= n; h++) if (mask & bitOf(h)) heights.push(h);
  return heights;
}

function heightsText(mask: number, n: number): string {
  return heightList(mask, n).join(' and ');
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The position before any move: the givens, 0 elsewhere. */
export function startPosition(puzzle: SignalPuzzle): SignalPosition {
  return { grid: Array.from(puzzle.givens, (c) => (c === '.' ? 0 : Number(c))) };
}

/** The position after a player places the heights `step` decides (a board holds no candidates). */
export function afterStep(position: SignalPosition, step: HintStep): SignalPosition {
  const grid = [...position.grid];
  for (const c of step.concludes) if ('place' in c) grid[c.at] = c.place;
  return { grid };
}
