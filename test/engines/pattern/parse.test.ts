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
