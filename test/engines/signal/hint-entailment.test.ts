import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Hint } from '../../../src/engines/hint.js';
import { TECHNIQUES as GRADER_TECHNIQUES } from '../../../src/engines/signal/grade.js';
import { afterStep, nextHint, type SignalPosition } from '../../../src/engines/signal/hint.js';
import { engine } from '../../../src/engines/signal/index.js';
import type { SignalPuzzle, SignalSolution } from '../../../src/engines/signal/model.js';
import { followChecked } from '../follow-checked.js';

/*
 * Issue #47 item 5: every signal hint's conclusion follows from the board as the player sees it plus what
 * the hint itself states. The check is the test's own, written from the rules alone (no engine module but
 * the hint under test and the generator): candidates are read off the board (a height already in a cell's
 * row or column is struck, a clue caps the masts near it), each elimination the hint states must follow
 * from one line's arrangements given the board and the eliminations justified before it, and then:
 * - a forcing step: its cell has exactly the two heights it names, and the other one, propagated by
 *   every line's arrangements to a standstill, empties some cell;
 * - any other step: every arrangement of the open cells the hint involves that keeps each row and column
 *   Latin, leaves each of its heights a home (in the involved cells or a candidate outside them), and
 *   shows the clue of each line the hint involves whole, places the heights the hint concludes.
 */

type Step = Extract<Hint, { type: 'step' }>;

const bit = (h: number): number => 1 << (h - 1);
const full = (n: number): number => (1 << n) - 1;

/** The 2n lines, rows then columns, each read from its front clue (left, top), with its two clues. */
function linesOf(p: SignalPuzzle): { cells: number[]; front: number; back: number }[] {
  const { n } = p;
  const lines: { cells: number[]; front: number; back: number }[] = [];
  for (let r = 0; r < n; r++)
    lines.push({
      cells: Array.from({ length: n }, (_, i) => r * n + i),
      front: p.left[r] ?? 0,
      back: p.right[r] ?? 0,
    });
  for (let c = 0; c < n; c++)
    lines.push({
      cells: Array.from({ length: n }, (_, i) => i * n + c),
      front: p.top[c] ?? 0,
      back: p.bottom[c] ?? 0,
    });
  return lines;
}

function seen(heights: readonly number[]): number {
  let tallest = 0;
  let k = 0;
  for (const h of heights) {
    if (h > tallest) {
      tallest = h;
      k++;
    }
  }
  return k;
}

/** The heights shown: the player's entries and the puzzle's givens (0 open). */
function shown(p: SignalPuzzle, grid: readonly number[]): number[] {
  return Array.from({ length: p.n * p.n }, (_, cell) => grid[cell] || Number(p.givens[cell]) || 0);
}

/** What a player reads off the board: heights shown struck from their lines, and the clues' caps. */
function visible(p: SignalPuzzle, heights: readonly number[]): number[] {
  const { n } = p;
  const domains = heights.map((h) => (h ? bit(h) : full(n)));
  for (const { cells, front, back } of linesOf(p)) {
    for (const cell of cells) {
      const h = heights[cell] ?? 0;
      if (h) for (const peer of cells) if (peer !== cell) domains[peer] = (domains[peer] ?? 0) & ~bit(h);
    }
    for (const [clue, order] of [
      [front, cells],
      [back, [...cells].reverse()],
    ] as const) {
      if (clue === 0) continue;
      // c − 1 rising masts must follow the d-th cell in: it is at most n − c + d + 1; a 1 sees the tallest.
      if (clue === 1) domains[order[0] ?? 0] = (domains[order[0] ?? 0] ?? 0) & bit(n);
      for (let d = 0; d < clue - 1; d++)
        domains[order[d] ?? 0] = (domains[order[d] ?? 0] ?? 0) & full(n - clue + d + 1);
    }
  }
  return domains;
}

/** The heights each cell of a line takes in some Latin arrangement within `domains` showing its clues. */
function lineOptions(
  n: number,
  line: { cells: number[]; front: number; back: number },
  domains: readonly number[],
) {
  const options = new Array<number>(n).fill(0);
  const row: number[] = [];
  const walk = (i: number, used: number): void => {
    if (i === n) {
      if (line.front && seen(row) !== line.front) return;
      if (line.back && seen([...row].reverse()) !== line.back) return;
      row.forEach((h, k) => {
        options[k] = (options[k] ?? 0) | bit(h);
      });
      return;
    }
    const d = (domains[line.cells[i] ?? 0] ?? 0) & ~used;
    for (let h = 1; h <= n; h++) {
      if (!(d & bit(h))) continue;
      row.push(h);
      walk(i + 1, used | bit(h));
      row.pop();
    }
  };
  walk(0, 0);
  return options;
}

/** Every line's arrangements to a standstill; false when some cell is left with no height. */
function propagate(p: SignalPuzzle, domains: number[]): boolean {
  for (let changed = true; changed; ) {
    changed = false;
    for (const line of linesOf(p)) {
      const options = lineOptions(p.n, line, domains);
      for (let i = 0; i < p.n; i++) {
        const cell = line.cells[i] ?? 0;
        const next = (domains[cell] ?? 0) & (options[i] ?? 0);
        if (next === 0) return false;
        if (next !== domains[cell]) {
          domains[cell] = next;
          changed = true;
        }
      }
    }
  }
  return true;
}

/** The stated eliminations, each justified by one line given the board and those justified before; or why not. */
function justifyExclusions(p: SignalPuzzle, domains: number[], hint: Step): string | null {
  const pending = new Map<number, number>();
  for (const c of hint.concludes) {
    if ('exclude' in c)
      pending.set(c.at, (pending.get(c.at) ?? 0) | c.exclude.reduce((m, h) => m | bit(h), 0));
  }
  for (let progress = true; progress && pending.size > 0; ) {
    progress = false;
    for (const line of linesOf(p)) {
      const options = lineOptions(p.n, line, domains);
      line.cells.forEach((cell, i) => {
        const want = pending.get(cell) ?? 0;
        const justified = want & ~(options[i] ?? 0);
        if (!justified) return;
        domains[cell] = (domains[cell] ?? 0) & ~justified;
        if (want & ~justified) pending.set(cell, want & ~justified);
        else pending.delete(cell);
        progress = true;
      });
    }
  }
  return pending.size === 0 ? null : `unjustified eliminations at cells ${[...pending.keys()].join(', ')}`;
}

/**
 * Whether the involved open cells can be filled, Latin in every line, each line's missing heights still
 * with a home, each wholly involved line showing its clues, with `cell` not `height`.
 */
function counterexample(
  p: SignalPuzzle,
  domains: readonly number[],
  heights: readonly number[],
  involves: readonly number[],
  cell: number,
  height: number,
): boolean {
  const { n } = p;
  const inside = new Set(involves);
  // The concluded cell first, then its row and column: a contradiction shows there, before the rest is tried.
  const near = (c: number): number =>
    c === cell ? 0 : Math.floor(c / n) === Math.floor(cell / n) || c % n === cell % n ? 1 : 2;
  const open = involves.filter((c) => !heights[c]).sort((a, b) => near(a) - near(b));
  const lines = linesOf(p);
  const value = [...heights];
  const fits = (): boolean => {
    for (const line of lines) {
      const cells = line.cells;
      let placed = 0;
      for (const c of cells) {
        const h = value[c] ?? 0;
        if (h && placed & bit(h)) return false;
        if (h) placed |= bit(h);
      }
      const homes = cells.reduce(
        (m, c) => m | (value[c] ? bit(value[c] ?? 0) : inside.has(c) ? 0 : (domains[c] ?? 0)),
        0,
      );
      const undecided = cells
        .filter((c) => inside.has(c) && !value[c])
        .reduce((m, c) => m | (domains[c] ?? 0), 0);
      if ((homes | undecided) !== full(n)) return false;
      if (cells.every((c) => value[c])) {
        const row = cells.map((c) => value[c] ?? 0);
        if (line.front && seen(row) !== line.front) return false;
        if (line.back && seen([...row].reverse()) !== line.back) return false;
      }
    }
    return true;
  };
  const walk = (k: number): boolean => {
    if (!fits()) return false;
    if (k === open.length) return true;
    const c = open[k] ?? 0;
    for (let h = 1; h <= n; h++) {
      if (!((domains[c] ?? 0) & bit(h)) || (c === cell && h === height)) continue;
      value[c] = h;
      if (walk(k + 1)) return true;
      value[c] = 0;
    }
    return false;
  };
  return walk(0);
}

/** Why a hint's conclusion does not follow from the board and what the hint states, or null when it does. */
function unsupported(p: SignalPuzzle, grid: readonly number[], hint: Step): string | null {
  const heights = shown(p, grid);
  const domains = visible(p, heights);
  const why = justifyExclusions(p, domains, hint);
  if (why) return why;
  for (const c of hint.concludes) {
    if (!('place' in c)) continue;
    if (hint.technique === 'forcing') {
      const named = /is (\d) or (\d); trying (\d)/.exec(hint.explanation);
      const tried = Number(named?.[3]);
      if (domains[c.at] !== (bit(c.place) | bit(tried)))
        return `forcing at ${c.at}: the board and the stated eliminations leave more than ${c.place} or ${tried}`;
      const trial = [...domains];
      trial[c.at] = bit(tried);
      if (propagate(p, trial)) return `forcing at ${c.at}: trying ${tried} runs into no contradiction`;
      continue;
    }
    for (let h = 1; h <= p.n; h++) {
      if (h === c.place || !((domains[c.at] ?? 0) & bit(h))) continue;
      if (counterexample(p, domains, heights, hint.involves, c.at, c.place))
        return `${hint.technique} at ${c.at}: the involved cells can hold ${h} there`;
    }
  }
  return null;
}

/** Every technique of the grader (src/engines/signal/grade.ts) but search: the runs below meet each one. */
const TECHNIQUES = Object.keys(GRADER_TECHNIQUES).filter((t) => t !== 'search');

const POOL = engine.levels.flatMap((level) =>
  [0, 1, 2].map((k) => ({ level, ...engine.generate(`entail-${k}`, level) })),
);

/** The hints of one puzzle, each step checked against the grid the player sees. */
const walkOf = (puzzle: SignalPuzzle, solution: SignalSolution) => ({
  puzzle,
  next: (position: SignalPosition) => nextHint(puzzle, solution, position),
  follow: afterStep,
  unsupported: (position: SignalPosition, step: Step) => unsupported(puzzle, position.grid, step),
  maxSteps: puzzle.n * puzzle.n + 1,
});

describe('signal hints', () => {
  it('conclude only what follows from the board the player sees plus what the hint states, at every level and technique', () => {
    const techniques = new Set<string>();
    fc.assert(
      fc.property(fc.nat(POOL.length - 1), fc.uniqueArray(fc.nat(48), { maxLength: 12 }), (index, reveal) => {
        const { puzzle, solution } = POOL[index] ?? (POOL[0] as (typeof POOL)[number]);
        const grid = Array.from({ length: puzzle.n * puzzle.n }, () => 0);
        for (const cell of reveal) if (cell < grid.length) grid[cell] = Number(solution.grid[cell]);
        followChecked(walkOf(puzzle, solution), { grid }, techniques);
      }),
      { numRuns: 60, seed: 47 },
    );
    for (const t of TECHNIQUES) expect(techniques).toContain(t);
  });
});
