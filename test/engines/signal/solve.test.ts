import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { engine } from '../../../src/engines/signal/index.js';
import { fits, latinSquares, puzzleOf } from './helpers.js';

const SQUARES_4 = latinSquares(4);

describe('signal solve', () => {
  it('finds every solution that brute force over all 576 Latin squares of side 4 finds', () => {
    const sides = ['top', 'bottom', 'left', 'right'] as const;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: SQUARES_4.length - 1 }),
        fc.array(fc.boolean(), { minLength: 16, maxLength: 16 }),
        fc.array(fc.boolean(), { minLength: 16, maxLength: 16 }),
        (index, keepClue, keepGiven) => {
          const grid = SQUARES_4[index] as string;
          const full = puzzleOf(4, {});
          const h = Array.from(grid, Number);
          for (let i = 0; i < 4; i++) {
            const row = h.slice(i * 4, i * 4 + 4);
            const col = [0, 1, 2, 3].map((r) => h[r * 4 + i] ?? 0);
            const lines = [col, [...col].reverse(), row, [...row].reverse()];
            sides.forEach((side, s) => {
              let top = 0;
              let count = 0;
              for (const x of lines[s] ?? []) if (x > top) [top, count] = [x, count + 1];
              full[side][i] = keepClue[s * 4 + i] ? count : 0;
            });
          }
          full.givens = [...grid].map((g, cell) => (keepGiven[cell] && cell % 3 === 0 ? g : '.')).join('');
          const expected = SQUARES_4.filter((square) => fits(full, square)).sort();
          const result = engine.solve(full, { maxSolutions: 1000 });
          expect(result.truncated).toBe(false);
          expect(result.solutions.map((s) => s.grid).sort()).toEqual(expected);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('stops at maxSolutions', () => {
    const result = engine.solve(puzzleOf(5, {}), { maxSolutions: 3 });
    expect(result.solutions).toHaveLength(3);
    expect(result.truncated).toBe(false);
  });

  it('asks for two solutions by default, enough to tell unique from not', () => {
    expect(engine.solve(puzzleOf(4, {})).solutions).toHaveLength(2);
  });

  it('reports truncated when the node limit stops it, with the count only a lower bound', () => {
    const result = engine.solve(puzzleOf(7, {}), { maxSolutions: 1000, nodeLimit: 5 });
    expect(result.truncated).toBe(true);
    expect(result.nodes).toBe(5);
  });

  it('finds no solution when a row sees one mast from both ends', () => {
    const result = engine.solve(puzzleOf(4, { left: [1, 0, 0, 0], right: [1, 0, 0, 0] }));
    expect(result).toEqual({ solutions: [], nodes: 0, truncated: false });
  });

  it('finds no solution without searching when a given breaks a clue’s bound', () => {
    // A left clue of 4 on side 4 makes the row 1 2 3 4: a given 4 in its first cell leaves that cell no height.
    const result = engine.solve(puzzleOf(4, { left: [4, 0, 0, 0], givens: `4${'.'.repeat(15)}` }));
    expect(result).toEqual({ solutions: [], nodes: 0, truncated: false });
  });

  it('branches on the first cell with the fewest candidates: the puzzle that needs search takes 5 nodes', () => {
    // Branching on any other cell (the last open one, or the last of the fewest) takes 13 nodes here.
    const puzzle = puzzleOf(5, {
      top: [2, 2, 3, 0, 3],
      bottom: [3, 2, 0, 3, 1],
      left: [0, 1, 2, 2, 3],
      right: [2, 0, 2, 3, 1],
    });
    expect(engine.solve(puzzle).nodes).toBe(5);
  });

  it('solves a puzzle that needs search and returns its one solution', () => {
    const puzzle = puzzleOf(5, {
      top: [2, 2, 3, 0, 3],
      bottom: [3, 2, 0, 3, 1],
      left: [0, 1, 2, 2, 3],
      right: [2, 0, 2, 3, 1],
    });
    expect(engine.solve(puzzle).solutions).toEqual([{ grid: '4315252431315241524324315' }]);
  });
});
