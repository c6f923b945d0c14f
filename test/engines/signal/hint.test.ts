import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Hint } from '../../../src/engines/hint.js';
import { nextHint } from '../../../src/engines/signal/hint.js';
import { engine } from '../../../src/engines/signal/index.js';
import { PuzzleInputError } from '../../../src/engines/types.js';

const SEEDS = ['hint-a', 'hint-b', 'hint-c'];

/** Follows hints from the empty board, applying each step's placements, until the hints stop stepping. */
function follow(puzzle: Parameters<typeof nextHint>[0], solution: Parameters<typeof nextHint>[1]) {
  const grid = Array.from({ length: puzzle.n * puzzle.n }, () => 0);
  const techniques = new Set<string>();
  for (let steps = 0; steps <= grid.length; steps++) {
    const hint: Hint = nextHint(puzzle, solution, { grid });
    if (hint.type !== 'step') return { last: hint, grid, techniques };
    techniques.add(hint.technique);
    for (const c of hint.concludes) if ('place' in c) grid[c.at] = c.place;
  }
  throw new Error('the hints did not stop');
}

describe('signal hints', () => {
  for (const level of engine.levels) {
    it(`lead a ${level} board from empty to its solution, or to search only where the grader searched`, () => {
      for (const seed of SEEDS) {
        const { puzzle, solution, grade } = engine.generate(seed, level);
        const { last, grid } = follow(puzzle, solution);
        if (grade.techniques.includes('search')) {
          expect(['solved', 'search']).toContain(last.type);
        } else {
          expect(last.type).toBe('solved');
        }
        if (last.type === 'solved') {
          const full = grid.map((h, cell) => h || Number(puzzle.givens[cell]));
          expect(full.join('')).toBe(solution.grid);
        }
      }
    });
  }

  it('conclude only open cells, placing their solution heights and never excluding them, on any correct partial board', () => {
    const { puzzle, solution } = engine.generate('hint-prop', 'hard');
    const size = puzzle.n * puzzle.n;
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: size, maxLength: size }), (shown) => {
        const grid = shown.map((on, cell) => (on ? Number(solution.grid[cell]) : 0));
        const open = new Set(
          grid.flatMap((h, cell) => (h === 0 && puzzle.givens[cell] === '.' ? [cell] : [])),
        );
        const hint = nextHint(puzzle, solution, { grid: [...grid] });
        if (hint.type !== 'step') return;
        expect(hint.concludes.length).toBeGreaterThan(0);
        for (const c of hint.concludes) {
          expect(open.has(c.at)).toBe(true);
          // A placement is the solution's height; a stated elimination never rules it out.
          if ('exclude' in c) expect(c.exclude).not.toContain(Number(solution.grid[c.at]));
          else expect(c).toEqual({ at: c.at, place: Number(solution.grid[c.at]) });
        }
        expect(hint.concludes.some((c) => 'place' in c)).toBe(true);
        expect([...hint.involves].sort((a, b) => a - b)).toEqual(hint.involves);
      }),
      { numRuns: 100 },
    );
  });

  it('name the first wrong entry of a board, not its right height', () => {
    const { puzzle, solution } = engine.generate('hint-mistake', 'medium');
    const grid = Array.from({ length: 25 }, () => 0);
    const cell = 7;
    grid[cell] = (Number(solution.grid[cell]) % 5) + 1;
    grid[20] = (Number(solution.grid[20]) % 5) + 1;
    const hint = nextHint(puzzle, solution, { grid });
    expect(hint).toMatchObject({ type: 'mistake', unit: 'cell', at: cell });
    expect(JSON.stringify(hint)).not.toContain(`"${solution.grid[cell]}"`);
  });

  it('say a complete correct board is solved', () => {
    const { puzzle, solution } = engine.generate('hint-solved', 'easy');
    const grid = [...solution.grid].map(Number);
    expect(nextHint(puzzle, solution, { grid }).type).toBe('solved');
  });

  it('refuse a board of the wrong size', () => {
    const { puzzle, solution } = engine.generate('hint-size', 'easy');
    expect(() => nextHint(puzzle, solution, { grid: [0, 0, 0] })).toThrow(PuzzleInputError);
  });
});
