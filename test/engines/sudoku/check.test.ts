import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { engine } from '../../../src/engines/sudoku/index.js';
import { TDOKU_TEST_PUZZLES } from '../../fixtures/sudoku/tdoku-test-puzzles.js';

const sample = TDOKU_TEST_PUZZLES[0]!;
const puzzle = { grid: sample.grid };
const solution = sample.solution!;
const firstBlank = sample.grid.indexOf('.');
const firstGiven = sample.grid.search(/[1-9]/);

const withCell = (grid: string, cell: number, ch: string) => grid.slice(0, cell) + ch + grid.slice(cell + 1);
const reasonOf = (submission: unknown) => {
  const r = engine.check(puzzle, submission);
  return r.ok ? 'ok' : r.reason;
};

describe('sudoku check()', () => {
  it('accepts the solution', () => {
    expect(engine.check(puzzle, { grid: solution })).toEqual({ ok: true });
  });

  it('accepts any valid completion, not only a stored one', () => {
    const multi = TDOKU_TEST_PUZZLES.find((p) => p.solutions > 1)!;
    const [a, b] = engine.solve({ grid: multi.grid }).solutions;
    expect(a!.grid).not.toBe(b!.grid);
    expect(engine.check({ grid: multi.grid }, a)).toEqual({ ok: true });
    expect(engine.check({ grid: multi.grid }, b)).toEqual({ ok: true });
  });

  it('rejects a changed given, naming the cell', () => {
    const given = solution[firstGiven]!;
    const other = given === '9' ? '1' : String(Number(given) + 1);
    expect(reasonOf({ grid: withCell(solution, firstGiven, other) })).toBe(
      `r1c${firstGiven + 1} must keep the given ${given}, not ${other}`,
    );
  });

  it('rejects a repeated digit, naming both cells', () => {
    const other = solution[firstBlank] === '9' ? '1' : String(Number(solution[firstBlank]) + 1);
    expect(reasonOf({ grid: withCell(solution, firstBlank, other) })).toMatch(
      /^row 1 has two \ds \(r1c\d and r1c\d\)$/,
    );
  });

  describe('a conflict in one kind of unit only', () => {
    const open = { grid: '.'.repeat(81) };
    const swapped = (a: number, b: number) => withCell(withCell(solution, a, solution[b]!), b, solution[a]!);
    const reasonOpen = (grid: string) => {
      const r = engine.check(open, { grid });
      return r.ok ? 'ok' : r.reason;
    };

    it('rejects a grid whose rows and columns are right but whose boxes repeat a digit', () => {
      // Each row is the one above shifted by one: every row and column holds 1-9 once, box 1 holds two 2s.
      const latin = Array.from({ length: 81 }, (_, i) => String(((((i / 9) | 0) + (i % 9)) % 9) + 1)).join(
        '',
      );
      expect(reasonOpen(latin)).toBe('box 1 has two 2s (r1c2 and r2c1)');
    });

    it('rejects a grid whose rows and boxes are right but whose columns repeat a digit', () => {
      // r1c1 and r1c2 swapped: row 1 and box 1 keep their digits, columns 1 and 2 do not.
      expect(reasonOpen(swapped(0, 1))).toMatch(
        new RegExp(`^column 1 has two ${solution[1]}s \\(r1c1 and r\\dc1\\)$`),
      );
    });

    it('rejects a grid whose columns and boxes are right but whose rows repeat a digit', () => {
      // r1c1 and r2c1 swapped: column 1 and box 1 keep their digits, rows 1 and 2 do not.
      expect(reasonOpen(swapped(0, 9))).toMatch(
        new RegExp(`^row 1 has two ${solution[9]}s \\(r1c1 and r1c\\d\\)$`),
      );
    });

    it('accepts a valid grid on a board without givens', () => {
      expect(reasonOpen(solution)).toBe('ok');
    });
  });

  it.each([
    ['0', '"0"'],
    [':', '":"'],
  ])('rejects %s, just outside the digits 1-9', (ch, shown) => {
    expect(reasonOf({ grid: withCell(solution, firstBlank, ch) })).toBe(
      `r1c${firstBlank + 1} holds ${shown}: every cell needs a digit 1-9`,
    );
  });

  it('rejects a blank cell', () => {
    expect(reasonOf({ grid: withCell(solution, firstBlank, '.') })).toBe(
      `r1c${firstBlank + 1} holds ".": every cell needs a digit 1-9`,
    );
  });

  it('rejects bad shapes with readable reasons', () => {
    expect(reasonOf(null)).toBe('the solution must be an object {"grid": "<81 digits>"}');
    expect(reasonOf(solution)).toBe('the solution must be an object {"grid": "<81 digits>"}');
    expect(reasonOf([solution])).toBe('the solution must be an object {"grid": "<81 digits>"}');
    expect(reasonOf({ grid: 5 })).toBe('the solution grid must be a string of 81 digits');
    expect(reasonOf({ grid: solution.slice(1) })).toBe('the solution grid must have 81 digits, got 80');
    expect(reasonOf({ grid: solution, moves: 3 })).toBe('unknown solution field(s): moves');
    expect(reasonOf({ grid: solution, moves: 3, time: 1 })).toBe('unknown solution field(s): moves, time');
  });

  it('never throws, whatever JSON arrives', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(engine.check(puzzle, value).ok).toBe(false);
      }),
    );
  });
});

describe('sudoku parsePuzzle()', () => {
  it('accepts a well-formed puzzle', () => {
    expect(engine.parsePuzzle({ grid: sample.grid })).toEqual({ grid: sample.grid });
  });

  it.each([
    [null, 'a sudoku puzzle must be a JSON object {"grid": "..."}'],
    [{ grid: 'x'.repeat(81) }, `grid may hold only '1'-'9' and '.', found "x" at r1c1`],
    [{ grid: '1'.repeat(80) }, 'grid must have 81 characters, got 80'],
    [{}, 'grid must be a string, got undefined'],
    [{ grid: sample.grid, extra: 1 }, 'unknown sudoku puzzle field(s): extra'],
    [{ grid: sample.grid, extra: 1, more: 2 }, 'unknown sudoku puzzle field(s): extra, more'],
    [{ grid: null }, 'grid must be a string, got null'],
    [{ grid: 81 }, 'grid must be a string, got number'],
    [{ grid: `11${'.'.repeat(79)}` }, 'contradictory givens: row 1 has two 1s (r1c1 and r1c2)'],
  ])('rejects %j with a readable PuzzleInputError', (json, message) => {
    expect(() => engine.parsePuzzle(json)).toThrowError(
      expect.objectContaining({ name: 'PuzzleInputError', message }),
    );
  });
});

describe('sudoku render()', () => {
  it('draws the givens in boxes, and the solution when given one', () => {
    const lines = engine.render(puzzle).split('\n');
    expect(lines).toHaveLength(13);
    expect(lines[0]).toBe('+-------+-------+-------+');
    expect(lines[1]).toBe('| . 5 . | . 8 3 | . 1 7 |');
    expect(engine.render(puzzle, { grid: solution }).split('\n')[1]).toBe('| 6 5 2 | 4 8 3 | 9 1 7 |');
  });
});
