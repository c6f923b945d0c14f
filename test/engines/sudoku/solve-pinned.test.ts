import { describe, expect, it } from 'vitest';
import { cellsToString, searchGrid, toCells } from '../../../src/engines/sudoku/solve.js';
import { TDOKU_TEST_PUZZLES, type TdokuCase } from '../../fixtures/sudoku/tdoku-test-puzzles.js';

// The solver's own fast tests (a quarter of a second): solution counts, node counts and the order of the
// solutions are pinned, because the grader scores an expert puzzle by its search nodes and the generator
// keeps the first solution found. Stryker runs sudoku's solver against this file and solver.test.ts only
// (RELIABILITY.md, "Mutation testing").

const NO_LIMIT = 1_000_000;

/** [tdoku id, solutions found and nodes at maxSolutions 2, all solutions and the nodes to list them]. */
const WORK: readonly (readonly [string, number, number, number, number])[] = [
  ['tdoku-test-1', 1, 1, 1, 1],
  ['tdoku-test-2', 1, 1, 1, 1],
  ['tdoku-test-3', 1, 1, 1, 1],
  ['tdoku-test-4', 1, 1, 1, 1],
  ['tdoku-test-5', 1, 1, 1, 1],
  ['tdoku-test-6', 1, 1, 1, 1],
  ['tdoku-test-7', 1, 1, 1, 1],
  ['tdoku-test-8', 1, 1, 1, 1],
  ['tdoku-test-9', 1, 1, 1, 1],
  ['tdoku-test-10', 1, 666, 1, 666],
  ['tdoku-test-11', 1, 666, 1, 666],
  ['tdoku-test-12', 1, 242, 1, 242],
  ['tdoku-test-13', 1, 777, 1, 777],
  ['tdoku-test-14', 1, 360, 1, 360],
  ['tdoku-test-15', 1, 360, 1, 360],
  ['tdoku-test-16', 1, 1010, 1, 1010],
  ['tdoku-test-17', 1, 303, 1, 303],
  ['tdoku-test-18', 1, 498, 1, 498],
  ['tdoku-test-19', 0, 471, 0, 471],
  ['tdoku-test-20', 0, 742, 0, 742],
  ['tdoku-test-21', 0, 888, 0, 888],
  ['tdoku-test-22', 0, 693, 0, 693],
  ['tdoku-test-23', 0, 751, 0, 751],
  ['tdoku-test-24', 0, 439, 0, 439],
  ['tdoku-test-25', 0, 478, 0, 478],
  ['tdoku-test-26', 0, 733, 0, 733],
  ['tdoku-test-27', 0, 415, 0, 415],
  ['tdoku-test-28', 0, 1533, 0, 1533],
  ['tdoku-test-29', 2, 8, 125, 255],
  ['tdoku-test-30', 2, 9, 601, 1281],
  ['tdoku-test-31', 2, 8, 113, 283],
  ['tdoku-test-32', 2, 8, 122, 305],
  ['tdoku-test-33', 2, 11, 91, 231],
  ['tdoku-test-34', 2, 6, 132, 303],
  ['tdoku-test-35', 2, 6, 13, 27],
  ['tdoku-test-36', 2, 5, 9, 23],
  ['tdoku-test-37', 2, 5, 3, 9],
  ['tdoku-test-38', 2, 5, 102, 207],
  ['tdoku-test-39', 2, 47, 633, 2778],
  ['tdoku-test-40', 2, 84, 787, 7316],
  ['tdoku-test-41', 2, 47, 838, 4056],
  ['tdoku-test-42', 2, 14, 826, 2474],
  ['tdoku-test-43', 2, 17, 847, 2194],
];

/** FNV-1a of every solution in the order found, for each multi-solution puzzle. */
const ORDER: readonly (readonly [string, number])[] = [
  ['tdoku-test-29', 0xa9a2c784],
  ['tdoku-test-30', 0x5c9d73c4],
  ['tdoku-test-31', 0x9e0d19d4],
  ['tdoku-test-32', 0xe8272d23],
  ['tdoku-test-33', 0x2bb429da],
  ['tdoku-test-34', 0xe69b2449],
  ['tdoku-test-35', 0x5dbd3060],
  ['tdoku-test-36', 0xbb14fee0],
  ['tdoku-test-37', 0xf2f4e2e2],
  ['tdoku-test-38', 0x1d92520f],
  ['tdoku-test-39', 0x2abe8694],
  ['tdoku-test-40', 0xe205543e],
  ['tdoku-test-41', 0x9cfb643f],
  ['tdoku-test-42', 0x7ca47b4b],
  ['tdoku-test-43', 0x0fae2a7e],
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
  it('finds the pinned numbers of solutions in the pinned numbers of nodes for each tdoku test puzzle', () => {
    const work = WORK.map(([id]) => {
      const cells = toCells(tdoku(id).grid);
      const two = searchGrid(cells, { maxSolutions: 2, nodeLimit: NO_LIMIT });
      const all = searchGrid(cells, { maxSolutions: 10_000, nodeLimit: NO_LIMIT });
      expect([two.truncated, all.truncated], id).toEqual([false, false]);
      return [id, two.count, two.nodes, all.count, all.nodes];
    });
    expect(work).toEqual(WORK);
  });

  it('lists the solutions of each multi-solution puzzle in the pinned order', () => {
    expect(ORDER.map(([id]) => [id, fnv1a(solutionsOf(tdoku(id).grid, 10_000).join(''))])).toEqual(ORDER);
  });

  it('solves each of the generator’s pinned puzzles uniquely in the pinned number of nodes', () => {
    const work = GENERATED.map(([grid]) => {
      const result = searchGrid(toCells(grid), { maxSolutions: 2, nodeLimit: NO_LIMIT });
      return [grid, result.count, result.nodes];
    });
    expect(work).toEqual(GENERATED.map(([grid, nodes]) => [grid, 1, nodes]));
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

  it('gives each tdoku puzzle with one solution exactly that solution', () => {
    for (const p of TDOKU_TEST_PUZZLES.filter((q) => q.solutions === 1)) {
      expect(solutionsOf(p.grid, 2), p.id).toEqual([p.solution]);
    }
  });
});

describe('sudoku solver limits', () => {
  it('finishes a 666-node search within a node limit of 666 or 667, and is truncated at 665', () => {
    const cells = toCells(tdoku('tdoku-test-10').grid);
    const at = (nodeLimit: number) => searchGrid(cells, { maxSolutions: 2, nodeLimit });
    expect(at(665)).toEqual({ count: 1, nodes: 665, truncated: true });
    expect(at(666)).toEqual({ count: 1, nodes: 666, truncated: false });
    expect(at(667)).toEqual({ count: 1, nodes: 666, truncated: false });
  });

  it('stops at maxSolutions: 124 of 125 solutions, or all 125 when 125 or 126 are allowed', () => {
    const cells = toCells(tdoku('tdoku-test-29').grid);
    const at = (maxSolutions: number) => searchGrid(cells, { maxSolutions, nodeLimit: NO_LIMIT });
    expect(at(124)).toEqual({ count: 124, nodes: 254, truncated: false });
    expect(at(125)).toEqual({ count: 125, nodes: 255, truncated: false });
    expect(at(126)).toEqual({ count: 125, nodes: 255, truncated: false });
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
