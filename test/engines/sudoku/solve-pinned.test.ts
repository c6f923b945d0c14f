import { describe, expect, it } from 'vitest';
import { cellsToString, searchGrid, toCells } from '../../../src/engines/sudoku/solve.js';
import { TDOKU_TEST_PUZZLES, type TdokuCase } from '../../fixtures/sudoku/tdoku-test-puzzles.js';

// The solver's own fast tests (some 3,000 nodes in all): solution counts, node counts and the order of the
// solutions are pinned, because the grader scores an expert puzzle by its search nodes and the generator
// keeps the first solution found. Stryker runs sudoku's solver against this file alone (RELIABILITY.md,
// "Mutation testing"): its instrumented code runs some 40 times slower, and solver.test.ts's counting of
// every solution of 15 puzzles (22,000 nodes) would make each of the 435 mutants take half a minute.

const NO_LIMIT = 1_000_000;

/**
 * [tdoku id, solutions and nodes at maxSolutions 2]: the nine that propagation alone solves, two unique
 * and two invalid puzzles that need a few hundred nodes, and the 15 with several solutions.
 */
const WORK: readonly (readonly [string, number, number])[] = [
  ['tdoku-test-1', 1, 1],
  ['tdoku-test-2', 1, 1],
  ['tdoku-test-3', 1, 1],
  ['tdoku-test-4', 1, 1],
  ['tdoku-test-5', 1, 1],
  ['tdoku-test-6', 1, 1],
  ['tdoku-test-7', 1, 1],
  ['tdoku-test-8', 1, 1],
  ['tdoku-test-9', 1, 1],
  ['tdoku-test-12', 1, 242],
  ['tdoku-test-17', 1, 303],
  ['tdoku-test-24', 0, 439],
  ['tdoku-test-27', 0, 415],
  ['tdoku-test-29', 2, 8],
  ['tdoku-test-30', 2, 9],
  ['tdoku-test-31', 2, 8],
  ['tdoku-test-32', 2, 8],
  ['tdoku-test-33', 2, 11],
  ['tdoku-test-34', 2, 6],
  ['tdoku-test-35', 2, 6],
  ['tdoku-test-36', 2, 5],
  ['tdoku-test-37', 2, 5],
  ['tdoku-test-38', 2, 5],
  ['tdoku-test-39', 2, 47],
  ['tdoku-test-40', 2, 84],
  ['tdoku-test-41', 2, 47],
  ['tdoku-test-42', 2, 14],
  ['tdoku-test-43', 2, 17],
];

/** [tdoku id, all its solutions, the nodes to list them, FNV-1a of the solutions in the order found]. */
const ALL: readonly (readonly [string, number, number, number])[] = [
  ['tdoku-test-29', 125, 255, 0xa9a2c784],
  ['tdoku-test-35', 13, 27, 0x5dbd3060],
  ['tdoku-test-36', 9, 23, 0xbb14fee0],
  ['tdoku-test-37', 3, 9, 0xf2f4e2e2],
];

/** The generator's pinned puzzles (test/engines/sudoku/generate.test.ts) and the nodes each takes. */
const GENERATED: readonly (readonly [string, number])[] = [
  ['2...78.1.3.9.......8.36.4...537....29..821..44....386...1.87.4.......5.1.9.61...8', 1],
  ['...1.4.6.2...7...4...86...736..1.2.5.5.6.2.7.7.9.5..415...87...8...9...3.9.4.1...', 1],
  ['.9...7.....2.64..1.8.1.....3.....6..15.4.9.72..8.....4.....2.4.8..51.3.....9...8.', 1],
  ['6..1.7....7..9.5..9....5.27..76......28...97......21..41.7....3..6.5..4....8.4..1', 3],
  ['8.6..7..941.2.........6...7.7...3.18.........12.5...3.3...8.........2.439..3..2.5', 17],
  ['6...57..94...698...2...1.6..4.....98.........15.....2..6.1...8...892...35..87...6', 3],
];

function tdoku(id: string): TdokuCase {
  const found = TDOKU_TEST_PUZZLES.find((p) => p.id === id);
  if (!found) throw new Error(`no puzzle ${id}`);
  return found;
}

function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function solutionsOf(grid: string, maxSolutions: number): string[] {
  const found: string[] = [];
  searchGrid(toCells(grid), { maxSolutions, nodeLimit: NO_LIMIT }, (s) => found.push(cellsToString(s)));
  return found;
}

describe('sudoku solver, its work pinned', () => {
  it('finds the pinned numbers of solutions in the pinned numbers of nodes for tdoku test puzzles', () => {
    const work = WORK.map(([id]) => {
      const result = searchGrid(toCells(tdoku(id).grid), { maxSolutions: 2, nodeLimit: NO_LIMIT });
      expect(result.truncated, id).toBe(false);
      return [id, result.count, result.nodes];
    });
    expect(work).toEqual(WORK);
  });

  it('lists every solution of four multi-solution puzzles in the pinned order and number of nodes', () => {
    const all = ALL.map(([id]) => {
      const found: string[] = [];
      const result = searchGrid(toCells(tdoku(id).grid), { maxSolutions: 10_000, nodeLimit: NO_LIMIT }, (s) =>
        found.push(cellsToString(s)),
      );
      expect(new Set(found).size, id).toBe(found.length);
      return [id, result.count, result.nodes, fnv1a(found.join(''))];
    });
    expect(all).toEqual(ALL);
  });

  it('solves each of the generator’s pinned puzzles uniquely in the pinned number of nodes', () => {
    const work = GENERATED.map(([grid]) => {
      const result = searchGrid(toCells(grid), { maxSolutions: 2, nodeLimit: NO_LIMIT });
      return [grid, result.count, result.nodes];
    });
    expect(work).toEqual(GENERATED.map(([grid, nodes]) => [grid, 1, nodes]));
  });

  it('branches at the fewest candidates over every band, not only the first band scanned, listing 8 solutions in 43 nodes', () => {
    // Nine givens; a scan that stops at the first band without a bivalue cell branches elsewhere, finds
    // other solutions first and takes 45 nodes.
    const grid = '6........................52........3..2....9...........45.........8....4.........';
    const found: string[] = [];
    const result = searchGrid(toCells(grid), { maxSolutions: 8, nodeLimit: NO_LIMIT }, (s) =>
      found.push(cellsToString(s)),
    );
    expect(result).toEqual({ count: 8, nodes: 43, truncated: false });
    expect(fnv1a(found.join(''))).toBe(0x11a3f625);
  });

  it('completes the empty grid first to this grid, in 48 nodes', () => {
    const found: string[] = [];
    const result = searchGrid(toCells('.'.repeat(81)), { maxSolutions: 1, nodeLimit: NO_LIMIT }, (s) =>
      found.push(cellsToString(s)),
    );
    expect(found).toEqual([
      '123456789456789123789123456231674895875912364694538217317265948542897631968341572',
    ]);
    expect(result).toEqual({ count: 1, nodes: 48, truncated: false });
  });

  it('gives tdoku puzzles with one solution exactly that solution', () => {
    for (const p of ['tdoku-test-1', 'tdoku-test-9', 'tdoku-test-12', 'tdoku-test-17'].map(tdoku)) {
      expect(solutionsOf(p.grid, 2), p.id).toEqual([p.solution]);
    }
  });
});

describe('sudoku solver limits', () => {
  it('finishes a 242-node search within a node limit of 242 or 243, and is truncated at 241', () => {
    const cells = toCells(tdoku('tdoku-test-12').grid);
    const at = (nodeLimit: number) => searchGrid(cells, { maxSolutions: 2, nodeLimit });
    expect(at(241)).toEqual({ count: 1, nodes: 241, truncated: true });
    expect(at(242)).toEqual({ count: 1, nodes: 242, truncated: false });
    expect(at(243)).toEqual({ count: 1, nodes: 242, truncated: false });
  });

  it('stops at maxSolutions: 2 of 3 solutions, or all 3 when 3 or 4 are allowed', () => {
    const cells = toCells(tdoku('tdoku-test-37').grid);
    const at = (maxSolutions: number) => searchGrid(cells, { maxSolutions, nodeLimit: NO_LIMIT });
    expect(at(2)).toEqual({ count: 2, nodes: 5, truncated: false });
    expect(at(3)).toEqual({ count: 3, nodes: 9, truncated: false });
    expect(at(4)).toEqual({ count: 3, nodes: 9, truncated: false });
  });

  it('counts the solutions found before the node limit stops a search of the empty grid', () => {
    const at = (nodeLimit: number) =>
      searchGrid(toCells('.'.repeat(81)), { maxSolutions: NO_LIMIT, nodeLimit });
    expect(at(10)).toEqual({ count: 0, nodes: 10, truncated: true });
    expect(at(50)).toEqual({ count: 2, nodes: 50, truncated: true });
    expect(at(100)).toEqual({ count: 28, nodes: 100, truncated: true });
  });

  it('searches nothing when no solution is asked for', () => {
    const full = tdoku('tdoku-test-1').solution as string;
    expect(searchGrid(toCells(full), { maxSolutions: 0, nodeLimit: NO_LIMIT })).toEqual({
      count: 0,
      nodes: 1,
      truncated: false,
    });
  });

  it('finds no solution, at the root, when two givens clash', () => {
    const clash = `11${'.'.repeat(79)}`;
    expect(searchGrid(toCells(clash), { maxSolutions: 2, nodeLimit: NO_LIMIT })).toEqual({
      count: 0,
      nodes: 1,
      truncated: false,
    });
  });

  it('finds no solution, at the root, when a given clashes with two others: three 2s, two side by side and one below', () => {
    // Assigned over the first, the second 2 of row 3 and the 2 of row 8 leave a state that propagation
    // accepts: the search would then run to its node limit (1,000 here) without a solution.
    const clash = `${'.'.repeat(19)}22${'.'.repeat(43)}2${'.'.repeat(16)}`;
    expect(searchGrid(toCells(clash), { maxSolutions: 2, nodeLimit: 1000 })).toEqual({
      count: 0,
      nodes: 1,
      truncated: false,
    });
  });
});

describe('sudoku solver state between searches', () => {
  it('searches a grid in the same nodes whatever was searched before: tdoku-test-1 cut to 2 solutions, 8 nodes after its solution too', () => {
    // The solver keeps its candidates in one module-level buffer; each search must start from scratch, or
    // what the one before left there (here, each digit's places in the solved grid) skips deductions.
    const cut = toCells('.5.4839.7978.624353.4..56.8...7...49...........6519...26.....51.....1..6..3....94');
    const limits = { maxSolutions: 2, nodeLimit: NO_LIMIT };
    expect(searchGrid(cut, limits)).toEqual({ count: 2, nodes: 8, truncated: false });
    expect(searchGrid(toCells(tdoku('tdoku-test-1').solution as string), limits).count).toBe(1);
    expect(searchGrid(cut, limits)).toEqual({ count: 2, nodes: 8, truncated: false });
  });
});

describe('sudoku grid strings', () => {
  it('reads 1–9 as digits and every other character, 0 and the neighbours of 1 and 9 among them, as blank', () => {
    const grid = `0/:x.1592${'.'.repeat(72)}`;
    expect(Array.from(toCells(grid).subarray(0, 10))).toEqual([0, 0, 0, 0, 0, 1, 5, 9, 2, 0]);
  });

  it('writes blanks as dots and digits as themselves', () => {
    const cells = new Uint8Array(81);
    cells[0] = 9;
    cells[80] = 1;
    expect(cellsToString(cells)).toBe(`9${'.'.repeat(79)}1`);
  });
});
