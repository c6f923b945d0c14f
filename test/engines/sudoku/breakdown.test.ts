import { describe, expect, it } from 'vitest';
import { breakdown } from '../../../src/engines/sudoku/breakdown.js';
import { engine } from '../../../src/engines/sudoku/index.js';

// tdoku-test-1 thinned further, its first four cells undecided ('?'): 3,172 completions over 42 tuples.
const GRID = '????.3..7...1..4..3.4..56.8........9...8.45....6........9........72....61.36.72.4';

/** The naive way the article starts from: fill every tuple in and count that puzzle's solutions. */
function naiveCounts(grid: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (let t = 0; t < 9 ** 4; t++) {
    const values = [0, 1, 2, 3].map((k) => String(1 + (Math.floor(t / 9 ** k) % 9))).join('');
    const n = engine.solve({ grid: values + grid.slice(4) }, { maxSolutions: 100_000 }).solutions.length;
    if (n > 0) counts.set(values, n);
  }
  return counts;
}

describe('the breakdown check (seed 003)', () => {
  it('counts every tuple of the undecided cells exactly as solving each tuple separately does', () => {
    const result = breakdown(GRID);
    expect(result.cells).toEqual([0, 1, 2, 3]);
    expect(result.truncated).toBe(false);
    expect(new Map(result.tuples.map((t) => [t.values, t.count]))).toEqual(naiveCounts(GRID));
  });

  it('finds the only two tuples that make the puzzle unique among 3,172 completions', () => {
    const result = breakdown(GRID);
    expect(result.totalSolutions).toBe(3172);
    expect(result.tuples).toHaveLength(42);
    expect(result.uniqueTuples).toEqual(['6829', '9854']);
  });

  it('treats a grid without undecided cells as one empty tuple counting its solutions', () => {
    const unique = '.5..83.17...1..4..3.4..56.8....3...9.9.8245....6....7...9....5...729..861.36.72.4';
    expect(breakdown(unique)).toEqual({
      cells: [],
      totalSolutions: 1,
      truncated: false,
      tuples: [{ values: '', count: 1 }],
      uniqueTuples: [''],
    });
  });

  it('stops at maxSolutions and says the counts are lower bounds', () => {
    const result = breakdown(GRID, { maxSolutions: 100 });
    expect(result.truncated).toBe(true);
    expect(result.totalSolutions).toBe(100);
    expect(result.tuples.reduce((sum, t) => sum + t.count, 0)).toBe(100);
  });

  it('is not truncated when the completions number exactly maxSolutions', () => {
    expect(breakdown(GRID, { maxSolutions: 3172 }).truncated).toBe(false);
  });

  it.each([
    ['a short grid', '????'],
    ['contradictory givens', `11${'.'.repeat(79)}`],
  ])('rejects %s with a PuzzleInputError', (_, grid) => {
    expect(() => breakdown(grid)).toThrowError(expect.objectContaining({ name: 'PuzzleInputError' }));
  });
});
