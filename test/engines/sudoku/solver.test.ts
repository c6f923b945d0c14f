import { describe, expect, it } from 'vitest';
import { engine } from '../../../src/engines/sudoku/index.js';
import { TDOKU_TEST_PUZZLES } from '../../fixtures/sudoku/tdoku-test-puzzles.js';

const unique = TDOKU_TEST_PUZZLES.filter((p) => p.solutions === 1);
const invalid = TDOKU_TEST_PUZZLES.filter((p) => p.solutions === 0);
const multiple = TDOKU_TEST_PUZZLES.filter((p) => p.solutions > 1);

describe('the sudoku solver against tdoku test puzzles', () => {
  it('covers unique, no-solution and multi-solution cases', () => {
    expect([unique.length, invalid.length, multiple.length]).toEqual([18, 10, 15]);
  });

  it.each(unique)('finds the one solution of $id', (p) => {
    const result = engine.solve({ grid: p.grid });
    expect(result.truncated).toBe(false);
    expect(result.solutions.map((s) => s.grid)).toEqual([p.solution]);
  });

  it.each(invalid)('finds no solution for $id', (p) => {
    const result = engine.solve({ grid: p.grid });
    expect(result.solutions).toEqual([]);
    expect(result.truncated).toBe(false);
  });

  it.each(multiple)('counts exactly tdoku’s $solutions solutions of $id', (p) => {
    const result = engine.solve({ grid: p.grid }, { maxSolutions: 10_000 });
    expect(result.truncated).toBe(false);
    expect(result.solutions.length).toBe(p.solutions);
    expect(new Set(result.solutions.map((s) => s.grid)).size).toBe(p.solutions);
  });
});

describe('solve limits', () => {
  const multi = multiple[0]!;

  it('stops at two solutions by default, enough to tell unique from not', () => {
    expect(engine.solve({ grid: multi.grid }).solutions).toHaveLength(2);
  });

  it('returns solutions that keep the givens and pass check()', () => {
    for (const s of engine.solve({ grid: multi.grid }).solutions) {
      expect(engine.check({ grid: multi.grid }, s)).toEqual({ ok: true });
    }
  });

  it('reports truncated when the node limit stops the search', () => {
    const empty = '.'.repeat(81);
    const result = engine.solve({ grid: empty }, { maxSolutions: 1_000_000, nodeLimit: 50 });
    expect(result.truncated).toBe(true);
    expect(result.nodes).toBeLessThanOrEqual(50);
  });

  it('counts nodes: a grid solved by propagation alone takes the root node only', () => {
    expect(engine.solve({ grid: unique[0]!.grid }).nodes).toBe(1);
  });

  it('finds the grid itself as the only solution of a full valid grid', () => {
    const full = unique[0]!.solution!;
    expect(engine.solve({ grid: full }).solutions).toEqual([{ grid: full }]);
  });
});
