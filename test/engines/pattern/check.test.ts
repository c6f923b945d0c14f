import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { engine } from '../../../src/engines/pattern/index.js';
import { cluesOf, fixture, SEED_AMBIGUOUS, SEED_FIVE } from './fixtures.js';

describe('pattern check', () => {
  it('accepts the answer', () => {
    expect(engine.check(SEED_FIVE, { cells: '1010000011101111100111000' })).toEqual({ ok: true });
  });

  it('accepts either solution of an ambiguous puzzle, not only a stored one', () => {
    expect(engine.check(SEED_AMBIGUOUS, { cells: '1001' })).toEqual({ ok: true });
    expect(engine.check(SEED_AMBIGUOUS, { cells: '0110' })).toEqual({ ok: true });
  });

  it('accepts both published answers of the multi-solution "Knotty"', () => {
    const knotty = fixture('Knotty');
    expect(knotty.otherSolution).toBeDefined();
    expect(knotty.otherSolution).not.toBe(knotty.solution);
    expect(engine.check(cluesOf(knotty), { cells: knotty.solution })).toEqual({ ok: true });
    expect(engine.check(cluesOf(knotty), { cells: knotty.otherSolution })).toEqual({ ok: true });
  });

  it('names the first row that does not read its clue', () => {
    expect(engine.check(SEED_FIVE, { cells: '1010000011101111100111001' })).toEqual({
      ok: false,
      reason: 'row 5 reads [2 1] but its clue is [2]',
    });
  });

  it('names a column when every row matches but a column does not', () => {
    // Rows of the n=2 puzzle both read [1], yet both cells sit in column 1.
    expect(engine.check(SEED_AMBIGUOUS, { cells: '1010' })).toEqual({
      ok: false,
      reason: 'column 1 reads [2] but its clue is [1]',
    });
  });

  it('names a row when every column matches but a row does not', () => {
    // Both filled cells in row 1: the columns each read [1], row 1 reads [2].
    expect(engine.check(SEED_AMBIGUOUS, { cells: '1100' })).toEqual({
      ok: false,
      reason: 'row 1 reads [2] but its clue is [1]',
    });
  });

  describe('on a board wider than it is tall', () => {
    const wide = { width: 4, height: 1, rows: [[1, 2]], cols: [[1], [], [1], [1]] };

    it('accepts the picture that reads every clue', () => {
      expect(engine.check(wide, { cells: '1011' })).toEqual({ ok: true });
    });

    it('rejects a row with as many runs as its clue but of other lengths', () => {
      expect(engine.check(wide, { cells: '1101' })).toEqual({
        ok: false,
        reason: 'row 1 reads [2 1] but its clue is [1 2]',
      });
    });

    it('rejects a row with fewer runs than its clue', () => {
      expect(engine.check(wide, { cells: '0011' })).toEqual({
        ok: false,
        reason: 'row 1 reads [2] but its clue is [1 2]',
      });
    });

    it('names an empty column’s reading as []', () => {
      const tall = { width: 1, height: 3, rows: [[1], [], [1]], cols: [[1, 1]] };
      expect(engine.check(tall, { cells: '100' })).toEqual({
        ok: false,
        reason: 'row 3 reads [] but its clue is [1]',
      });
    });
  });

  it.each([
    [null, 'a solution must be an object {cells: "0101…"}'],
    [['1'], 'a solution must be an object {cells: "0101…"}'],
    [{ cells: 42 }, 'cells must be a string of 0s and 1s, row by row'],
    [{ cells: '1'.repeat(24) }, 'cells must have 25 characters (5×5), got 24'],
    [{ cells: '1'.repeat(26) }, 'cells must have 25 characters (5×5), got 26'],
    [{ cells: `2${'1'.repeat(24)}` }, 'cells may only contain 0 (empty) and 1 (filled)'],
    [{ cells: `${'1'.repeat(24)}2` }, 'cells may only contain 0 (empty) and 1 (filled)'],
  ])('rejects %j saying why', (submission, reason) => {
    expect(engine.check(SEED_FIVE, submission)).toEqual({ ok: false, reason });
  });

  it('rejects wrong shapes with a reason', () => {
    expect(engine.check(SEED_FIVE, null)).toMatchObject({ ok: false });
    expect(engine.check(SEED_FIVE, { cells: 42 })).toMatchObject({ ok: false });
    expect(engine.check(SEED_FIVE, { cells: '101' })).toMatchObject({
      ok: false,
      reason: 'cells must have 25 characters (5×5), got 3',
    });
    expect(engine.check(SEED_FIVE, { cells: '1010000011101111100111002' })).toMatchObject({ ok: false });
  });

  it('never throws, whatever JSON it is given', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const result = engine.check(SEED_FIVE, value);
        expect(result.ok).toBe(false);
      }),
      { numRuns: 500 },
    );
  });
});
