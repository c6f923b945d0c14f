import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Hint } from '../../../src/engines/hint.js';
import { nextHint } from '../../../src/engines/pattern/hint.js';
import { engine, type PatternPuzzle, type PatternSolution } from '../../../src/engines/pattern/index.js';
import { PuzzleInputError } from '../../../src/engines/types.js';

const SEEDS = ['hint-a', 'hint-b'];

/** Follows hints from the empty board, applying each step's conclusions, until the hints stop stepping. */
function follow(puzzle: PatternPuzzle, solution: PatternSolution) {
  const cells = Array.from({ length: puzzle.width * puzzle.height }, () => '.');
  for (let steps = 0; steps <= cells.length; steps++) {
    const hint: Hint = nextHint(puzzle, solution, { cells: cells.join('') });
    if (hint.type !== 'step') return { last: hint, cells: cells.join('') };
    for (const c of hint.concludes) if ('place' in c) cells[c.at] = String(c.place);
  }
  throw new Error('the hints did not stop');
}

describe('pattern hints', () => {
  for (const level of engine.levels) {
    it(`lead a ${level} board from empty to its solution, or to search only where the grader searched`, () => {
      for (const seed of SEEDS) {
        const { puzzle, solution, grade } = engine.generate(seed, level);
        const { last, cells } = follow(puzzle, solution);
        if (grade.techniques.includes('search')) expect(['solved', 'search']).toContain(last.type);
        else expect(last.type).toBe('solved');
        if (last.type === 'solved') expect(cells).toBe(solution.cells);
      }
    });
  }

  it("conclude after a probe only one row's cells, where the probe once concluded the whole board's", () => {
    let probes = 0;
    for (const level of ['hard', 'expert'] as const) {
      for (const seed of [...SEEDS, 'hint-c', 'hint-d']) {
        const { puzzle, solution } = engine.generate(seed, level);
        const cells = Array.from({ length: puzzle.width * puzzle.height }, () => '.');
        for (let steps = 0; steps <= cells.length; steps++) {
          const hint = nextHint(puzzle, solution, { cells: cells.join('') });
          if (hint.type !== 'step') break;
          if (hint.technique === 'probe' && hint.concludes.length > 1) {
            probes++;
            const rows = [...new Set(hint.concludes.map((c) => Math.floor(c.at / puzzle.width)))];
            expect(rows, hint.explanation).toHaveLength(1);
            expect(hint.explanation).toContain(`row ${(rows[0] ?? -1) + 1}, columns `);
          }
          for (const c of hint.concludes) if ('place' in c) cells[c.at] = String(c.place);
        }
      }
    }
    expect(probes).toBeGreaterThan(0);
  });

  it('conclude only open cells, with their solution values, on any correct partial board', () => {
    const { puzzle, solution } = engine.generate('hint-prop', 'hard');
    const size = puzzle.width * puzzle.height;
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: size, maxLength: size }), (shown) => {
        const cells = shown.map((on, i) => (on ? solution.cells[i] : '.')).join('');
        const hint = nextHint(puzzle, solution, { cells });
        if (hint.type !== 'step') return;
        expect(hint.concludes.length).toBeGreaterThan(0);
        for (const c of hint.concludes) {
          expect(cells[c.at]).toBe('.');
          expect(c).toEqual({ at: c.at, place: Number(solution.cells[c.at]) });
        }
        expect([...hint.involves].sort((a, b) => a - b)).toEqual(hint.involves);
      }),
      { numRuns: 50 },
    );
  });

  it('name the first wrong entry of a board, not its right value', () => {
    const { puzzle, solution } = engine.generate('hint-mistake', 'easy');
    const flip = (i: number): string => (solution.cells[i] === '1' ? '0' : '1');
    const cells = [...'.'.repeat(solution.cells.length)];
    cells[12] = flip(12);
    cells[40] = flip(40);
    expect(nextHint(puzzle, solution, { cells: cells.join('') })).toMatchObject({
      type: 'mistake',
      unit: 'cell',
      at: 12,
    });
  });

  it('say a complete correct board is solved', () => {
    const { puzzle, solution } = engine.generate('hint-solved', 'easy');
    expect(nextHint(puzzle, solution, { cells: solution.cells }).type).toBe('solved');
  });

  it('refuse a board of the wrong size', () => {
    const { puzzle, solution } = engine.generate('hint-size', 'easy');
    expect(() => nextHint(puzzle, solution, { cells: '...' })).toThrow(PuzzleInputError);
  });
});
