import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Hint } from '../../../src/engines/hint.js';
import { nextHint, type SudokuPosition } from '../../../src/engines/sudoku/hint.js';
import { engine } from '../../../src/engines/sudoku/index.js';
import { TECHNIQUES } from '../../../src/engines/sudoku/logic.js';
import type { SudokuPuzzle, SudokuSolution } from '../../../src/engines/sudoku/types.js';
import { followChecked } from '../follow-checked.js';

/*
 * Issue #47 item 5: every sudoku hint's conclusion follows from the board as the player sees it (its
 * digits and the candidates the player ruled out) plus what the hint states (the cells it involves). The
 * check is the test's own, written from the rules alone: candidates are the digits no peer holds and the
 * player has not ruled out; then no filling of the open cells the hint involves, within their candidates,
 * contradicts its conclusion while keeping every row, column and box free of repeats and leaving each digit
 * a home in each of them (among the involved cells, or a candidate outside them).
 */

type Step = Extract<Hint, { type: 'step' }>;

const UNITS: number[][] = [
  ...Array.from({ length: 9 }, (_, r) => Array.from({ length: 9 }, (_, i) => r * 9 + i)),
  ...Array.from({ length: 9 }, (_, c) => Array.from({ length: 9 }, (_, i) => i * 9 + c)),
  ...Array.from({ length: 9 }, (_, b) =>
    Array.from(
      { length: 9 },
      (_, i) => (Math.floor(b / 3) * 3 + Math.floor(i / 3)) * 9 + (b % 3) * 3 + (i % 3),
    ),
  ),
];
const UNITS_OF: number[][] = Array.from({ length: 81 }, (_, cell) =>
  UNITS.flatMap((unit, u) => (unit.includes(cell) ? [u] : [])),
);
const bit = (d: number): number => 1 << (d - 1);
const ALL = 511;
const isSingle = (m: number): boolean => m !== 0 && (m & (m - 1)) === 0;

/** The board's digits (givens included) and each open cell's candidates as the player sees them. */
function visible(
  puzzle: SudokuPuzzle,
  board: Required<SudokuPosition>,
): { digits: number[]; cand: number[] } {
  const digits = Array.from(
    { length: 81 },
    (_, i) => Number(puzzle.grid[i] === '.' ? board.grid[i] : puzzle.grid[i]) || 0,
  );
  const cand = digits.map((d, cell) => {
    if (d) return bit(d);
    let m = ALL;
    for (const u of UNITS_OF[cell] ?? [])
      for (const peer of UNITS[u] ?? []) if (digits[peer]) m &= ~bit(digits[peer] ?? 0);
    for (const ch of board.excluded[cell] ?? '') m &= ~bit(Number(ch));
    return m;
  });
  return { digits, cand };
}

/**
 * Whether the involved open cells can be filled within `domains` (the cell at `cell` restricted as given),
 * no unit repeating a digit and every unit keeping a home for each digit it lacks.
 */
function fillable(
  digits: readonly number[],
  cand: readonly number[],
  involves: readonly number[],
  cell: number,
  allowed: number,
): boolean {
  const inside = new Set(involves.filter((c) => !digits[c]));
  const domains = cand.map((m, c) => (c === cell ? m & allowed : m));
  // Homes outside the involved cells are free: a unit whose digit has one there needs nothing of the inside.
  const needs: { unit: number[]; digit: number }[] = [];
  UNITS.forEach((unit) => {
    for (let d = 1; d <= 9; d++) {
      if (unit.some((c) => digits[c] === d)) continue;
      if (unit.some((c) => !inside.has(c) && !digits[c] && (cand[c] ?? 0) & bit(d))) continue;
      needs.push({ unit: unit.filter((c) => inside.has(c)), digit: d });
    }
  });
  const search = (dom: number[]): boolean => {
    // Propagate: a decided cell leaves its peers; a digit with one home inside a needing unit goes there.
    for (let changed = true; changed; ) {
      changed = false;
      for (const c of inside) {
        const m = dom[c] ?? 0;
        if (m === 0) return false;
        if (!isSingle(m)) continue;
        for (const u of UNITS_OF[c] ?? []) {
          for (const peer of UNITS[u] ?? []) {
            if (peer !== c && inside.has(peer) && (dom[peer] ?? 0) & m) {
              dom[peer] = (dom[peer] ?? 0) & ~m;
              changed = true;
            }
          }
        }
      }
      for (const { unit, digit } of needs) {
        const homes = unit.filter((c) => (dom[c] ?? 0) & bit(digit));
        if (homes.length === 0) return false;
        const home = homes[0] ?? 0;
        if (homes.length === 1 && dom[home] !== bit(digit)) {
          dom[home] = bit(digit);
          changed = true;
        }
      }
    }
    let branch = -1;
    for (const c of inside)
      if (!isSingle(dom[c] ?? 0) && (branch < 0 || (dom[c] ?? 0) < (dom[branch] ?? 0))) branch = c;
    if (branch < 0) return true;
    for (let d = 1; d <= 9; d++) {
      if (!((dom[branch] ?? 0) & bit(d))) continue;
      const next = [...dom];
      next[branch] = bit(d);
      if (search(next)) return true;
    }
    return false;
  };
  return search(domains);
}

/** Why a hint's conclusion does not follow from the board and the cells it involves, or null when it does. */
function unsupported(puzzle: SudokuPuzzle, board: Required<SudokuPosition>, hint: Step): string | null {
  const { digits, cand } = visible(puzzle, board);
  for (const c of hint.concludes) {
    if (!hint.involves.includes(c.at)) return `cell ${c.at} is concluded but not involved`;
    if ('place' in c && fillable(digits, cand, hint.involves, c.at, ALL & ~bit(c.place)))
      return `${hint.technique}: cell ${c.at} could hold another digit than ${c.place}`;
    if ('exclude' in c) {
      for (const d of c.exclude) {
        if (fillable(digits, cand, hint.involves, c.at, bit(d)))
          return `${hint.technique}: cell ${c.at} could hold ${d}`;
      }
    }
  }
  return null;
}

/** Applies a step's conclusions: digits into the grid, exclusions into the pencil marks. */
function apply(board: Required<SudokuPosition>, hint: Step): Required<SudokuPosition> {
  const grid = [...board.grid];
  const excluded = [...board.excluded];
  for (const c of hint.concludes) {
    if ('place' in c) grid[c.at] = String(c.place);
    if ('exclude' in c)
      excluded[c.at] = [...new Set([...(excluded[c.at] ?? ''), ...c.exclude.map(String)])].join('');
  }
  return { grid: grid.join(''), excluded };
}

const POOL = engine.levels.flatMap((level) => [0, 1].map((k) => engine.generate(`entail-${k}`, level)));

/** Techniques the partly filled boards meet every time (the fixed seed below). */
const COMMON = ['hidden single', 'naked single', 'pointing', 'claiming', 'naked pair'];

/** Puzzles whose grading meets the rarer techniques (found by scanning seeds): followed from their givens. */
const RARE = [
  { level: 'hard', seed: 'entail-scan-0', techniques: ['xy-wing'] },
  { level: 'hard', seed: 'entail-scan-3', techniques: ['x-wing', 'hidden pair'] },
  { level: 'hard', seed: 'entail-scan-6', techniques: ['xyz-wing'] },
  { level: 'hard', seed: 'entail-scan-16', techniques: ['swordfish'] },
  { level: 'hard', seed: 'entail-scan-441', techniques: ['hidden quad'] },
  { level: 'hard', seed: 'entail-scan-1669', techniques: ['jellyfish'] },
  { level: 'expert', seed: 'entail-scan-4', techniques: ['hidden triple'] },
  { level: 'expert', seed: 'entail-scan-11', techniques: ['naked triple'] },
  { level: 'expert', seed: 'entail-scan-186', techniques: ['naked quad'] },
] as const;

/** The hints of one puzzle, each step checked against the grid and marks the player sees. */
const walkOf = (puzzle: SudokuPuzzle, solution: SudokuSolution) => ({
  puzzle,
  next: (position: Required<SudokuPosition>) => nextHint(puzzle, solution, position),
  follow: apply,
  unsupported: (position: Required<SudokuPosition>, step: Step) => unsupported(puzzle, position, step),
  // Each step places a digit or strikes at least one candidate: 81 cells × 9 candidates bound a walk.
  maxSteps: 81 * 9,
});

const noMarks = (): string[] => Array.from({ length: 81 }, () => '');

describe('sudoku hints', () => {
  it('conclude only what follows from the board the player sees plus the cells the hint involves, on partly filled boards', () => {
    const techniques = new Set<string>();
    fc.assert(
      fc.property(fc.nat(POOL.length - 1), fc.uniqueArray(fc.nat(80), { maxLength: 10 }), (index, reveal) => {
        const { puzzle, solution } = POOL[index] as { puzzle: SudokuPuzzle; solution: SudokuSolution };
        const grid = [...puzzle.grid];
        for (const at of reveal) grid[at] = solution.grid[at] ?? '.';
        followChecked(walkOf(puzzle, solution), { grid: grid.join(''), excluded: noMarks() }, techniques);
      }),
      { numRuns: 20, seed: 47 },
    );
    for (const t of COMMON) expect(techniques).toContain(t);
  });

  for (const { level, seed, techniques: rare } of RARE) {
    it(`conclude only what follows from the board and the cells involved on the ${level} board ${seed}, which needs ${rare.join(' and ')}`, () => {
      const { puzzle, solution } = engine.generate(seed, level);
      const techniques = new Set<string>();
      followChecked(walkOf(puzzle, solution), { grid: puzzle.grid, excluded: noMarks() }, techniques);
      for (const t of rare) expect(techniques).toContain(t);
    });
  }

  it('cover every technique of the grader between them', () => {
    const covered = new Set([...COMMON, ...RARE.flatMap((r) => r.techniques)]);
    expect([...covered].sort()).toEqual(TECHNIQUES.map((t) => t.name).sort());
  });
});
