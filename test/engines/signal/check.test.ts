import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { engine } from '../../../src/engines/signal/index.js';
import { puzzleOf } from './helpers.js';

/** The cyclic square 1234/2341/3412/4123 and all of its clues. */
const grid = '1234234134124123';
const full = {
  n: 4,
  top: [4, 3, 2, 1],
  bottom: [1, 2, 2, 2],
  left: [4, 3, 2, 1],
  right: [1, 2, 2, 2],
  givens: '.'.repeat(16),
};

describe('signal check', () => {
  it('accepts a grid that keeps the Latin rule and every clue', () => {
    expect(engine.check(full, { grid })).toEqual({ ok: true });
  });

  it('accepts any valid solution, not only one stored answer', () => {
    const open = puzzleOf(4, { top: [0, 0, 0, 1] });
    const { solutions } = engine.solve(open, { maxSolutions: 5 });
    expect(solutions).toHaveLength(5);
    for (const solution of solutions) expect(engine.check(open, solution)).toEqual({ ok: true });
  });

  it("accepts the generator's answer", () => {
    const g = engine.generate('check-me', 'hard');
    expect(engine.check(g.puzzle, g.solution)).toEqual({ ok: true });
  });

  it('rejects a height twice in a row and names the row', () => {
    expect(engine.check(puzzleOf(4, {}), { grid: '1134234134124123' })).toEqual({
      ok: false,
      reason: 'height 1 twice in row 1',
    });
  });

  it('rejects a height twice in a column and names the column', () => {
    expect(engine.check(puzzleOf(4, {}), { grid: '1234134224134123' })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/twice in column/),
    });
  });

  it('rejects a grid that overwrites a given', () => {
    const puzzle = puzzleOf(4, { givens: `${'.'.repeat(5)}4${'.'.repeat(10)}` });
    expect(engine.check(puzzle, { grid })).toEqual({
      ok: false,
      reason: 'row 2, column 2 must keep its given 4',
    });
  });

  it('rejects a grid that misses a clue and says how many masts it sees', () => {
    const puzzle = puzzleOf(4, { right: [0, 0, 3, 0] });
    expect(engine.check(puzzle, { grid })).toEqual({
      ok: false,
      reason: 'the clue 3 right of row 3 sees 2 masts',
    });
  });

  it.each([
    ['null', null, /object/],
    ['an array', [grid], /object/],
    ['a missing grid', {}, /16 digits/],
    ['a short grid', { grid: '123' }, /16 digits/],
    ['a height above n', { grid: `5${grid.slice(1)}` }, /row 1, column 1 must hold a height from 1 to 4/],
    ['a blank cell', { grid: `.${grid.slice(1)}` }, /height from 1 to 4/],
  ])('rejects %s as a submission', (_, submission, reason) => {
    expect(engine.check(full, submission)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(reason),
    });
  });

  it('never throws, whatever JSON it is handed', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (submission) => {
        const result = engine.check(full, submission);
        expect(typeof result.ok).toBe('boolean');
      }),
    );
  });
});
