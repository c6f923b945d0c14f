import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { engine } from '../../../src/engines/signal/index.js';
import { PuzzleInputError } from '../../../src/engines/types.js';
import { puzzleOf } from './helpers.js';

const valid = {
  n: 4,
  top: [4, 3, 2, 1],
  bottom: [1, 2, 2, 2],
  left: [4, 3, 2, 1],
  right: [1, 2, 2, 2],
  givens: '1...............',
};

describe('signal parsePuzzle', () => {
  it('returns a valid puzzle unchanged', () => {
    expect(engine.parsePuzzle(valid)).toEqual(valid);
  });

  it('refuses fields that are not part of the puzzle, a misspelt givens among them', () => {
    expect(() => engine.parsePuzzle({ ...valid, id: 'x' })).toThrow('signal puzzle: unexpected field "id"');
    expect(() => engine.parsePuzzle({ ...valid, givns: valid.givens })).toThrow('unexpected field "givns"');
  });

  it('refuses givens of null (only a missing field means no givens)', () => {
    expect(() => engine.parsePuzzle({ ...valid, givens: null })).toThrow(PuzzleInputError);
  });

  it('reads a missing givens field as a board without givens', () => {
    const { givens: _, ...withoutGivens } = valid;
    expect(engine.parsePuzzle(withoutGivens).givens).toBe('.'.repeat(16));
  });

  it.each([
    ['a non-object', [1, 2], /JSON object/],
    ['a size below 3', { ...valid, n: 2 }, /n must be an integer from 3 to 9/],
    ['a size above 9', { ...valid, n: 10 }, /n must be an integer from 3 to 9/],
    ['a fractional size', { ...valid, n: 4.5 }, /n must be an integer/],
    ['a clue list of the wrong length', { ...valid, top: [1, 2, 3] }, /top must be an array of 4 clues/],
    [
      'a clue above n',
      { ...valid, left: [5, 0, 0, 0] },
      /left\[0\] must be an integer from 0 \(no clue\) to 4/,
    ],
    ['a negative clue', { ...valid, right: [0, -1, 0, 0] }, /right\[1\]/],
    ['a clue that is a string', { ...valid, bottom: ['1', 0, 0, 0] }, /bottom\[0\]/],
    ['givens of the wrong length', { ...valid, givens: '....' }, /givens must be a string of 16 characters/],
    [
      'a given above n',
      { ...valid, givens: `5${'.'.repeat(15)}` },
      /givens\[0\] must be '.' or a height from 1 to 4/,
    ],
    ['a repeated given in a row', { ...valid, givens: `1..1${'.'.repeat(12)}` }, /height 1 twice in row 1/],
    [
      'a repeated given in a column',
      { ...valid, givens: `2...2${'.'.repeat(11)}` },
      /height 2 twice in column 1/,
    ],
  ])('rejects %s with a readable PuzzleInputError', (_, json, message) => {
    expect(() => engine.parsePuzzle(json)).toThrow(PuzzleInputError);
    expect(() => engine.parsePuzzle(json)).toThrow(message);
  });

  it('throws only PuzzleInputError on arbitrary JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (json) => {
        try {
          engine.parsePuzzle(json);
        } catch (error) {
          expect(error).toBeInstanceOf(PuzzleInputError);
        }
      }),
    );
  });

  it('accepts every puzzle the generator makes', () => {
    const { puzzle } = engine.generate('parse-me', 'medium');
    expect(engine.parsePuzzle(JSON.parse(JSON.stringify(puzzle)))).toEqual(puzzle);
  });

  it('keeps toPublic identical to the puzzle: nothing in it is secret', () => {
    const puzzle = puzzleOf(4, { top: [1, 0, 0, 0] });
    expect(engine.toPublic(puzzle)).toEqual(puzzle);
  });
});

describe('signal parsePuzzle at its bounds', () => {
  const verdict = (json: unknown) => {
    try {
      engine.parsePuzzle(json);
      return 'accepted';
    } catch (e) {
      return e instanceof PuzzleInputError ? e.message : 'not a PuzzleInputError';
    }
  };

  it.each([
    [2, 'signal puzzle: n must be an integer from 3 to 9'],
    [3, 'accepted'],
    [4, 'accepted'],
    [8, 'accepted'],
    [9, 'accepted'],
    [10, 'signal puzzle: n must be an integer from 3 to 9'],
  ])('judges a side of %i', (n, expected) => {
    expect(verdict(puzzleOf(n, {}))).toBe(expected);
  });

  it('refuses a side that is not a number', () => {
    expect(verdict({ ...valid, n: '4' })).toBe('signal puzzle: n must be an integer from 3 to 9');
  });

  it.each([
    [-1, 'signal puzzle: top[2] must be an integer from 0 (no clue) to 4'],
    [0, 'accepted'],
    [4, 'accepted'],
    [5, 'signal puzzle: top[2] must be an integer from 0 (no clue) to 4'],
    [1.5, 'signal puzzle: top[2] must be an integer from 0 (no clue) to 4'],
  ])('judges a clue of %d on a side of 4', (clue, expected) => {
    expect(verdict(puzzleOf(4, { top: [0, 0, clue, 0] }))).toBe(expected);
  });

  it.each(['top', 'bottom', 'left', 'right'])('refuses a %s clue list one too short or too long', (side) => {
    const message = `signal puzzle: ${side} must be an array of 4 clues`;
    expect(verdict(puzzleOf(4, { [side]: [0, 0, 0] }))).toBe(message);
    expect(verdict(puzzleOf(4, { [side]: [0, 0, 0, 0, 0] }))).toBe(message);
    expect(verdict({ ...puzzleOf(4, {}), [side]: 'none' })).toBe(message);
  });

  it.each([
    ['0', "signal puzzle: givens[3] must be '.' or a height from 1 to 4"],
    ['1', 'accepted'],
    ['4', 'accepted'],
    ['5', "signal puzzle: givens[3] must be '.' or a height from 1 to 4"],
  ])('judges a given %s on a side of 4', (given, expected) => {
    expect(verdict(puzzleOf(4, { givens: `...${given}${'.'.repeat(12)}` }))).toBe(expected);
  });

  it.each([15, 17])('refuses %i givens on a side of 4', (length) => {
    expect(verdict(puzzleOf(4, { givens: '.'.repeat(length) }))).toBe(
      'signal puzzle: givens must be a string of 16 characters',
    );
  });

  it('names a repeated given', () => {
    expect(verdict(puzzleOf(4, { givens: `1..1${'.'.repeat(12)}` }))).toBe(
      'signal puzzle: givens repeat height 1 twice in row 1',
    );
  });

  it('refuses what is not an object', () => {
    expect(verdict(null)).toBe('signal puzzle must be a JSON object');
    expect(verdict([valid])).toBe('signal puzzle must be a JSON object');
  });
});
