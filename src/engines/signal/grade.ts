import type { Difficulty } from '../types.js';
import { bitOf, fullMask, heightOf, isSingle, popcount } from './bits.js';
import { applyClueBounds } from './bounds.js';
import { type Geometry, geometryOf, visibleCount } from './geometry.js';
import { LINE_CONTRADICTION, LINE_GAVE_UP, LINE_NARROWED, LineReviser } from './line.js';
import { levelRank, type SignalLevel, type SignalPuzzle } from './model.js';
import { solveFrom } from './solve.js';

/**
 * The grader's techniques, cheapest first: its cost per use, and the level band it belongs to. The
 * ladder (README "Level ladder"): easy = clue bounds and Latin singles only; medium adds naked subsets
 * and short clue lines; hard adds clue lines of 4–5 open cells; expert adds long clue lines and forcing.
 * A puzzle's level is the band of the hardest technique it needs, whatever its size.
 */
export const TECHNIQUES = {
  'clue-bounds': { cost: 1, level: 'easy' },
  'naked-single': { cost: 1, level: 'easy' },
  'hidden-single': { cost: 2, level: 'easy' },
  /** Every arrangement of a clued line with at most 3 open cells, checked against its clues. */
  'clue-line-short': { cost: 3, level: 'medium' },
  'naked-subset': { cost: 5, level: 'medium' },
  /** The same with 4 or 5 open cells. */
  'clue-line': { cost: 6, level: 'hard' },
  /** The same with 6 or more open cells. */
  'clue-line-long': { cost: 10, level: 'expert' },
  /** Trying one of a cell's two candidates and reaching a contradiction with the techniques above. */
  forcing: { cost: 20, level: 'expert' },
  /** Trial and error once the techniques run out; the cost is per search node. */
  search: { cost: 40, level: 'expert' },
} as const satisfies Record<string, { cost: number; level: SignalLevel }>;

export type Technique = keyof typeof TECHNIQUES;

/** Enough for any line a person would reason about whole; a line past it is left to the search. */
const LINE_BUDGET = 200_000;
const SEARCH_NODE_LIMIT = 200_000;

export interface Analysis {
  difficulty: Difficulty<SignalLevel>;
  /**
   * Solutions found: 1 when the techniques finished the board, else the search's count (up to 2), or 0
   * when the search was not asked for.
   */
  solutions: number;
  truncated: boolean;
}

/**
 * Solves like a person: always the cheapest technique that still makes progress, going back to the
 * cheapest after each success; search only when all of them are stuck. The level is the band of the
 * hardest technique needed (the board's size does not enter it).
 */
export function analyzeDifficulty(
  puzzle: SignalPuzzle,
  geo: Geometry = geometryOf(puzzle),
): Difficulty<SignalLevel> {
  return analyze(puzzle, geo).difficulty;
}

/**
 * The grading together with what it proves about uniqueness: the techniques only remove impossible
 * candidates, so a board they complete has exactly that one solution. Without `withSearch` a board they
 * cannot finish is left there (the generator rejects those anyway and saves the search).
 */
export function analyze(
  puzzle: SignalPuzzle,
  geo: Geometry = geometryOf(puzzle),
  withSearch = true,
): Analysis {
  const board = HumanBoard.of(puzzle, geo);
  board.applyBounds();
  board.solve(true);
  let nodes = 0;
  let solutions = board.solved ? 1 : 0;
  let truncated = false;
  if (!board.solved && withSearch) {
    const result = solveFrom(geo, board.domains, { maxSolutions: 2, nodeLimit: SEARCH_NODE_LIMIT });
    nodes = result.nodes;
    solutions = result.solutions.length;
    truncated = result.truncated;
    board.use('search', nodes);
  }
  let hardest: Technique | 'givens' = 'givens';
  let level: SignalLevel = 'easy';
  let score = 0;
  for (const [name, count] of board.uses) {
    const technique = TECHNIQUES[name];
    score += technique.cost * count;
    if (hardest === 'givens' || technique.cost > TECHNIQUES[hardest].cost) hardest = name;
    if (levelRank(technique.level) > levelRank(level)) level = technique.level;
  }
  return {
    difficulty: { level, score, techniques: [...board.uses.keys()], hardest, nodes },
    solutions,
    truncated,
  };
}

/** The band a set of techniques puts a puzzle in: the highest level among them. */
export function bandOf(techniques: readonly Technique[]): SignalLevel {
  let band: SignalLevel = 'easy';
  for (const name of techniques)
    if (levelRank(TECHNIQUES[name].level) > levelRank(band)) band = TECHNIQUES[name].level;
  return band;
}

class HumanBoard {
  /** Techniques in order of first use, with how often each made progress. */
  readonly uses = new Map<Technique, number>();
  private broken = false;
  /** Bumped whenever a cell of the line changes, so a line that taught nothing is not redone unchanged. */
  private readonly stamp: Uint32Array;
  private readonly lineSeenAt: Uint32Array;
  private readonly subsetSeenAt: Uint32Array;
  private readonly hiddenSeenAt: Uint32Array;
  /** Cells left with one candidate by a placement in their row or column, not yet placed themselves. */
  private readonly pending: number[] = [];

  private constructor(
    private readonly geo: Geometry,
    readonly domains: Uint16Array,
    private readonly placed: Uint8Array,
    private placedCount: number,
    /** Scratch shared with the trial copies: neither keeps state between calls. */
    private readonly reviser: LineReviser,
    private readonly line: Uint16Array,
  ) {
    const { n } = geo;
    this.stamp = new Uint32Array(2 * n).fill(1);
    this.lineSeenAt = new Uint32Array(2 * n);
    this.subsetSeenAt = new Uint32Array(2 * n);
    this.hiddenSeenAt = new Uint32Array(2 * n);
  }

  /** The board with its givens written in. */
  static of(puzzle: SignalPuzzle, geo: Geometry): HumanBoard {
    const { n } = puzzle;
    const board = new HumanBoard(
      geo,
      new Uint16Array(n * n).fill(fullMask(n)),
      new Uint8Array(n * n),
      0,
      new LineReviser(n),
      new Uint16Array(n),
    );
    for (let cell = 0; cell < n * n; cell++) {
      const h = puzzle.givens.charCodeAt(cell) - 48;
      if (h >= 1 && h <= n) board.domains[cell] = bitOf(h);
    }
    for (let cell = 0; cell < n * n; cell++) if (isSingle(board.domains[cell] ?? 0)) board.place(cell);
    return board;
  }

  /** The board trials run on, reset to this board's state for each trial to spare allocations. */
  private trialBoard: HumanBoard | null = null;

  private trial(): HumanBoard {
    this.trialBoard ??= new HumanBoard(
      this.geo,
      new Uint16Array(this.domains.length),
      new Uint8Array(this.placed.length),
      0,
      this.reviser,
      this.line,
    );
    const twin = this.trialBoard;
    twin.domains.set(this.domains);
    twin.placed.set(this.placed);
    twin.placedCount = this.placedCount;
    twin.broken = this.broken;
    twin.uses.clear();
    twin.pending.length = 0;
    twin.pending.push(...this.pending);
    twin.stamp.fill(1);
    twin.lineSeenAt.fill(0);
    twin.subsetSeenAt.fill(0);
    twin.hiddenSeenAt.fill(0);
    return twin;
  }

  get solved(): boolean {
    return !this.broken && this.placedCount === this.geo.n * this.geo.n;
  }

  use(name: Technique, count: number): void {
    this.uses.set(name, (this.uses.get(name) ?? 0) + count);
  }

  applyBounds(): void {
    const bounded = applyClueBounds(this.geo, this.domains);
    if (bounded > 0) this.use('clue-bounds', bounded);
    if (this.domains.includes(0)) this.broken = true;
    for (let cell = 0; cell < this.domains.length; cell++) {
      if (!this.placed[cell] && isSingle(this.domains[cell] ?? 0)) this.pending.push(cell);
    }
  }

  /** Runs the techniques to a standstill; `forcing` allows trials (not inside a trial: one level deep). */
  solve(forcing: boolean): void {
    while (!this.broken && !this.solved) {
      if (this.nakedSingles()) continue;
      if (this.hiddenSingles()) continue;
      if (this.clueLine(0, 3, 'clue-line-short')) continue;
      if (this.nakedSubset()) continue;
      if (this.clueLine(4, 5, 'clue-line')) continue;
      if (this.clueLine(6, this.geo.n, 'clue-line-long')) continue;
      if (forcing && this.force()) continue;
      break;
    }
    // Singles can fill a line without its clue ever being consulted.
    if (this.solved && !this.cluesHold()) this.broken = true;
  }

  /** The first two-candidate cell where one candidate leads the other techniques into a contradiction. */
  private force(): boolean {
    for (let cell = 0; cell < this.domains.length; cell++) {
      const domain = this.domains[cell] ?? 0;
      if (this.placed[cell] || popcount(domain) !== 2) continue;
      for (let rest = domain; rest !== 0; rest &= rest - 1) {
        const bit = rest & -rest;
        const trial = this.trial();
        trial.narrow(cell, bit);
        trial.solve(false);
        if (trial.broken) {
          this.narrow(cell, ~bit);
          this.use('forcing', 1);
          return true;
        }
      }
    }
    return false;
  }

  private cluesHold(): boolean {
    const { n, cells, front, back } = this.geo;
    for (let l = 0; l < 2 * n; l++) {
      const f = front[l] ?? 0;
      const b = back[l] ?? 0;
      for (let i = 0; i < n; i++) this.line[i] = heightOf(this.domains[cells[l * n + i] ?? 0] ?? 0);
      if (f !== 0 && visibleCount(this.line, 0, 1, n) !== f) return false;
      if (b !== 0 && visibleCount(this.line, n - 1, -1, n) !== b) return false;
    }
    return true;
  }

  private touch(cell: number): void {
    const { n } = this.geo;
    const row = Math.floor(cell / n);
    const col = n + (cell % n);
    this.stamp[row] = (this.stamp[row] ?? 0) + 1;
    this.stamp[col] = (this.stamp[col] ?? 0) + 1;
  }

  /** Writes a decided height and strikes it from the cell's row and column. */
  private place(cell: number): void {
    const { n, peers } = this.geo;
    const degree = 2 * n - 2;
    const bit = this.domains[cell] ?? 0;
    this.placed[cell] = 1;
    this.placedCount++;
    this.touch(cell);
    for (let k = cell * degree, end = k + degree; k < end; k++) {
      const peer = peers[k] ?? 0;
      const before = this.domains[peer] ?? 0;
      if (!(before & bit)) continue;
      const after = before & ~bit;
      this.domains[peer] = after;
      this.touch(peer);
      if (after === 0) this.broken = true;
      else if (isSingle(after)) this.pending.push(peer);
    }
  }

  private narrow(cell: number, mask: number): boolean {
    const before = this.domains[cell] ?? 0;
    const after = before & mask;
    if (after === before) return false;
    this.domains[cell] = after;
    this.touch(cell);
    if (after === 0) this.broken = true;
    else if (isSingle(after) && !this.placed[cell]) this.place(cell);
    return true;
  }

  private nakedSingles(): boolean {
    let count = 0;
    while (this.pending.length > 0) {
      const cell = this.pending.pop() ?? 0;
      if (this.placed[cell] || !isSingle(this.domains[cell] ?? 0)) continue;
      this.place(cell);
      count++;
    }
    if (count > 0) this.use('naked-single', count);
    return count > 0;
  }

  private hiddenSingles(): boolean {
    const { n, cells } = this.geo;
    let count = 0;
    for (let l = 0; l < 2 * n; l++) {
      if (this.hiddenSeenAt[l] === this.stamp[l]) continue;
      this.hiddenSeenAt[l] = this.stamp[l] ?? 0;
      let once = 0;
      let twice = 0;
      for (let i = 0; i < n; i++) {
        const d = this.domains[cells[l * n + i] ?? 0] ?? 0;
        twice |= once & d;
        once |= d;
      }
      let singles = once & ~twice;
      while (singles !== 0) {
        const bit = singles & -singles;
        singles ^= bit;
        for (let i = 0; i < n; i++) {
          const cell = cells[l * n + i] ?? 0;
          if (!this.placed[cell] && (this.domains[cell] ?? 0) & bit) {
            this.narrow(cell, bit);
            count++;
          }
        }
      }
    }
    if (count > 0) this.use('hidden-single', count);
    return count > 0;
  }

  /** The first clued line with `min`..`max` open cells whose arrangements rule something out. */
  private clueLine(min: number, max: number, name: Technique): boolean {
    const { n, cells, front, back } = this.geo;
    for (let l = 0; l < 2 * n; l++) {
      const f = front[l] ?? 0;
      const b = back[l] ?? 0;
      if ((f === 0 && b === 0) || this.lineSeenAt[l] === this.stamp[l]) continue;
      let open = 0;
      for (let i = 0; i < n; i++) {
        const d = this.domains[cells[l * n + i] ?? 0] ?? 0;
        this.line[i] = d;
        if (!isSingle(d)) open++;
      }
      // A full line is checked with the short ones: it costs nothing and shows a broken clue at once.
      if (open < min || open > max) continue;
      const verdict = this.reviser.revise(this.line, f, b, LINE_BUDGET);
      if (verdict === LINE_CONTRADICTION) {
        this.broken = true;
        return false;
      }
      if (verdict !== LINE_NARROWED) {
        if (verdict !== LINE_GAVE_UP) this.lineSeenAt[l] = this.stamp[l] ?? 0;
        continue;
      }
      for (let i = 0; i < n; i++) this.narrow(cells[l * n + i] ?? 0, this.reviser.result[i] ?? 0);
      this.use(name, 1);
      return true;
    }
    return false;
  }

  /** The first line where k open cells share exactly k heights, which then leave its other cells. */
  private nakedSubset(): boolean {
    const { n, cells } = this.geo;
    const open: number[] = [];
    for (let l = 0; l < 2 * n; l++) {
      if (this.subsetSeenAt[l] === this.stamp[l]) continue;
      this.subsetSeenAt[l] = this.stamp[l] ?? 0;
      open.length = 0;
      for (let i = 0; i < n; i++) {
        const cell = cells[l * n + i] ?? 0;
        if (!this.placed[cell]) open.push(cell);
      }
      const all = (1 << open.length) - 1;
      for (let subset = 1; subset < all; subset++) {
        const size = popcount(subset);
        if (size < 2) continue;
        let union = 0;
        for (let k = 0; k < open.length; k++) if (subset & (1 << k)) union |= this.domains[open[k] ?? 0] ?? 0;
        if (popcount(union) !== size) continue;
        let progress = false;
        for (let k = 0; k < open.length; k++) {
          if (!(subset & (1 << k)) && this.narrow(open[k] ?? 0, ~union)) progress = true;
        }
        if (progress) {
          this.use('naked-subset', 1);
          return true;
        }
      }
    }
    return false;
  }
}
