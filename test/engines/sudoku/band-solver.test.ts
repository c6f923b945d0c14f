import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bandSearch } from '../../../src/engines/sudoku/band-solver.js';
import { cellsToString, searchGrid, toCells } from '../../../src/engines/sudoku/solve.js';
import { TDOKU_TEST_PUZZLES } from '../../fixtures/sudoku/tdoku-test-puzzles.js';

const unique = TDOKU_TEST_PUZZLES.filter((p) => p.solutions === 1);
const invalid = TDOKU_TEST_PUZZLES.filter((p) => p.solutions === 0);
const multiple = TDOKU_TEST_PUZZLES.filter((p) => p.solutions > 1);

/** The reference solver's answer in the band solver's shape. */
function reference(cells: Uint8Array, maxSolutions: number, nodeLimit: number) {
  const solutions: string[] = [];
  const r = searchGrid(cells, { maxSolutions, nodeLimit }, (s) => solutions.push(cellsToString(s)));
  return { count: r.count, nodes: r.nodes, truncated: r.truncated, solutions };
}

describe('the band solver against tdoku test puzzles', () => {
  it.each(unique)('finds the one solution of $id', (p) => {
    const r = bandSearch(toCells(p.grid), { maxSolutions: 2, nodeLimit: 1_000_000 });
    expect(r.truncated).toBe(false);
    expect(r.solutions).toEqual([p.solution]);
  });

  it.each(invalid)('finds no solution for $id', (p) => {
    const r = bandSearch(toCells(p.grid), { maxSolutions: 2, nodeLimit: 1_000_000 });
    expect([r.count, r.truncated, r.solutions]).toEqual([0, false, []]);
  });

  it.each(multiple)('counts exactly tdoku’s $solutions distinct solutions of $id', (p) => {
    const r = bandSearch(toCells(p.grid), { maxSolutions: 10_000, nodeLimit: 1_000_000 });
    expect(r.truncated).toBe(false);
    expect(r.count).toBe(p.solutions);
    expect(new Set(r.solutions).size).toBe(p.solutions);
  });
});

describe('the band solver searches the same tree as solve.ts', () => {
  it.each(TDOKU_TEST_PUZZLES)('gives the same count, nodes and solutions in order for $id', (p) => {
    const cells = toCells(p.grid);
    for (const max of [1, 2, 50]) {
      expect(bandSearch(cells, { maxSolutions: max, nodeLimit: 1_000_000 })).toEqual(
        reference(cells, max, 1_000_000),
      );
    }
  });

  it('stops at the same node with truncated when the node limit is reached', () => {
    const empty = new Uint8Array(81);
    const r = bandSearch(empty, { maxSolutions: 1_000_000, nodeLimit: 50 });
    expect(r.truncated).toBe(true);
    expect(r.nodes).toBeLessThanOrEqual(50);
    expect(r).toEqual(reference(empty, 1_000_000, 50));
  });

  it('agrees on random partial grids: blanked solutions and random (often contradictory) givens', () => {
    const solved = unique.map((p) => p.solution as string);
    const blanked = fc
      .tuple(
        fc.integer({ min: 0, max: solved.length - 1 }),
        fc.array(fc.boolean(), { minLength: 81, maxLength: 81 }),
      )
      .map(([k, keep]) => {
        const cells = toCells(solved[k] as string);
        keep.forEach((kept, i) => {
          if (!kept) cells[i] = 0;
        });
        return cells;
      });
    const scattered = fc
      .array(fc.tuple(fc.integer({ min: 0, max: 80 }), fc.integer({ min: 1, max: 9 })), { maxLength: 30 })
      .map((givens) => {
        const cells = new Uint8Array(81);
        for (const [i, v] of givens) cells[i] = v;
        return cells;
      });
    fc.assert(
      fc.property(
        fc.oneof(blanked, scattered),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 300 }),
        (cells, maxSolutions, nodeLimit) => {
          expect(bandSearch(cells, { maxSolutions, nodeLimit })).toEqual(
            reference(cells, maxSolutions, nodeLimit),
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});
