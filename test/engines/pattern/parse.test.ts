import { describe, expect, it } from 'vitest';
import { engine } from '../../../src/engines/pattern/index.js';
import { PuzzleInputError } from '../../../src/engines/types.js';
import { SEED_FIVE } from './fixtures.js';

const parse = (json: unknown) => () => engine.parsePuzzle(json);

describe('pattern parsePuzzle', () => {
  it('returns a clean copy of a valid puzzle', () => {
    const copy = engine.parsePuzzle(SEED_FIVE);
    expect(copy).toEqual(SEED_FIVE);
    expect(copy).not.toBe(SEED_FIVE);
  });

  it('refuses a field that is not part of the puzzle', () => {
    expect(parse({ ...SEED_FIVE, title: 'x' })).toThrow('pattern puzzle: unexpected field "title"');
  });

  it('rejects what is not an object', () => {
    expect(parse('5x5')).toThrow(PuzzleInputError);
    expect(parse([SEED_FIVE])).toThrow(PuzzleInputError);
  });

  it('rejects sizes over 30', () => {
    expect(parse({ width: 31, height: 1, rows: [[]], cols: Array(31).fill([]) })).toThrow(
      'width must be an integer from 1 to 30, got 31',
    );
  });

  it('rejects negative and zero runs', () => {
    expect(parse({ ...SEED_FIVE, rows: [[1, -1], [2], [1, 3], [2, 1], [2]] })).toThrow(
      'rows[0][1] must be a positive integer, got -1',
    );
    expect(parse({ ...SEED_FIVE, cols: [[0], [2], [1, 1], [2], [3]] })).toThrow(
      'cols[0][0] must be a positive integer, got 0',
    );
  });

  it('rejects runs that cannot fit their line', () => {
    expect(parse({ ...SEED_FIVE, rows: [[3, 2], [2], [1, 3], [2, 1], [2]] })).toThrow(
      'rows[0] = [3,2] needs 6 cells but the line has 5',
    );
  });

  it('rejects a clue count that does not match the size', () => {
    expect(parse({ ...SEED_FIVE, rows: SEED_FIVE.rows.slice(1) })).toThrow('rows must hold 5 clues, got 4');
  });

  it('rejects rows and columns that fill different numbers of cells', () => {
    expect(parse({ ...SEED_FIVE, rows: [[1, 1], [2], [1, 3], [2, 1], [3]] })).toThrow(
      'rows fill 14 cells but cols fill 13: no grid fits both',
    );
  });
});

describe('pattern parsePuzzle at its bounds', () => {
  const verdict = (json: unknown) => {
    try {
      engine.parsePuzzle(json);
      return 'accepted';
    } catch (e) {
      return e instanceof PuzzleInputError ? e.message : 'not a PuzzleInputError';
    }
  };
  /** A blank board: every clue empty. */
  const blank = (width: number, height: number) => ({
    width,
    height,
    rows: Array.from({ length: height }, () => []),
    cols: Array.from({ length: width }, () => []),
  });

  it.each([
    [0, 'width must be an integer from 1 to 30, got 0'],
    [1, 'accepted'],
    [2, 'accepted'],
    [29, 'accepted'],
    [30, 'accepted'],
    [31, 'width must be an integer from 1 to 30, got 31'],
  ])('judges a width of %i', (width, expected) => {
    expect(verdict(blank(width, 1))).toBe(expected);
  });

  it.each([
    [0, 'height must be an integer from 1 to 30, got 0'],
    [1, 'accepted'],
    [30, 'accepted'],
    [31, 'height must be an integer from 1 to 30, got 31'],
  ])('judges a height of %i', (height, expected) => {
    expect(verdict(blank(1, height))).toBe(expected);
  });

  it.each([
    ['x', 'width must be an integer from 1 to 30, got "x"'],
    ['a'.repeat(30), `width must be an integer from 1 to 30, got "${'a'.repeat(20)}"`],
    [2.5, 'width must be an integer from 1 to 30, got 2.5'],
    [null, 'width must be an integer from 1 to 30, got null'],
    [true, 'width must be an integer from 1 to 30, got true'],
    [[5], 'width must be an integer from 1 to 30, got an array'],
    [{}, 'width must be an integer from 1 to 30, got object'],
  ])('names the width %j it refuses', (width, message) => {
    expect(verdict({ ...SEED_FIVE, width })).toBe(message);
  });

  it('accepts runs that fill their line exactly', () => {
    // 2 + 1 + 2 with one gap each: 5 cells on a line of 5.
    expect(verdict({ width: 5, height: 1, rows: [[2, 2]], cols: [[1], [1], [], [1], [1]] })).toBe('accepted');
  });

  it('refuses runs that need one cell more than their line', () => {
    expect(verdict({ width: 5, height: 1, rows: [[3, 2]], cols: [[1], [1], [1], [1], [1]] })).toBe(
      'rows[0] = [3,2] needs 6 cells but the line has 5',
    );
  });

  it('accepts a run of 1 and refuses a run of 0', () => {
    expect(verdict({ width: 1, height: 1, rows: [[1]], cols: [[1]] })).toBe('accepted');
    expect(verdict({ width: 1, height: 1, rows: [[0]], cols: [[1]] })).toBe(
      'rows[0][0] must be a positive integer, got 0',
    );
  });

  it.each([
    [{ ...SEED_FIVE, rows: 'x' }, 'rows must be an array of 5 clues'],
    [{ ...SEED_FIVE, cols: [...SEED_FIVE.cols, []] }, 'cols must hold 5 clues, got 6'],
    [
      { ...SEED_FIVE, rows: [5, [2], [1, 3], [2, 1], [2]] },
      'rows[0] must be an array of run lengths ([] for an empty line)',
    ],
    [
      { ...SEED_FIVE, rows: [[1, '1'], [2], [1, 3], [2, 1], [2]] },
      'rows[0][1] must be a positive integer, got "1"',
    ],
    [null, 'a pattern puzzle must be an object {width, height, rows, cols}'],
  ])('refuses %j saying why', (json, message) => {
    expect(verdict(json)).toBe(message);
  });
});
