import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Hint } from '../../../src/engines/hint.js';
import { nextHint, type SudokuPosition } from '../../../src/engines/sudoku/hint.js';
import { engine } from '../../../src/engines/sudoku/index.js';
import { logicSolve } from '../../../src/engines/sudoku/logic.js';
import { toCells } from '../../../src/engines/sudoku/solve.js';

const generated = (level: 'easy' | 'medium' | 'hard' | 'expert', seed: string) =>
  engine.generate(seed, level);

/** Applies a step's conclusions to a board: digits into the grid, exclusions into the pencil marks. */
function follow(
  board: Required<SudokuPosition>,
  hint: Extract<Hint, { type: 'step' }>,
): Required<SudokuPosition> {
  const grid = [...board.grid];
  const excluded = [...board.excluded];
  for (const c of hint.concludes) {
    if ('place' in c) grid[c.at] = String(c.place);
    if ('exclude' in c)
      excluded[c.at] = [...new Set([...excluded[c.at]!, ...c.exclude.map(String)])].join('');
  }
  return { grid: grid.join(''), excluded };
}

function followAll(
  level: 'easy' | 'medium' | 'hard' | 'expert',
  seed: string,
): { last: Hint; board: SudokuPosition } {
  const { puzzle, solution } = generated(level, seed);
  let board: Required<SudokuPosition> = { grid: puzzle.grid, excluded: Array(81).fill('') };
  for (let i = 0; i < 2000; i++) {
    const hint = nextHint(puzzle, solution, board);
    if (hint.type !== 'step') return { last: hint, board };
    board = follow(board, hint);
  }
  throw new Error('hints did not end');
}

describe('sudoku hints', () => {
  for (const level of ['easy', 'medium', 'hard'] as const) {
    it(`following hints alone from the givens solves ${level} puzzles`, () => {
      for (const seed of ['a', 'b', 'c']) {
        const { last, board } = followAll(level, `hint-${seed}`);
        expect(last.type).toBe('solved');
        expect(board.grid).toBe(generated(level, `hint-${seed}`).solution.grid);
      }
    });
  }

  it('following hints on an expert puzzle ends solved or in search, never in a mistake', () => {
    const { last } = followAll('expert', 'hint-x');
    expect(['solved', 'search']).toContain(last.type);
  });

  it('a wrong digit gets the first wrong cell in reading order and no value', () => {
    const { puzzle, solution } = generated('easy', 'hint-m');
    const blanks = [...puzzle.grid].flatMap((ch, i) => (ch === '.' ? [i] : []));
    const [first, second] = [blanks[3]!, blanks[10]!];
    const grid = [...puzzle.grid];
    for (const cell of [first, second]) grid[cell] = String((Number(solution.grid[cell]) % 9) + 1);
    const hint = nextHint(puzzle, solution, { grid: grid.join('') });
    expect(hint).toEqual({ type: 'mistake', unit: 'cell', at: first, explanation: expect.any(String) });
    expect(JSON.stringify(hint)).not.toContain(`"place"`);
  });

  it('ruling out the right digit of a cell is a mistake at that cell', () => {
    const { puzzle, solution } = generated('easy', 'hint-m');
    const cell = puzzle.grid.indexOf('.');
    const excluded = Array.from({ length: 81 }, (_, i) => (i === cell ? solution.grid[cell]! : ''));
    expect(nextHint(puzzle, solution, { grid: puzzle.grid, excluded })).toMatchObject({
      type: 'mistake',
      at: cell,
    });
  });

  it('the solved board is solved', () => {
    const { puzzle, solution } = generated('easy', 'hint-s');
    expect(nextHint(puzzle, solution, { grid: solution.grid }).type).toBe('solved');
  });

  it('a hidden single names its unit and cell in one sentence', () => {
    const { puzzle, solution } = generated('easy', 'hint-h');
    const hint = nextHint(puzzle, solution, { grid: puzzle.grid });
    expect(hint).toMatchObject({ type: 'step', technique: 'hidden single', unit: 'cell' });
    if (hint.type !== 'step') return;
    expect(hint.concludes).toHaveLength(1);
    expect(hint.involves).toHaveLength(9);
    expect(hint.explanation).toMatch(/^(Row|Column|Box) \d has \d in only one cell: r\dc\d\.$/);
  });

  it('a hint on a random correct partial board concludes only its own step, and only what the solution holds', () => {
    const puzzles = (['easy', 'medium', 'hard', 'expert'] as const).map((level) =>
      generated(level, `hint-p-${level}`),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3 }),
        fc.array(fc.boolean(), { minLength: 81, maxLength: 81 }),
        (which, keep) => {
          const { puzzle, solution } = puzzles[which]!;
          const grid = [...puzzle.grid]
            .map((ch, i) => (ch !== '.' || keep[i] ? solution.grid[i]! : '.'))
            .join('');
          const hint = nextHint(puzzle, solution, { grid });
          if (hint.type !== 'step') return ['solved', 'search'].includes(hint.type);
          const before = logicSolve(toCells(grid));
          expect(before.board.broken).toBe(false);
          for (const c of hint.concludes) {
            expect(grid[c.at]).toBe('.');
            expect(hint.involves).toContain(c.at);
            if ('place' in c) expect(String(c.place)).toBe(solution.grid[c.at]);
            if ('exclude' in c) expect(c.exclude).not.toContain(Number(solution.grid[c.at]));
          }
          const places = hint.concludes.filter((c) => 'place' in c);
          expect(places.length === 0 || places.length === hint.concludes.length).toBe(true);
          expect(places.length).toBeLessThanOrEqual(1);
          return true;
        },
      ),
      { numRuns: 200 },
    );
  });
});
