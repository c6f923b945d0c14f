import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { engine } from '../../../src/engines/signal/index.js';
import { puzzleOf, seen } from './helpers.js';

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

  it('rejects a grid whose columns hold every height once but whose rows repeat one', () => {
    expect(engine.check(puzzleOf(4, {}), { grid: '1111222233334444' })).toEqual({
      ok: false,
      reason: 'height 1 twice in row 1',
    });
  });

  it('rejects a grid whose rows hold every height once but whose columns repeat one', () => {
    expect(engine.check(puzzleOf(4, {}), { grid: '1234123412341234' })).toEqual({
      ok: false,
      reason: 'height 1 twice in column 1',
    });
  });

  it('rejects a repeat between the first and the last cell of a row', () => {
    expect(engine.check(puzzleOf(4, {}), { grid: '1231231231234444' })).toEqual({
      ok: false,
      reason: 'height 1 twice in row 1',
    });
  });

  it('rejects a repeat between the first and the last cell of a column', () => {
    expect(engine.check(puzzleOf(4, {}), { grid: '1234231431241234' })).toEqual({
      ok: false,
      reason: 'height 1 twice in column 1',
    });
  });

  it('names a column repeat between two rows below the first', () => {
    // Column 1 holds 2 in rows 2 and 3; nothing in row 1 repeats.
    expect(engine.check(puzzleOf(4, {}), { grid: '1234234124133142' })).toEqual({
      ok: false,
      reason: 'height 2 twice in column 1',
    });
  });

  it('names a row repeat in a row below the first', () => {
    expect(engine.check(puzzleOf(3, {}), { grid: '123311232' })).toEqual({
      ok: false,
      reason: 'height 1 twice in row 2',
    });
  });

  it('accepts a grid that keeps its givens', () => {
    const puzzle = puzzleOf(4, { givens: `1${'.'.repeat(14)}3` });
    expect(engine.check(puzzle, { grid })).toEqual({ ok: true });
  });

  describe('each clue of each side, at the masts it sees, one below and one above', () => {
    // A Latin square that is not its own transpose, so each side reads its own lines.
    const lopsided = '1234341221434321';
    const heights = Array.from(lopsided, Number);
    const row = (i: number) => heights.slice(i * 4, i * 4 + 4);
    const col = (i: number) => [0, 1, 2, 3].map((r) => heights[r * 4 + i] as number);
    const sides = [
      ['top', 'above column', (i: number) => seen(col(i))],
      ['bottom', 'below column', (i: number) => seen(col(i).reverse())],
      ['left', 'left of row', (i: number) => seen(row(i))],
      ['right', 'right of row', (i: number) => seen(row(i).reverse())],
    ] as const;
    const withClue = (side: string, i: number, clue: number) => {
      const clues = [0, 0, 0, 0];
      clues[i] = clue;
      return puzzleOf(4, { [side]: clues });
    };
    const cases = sides.flatMap(([side, where, masts]) =>
      [0, 1, 2, 3].map((i) => ({ side, where, i, masts: masts(i) })),
    );

    it.each(cases)('accepts $side clue $i at the $masts masts it sees', ({ side, i, masts }) => {
      expect(engine.check(withClue(side, i, masts), { grid: lopsided })).toEqual({ ok: true });
    });

    it.each(cases)('rejects $side clue $i one below and one above its masts', ({ side, where, i, masts }) => {
      const plural = masts === 1 ? 'mast' : 'masts';
      for (const clue of [masts - 1, masts + 1].filter((k) => k >= 1 && k <= 4)) {
        expect(engine.check(withClue(side, i, clue), { grid: lopsided })).toEqual({
          ok: false,
          reason: `the clue ${clue} ${where} ${i + 1} sees ${masts} ${plural}`,
        });
      }
    });
  });

  it.each([
    [null, 'submission must be an object { grid }'],
    [[grid], 'submission must be an object { grid }'],
    [{}, 'grid must be a string of 16 digits'],
    [{ grid: grid.slice(1) }, 'grid must be a string of 16 digits'],
    [{ grid: `${grid}1` }, 'grid must be a string of 16 digits'],
    [{ grid: `0${grid.slice(1)}` }, 'row 1, column 1 must hold a height from 1 to 4'],
    [{ grid: `${grid.slice(0, 15)}5` }, 'row 4, column 4 must hold a height from 1 to 4'],
  ])('rejects %j saying why', (submission, reason) => {
    expect(engine.check(full, submission)).toEqual({ ok: false, reason });
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
