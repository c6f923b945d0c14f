import { describe, expect, it } from 'vitest';
import { engine, parsePuzzle } from '../../../src/engines/colorsort/index.js';
import { PuzzleInputError } from '../../../src/engines/types.js';
import { NOTES_EXAMPLE } from './helpers.js';

const withTubes = (tubes: unknown) => ({ ...NOTES_EXAMPLE, tubes });

describe('colorsort parsePuzzle', () => {
  it('accepts a deal and returns an equal, independent copy', () => {
    const input = JSON.parse(JSON.stringify(NOTES_EXAMPLE));
    const parsed = parsePuzzle(input);
    expect(parsed).toEqual(NOTES_EXAMPLE);
    input.tubes[0][0] = 4;
    expect(parsed.tubes[0]?.[0]).toBe(2);
  });

  const bad: [string, unknown, RegExp][] = [
    ['a non-object', [1, 2], /must be an object/],
    ['an unknown field', { ...NOTES_EXAMPLE, seed: 'x' }, /unknown field "seed"/],
    ['capacity out of range', { ...NOTES_EXAMPLE, capacity: 9 }, /capacity must be an integer from 4 to 8/],
    ['duplicated colours above the colours', { ...NOTES_EXAMPLE, duplicateColors: 6 }, /duplicateColors/],
    ['the wrong number of tubes', withTubes(NOTES_EXAMPLE.tubes.slice(1)), /array of 7 tubes/],
    [
      'a half-filled tube',
      withTubes([[2, 1, 0], [2, 3, 1, 4, 3], ...NOTES_EXAMPLE.tubes.slice(2)]),
      /tube 0 must be empty or hold 4/,
    ],
    ['an unknown colour', withTubes([[2, 1, 0, 5], ...NOTES_EXAMPLE.tubes.slice(1)]), /not a colour id/],
    ['a string colour', withTubes([[2, 1, 0, '3'], ...NOTES_EXAMPLE.tubes.slice(1)]), /not a colour id/],
    [
      'two equal bottom units',
      withTubes([[1, 1, 0, 3], [2, 3, 2, 4], ...NOTES_EXAMPLE.tubes.slice(2)]),
      /never be revealed/,
    ],
    [
      'wrong colour counts',
      withTubes([[2, 1, 0, 3], [2, 3, 1, 3], ...NOTES_EXAMPLE.tubes.slice(2)]),
      /colour 3 has 5 units/,
    ],
    ['too few empty tubes', withTubes([...NOTES_EXAMPLE.tubes.slice(0, 6), [0, 1, 2, 3]]), /./],
  ];
  for (const [name, input, message] of bad) {
    it(`refuses ${name}`, () => {
      expect(() => parsePuzzle(input)).toThrow(PuzzleInputError);
      expect(() => parsePuzzle(input)).toThrow(message);
    });
  }

  it('accepts the parameters of every preset as generated', () => {
    for (const level of engine.levels) {
      const g = engine.generate(`parse-${level}`, level);
      expect(parsePuzzle(JSON.parse(JSON.stringify(g.puzzle)))).toEqual(g.puzzle);
    }
  });
});

describe('colorsort parsePuzzle at the ends of its parameter ranges', () => {
  /** The message, or what it moved on to: a value in range passes to the next check (the tubes). */
  const verdict = (json: unknown) => {
    try {
      parsePuzzle(json);
      return 'accepted';
    } catch (e) {
      return e instanceof PuzzleInputError ? e.message : 'not a PuzzleInputError';
    }
  };
  const tubesMessage = (n: number) =>
    `tubes must be an array of ${n} tubes (colours + duplicated colours + empty tubes)`;
  const withParams = (params: object) => ({ ...NOTES_EXAMPLE, ...params, tubes: [] });

  it.each([
    [3, 'capacity must be an integer from 4 to 8'],
    [4, tubesMessage(7)],
    [8, tubesMessage(7)],
    [9, 'capacity must be an integer from 4 to 8'],
    [4.5, 'capacity must be an integer from 4 to 8'],
  ])('judges a capacity of %d', (capacity, expected) => {
    expect(verdict(withParams({ capacity }))).toBe(expected);
  });

  it.each([
    [3, 'numColors must be an integer from 4 to 20'],
    [4, tubesMessage(6)],
    [20, tubesMessage(22)],
    [21, 'numColors must be an integer from 4 to 20'],
  ])('judges %i colours', (numColors, expected) => {
    expect(verdict(withParams({ numColors }))).toBe(expected);
  });

  it.each([
    [-1, 'duplicateColors must be an integer from 0 to 5'],
    [0, tubesMessage(7)],
    [5, tubesMessage(12)],
    [6, 'duplicateColors must be an integer from 0 to 5'],
  ])('judges %i duplicated colours of 5', (duplicateColors, expected) => {
    expect(verdict(withParams({ duplicateColors }))).toBe(expected);
  });

  it.each([
    [0, 'emptyTubes must be an integer from 1 to 4'],
    [1, tubesMessage(6)],
    [4, tubesMessage(9)],
    [5, 'emptyTubes must be an integer from 1 to 4'],
  ])('judges %i empty tubes', (emptyTubes, expected) => {
    expect(verdict(withParams({ emptyTubes }))).toBe(expected);
  });

  it.each([
    [-1, 'tube 0 holds -1, not a colour id from 0 to 4'],
    [5, 'tube 0 holds 5, not a colour id from 0 to 4'],
    ['3', 'tube 0 holds "3", not a colour id from 0 to 4'],
  ])('refuses the colour %j, outside 0 to 4', (colour, message) => {
    expect(verdict(withTubes([[2, 1, 0, colour], ...NOTES_EXAMPLE.tubes.slice(1)]))).toBe(message);
  });

  it('refuses a tube that is not an array', () => {
    expect(verdict(withTubes([5, ...NOTES_EXAMPLE.tubes.slice(1)]))).toBe(
      'tube 0 must be an array of colour ids',
    );
  });

  it('refuses a tube one unit over the capacity', () => {
    expect(verdict(withTubes([[2, 1, 0, 3, 3], ...NOTES_EXAMPLE.tubes.slice(1)]))).toBe(
      'tube 0 must be empty or hold 4 units',
    );
  });

  it('counts the empty tubes it finds', () => {
    const tubes = [...NOTES_EXAMPLE.tubes.slice(0, 6), [0, 1, 2, 3]];
    expect(verdict(withTubes(tubes))).toBe('expected 2 empty tubes, found 1');
  });

  it('counts twice the units for a duplicated colour', () => {
    // Colour 0 duplicated: 8 units expected, 4 dealt.
    expect(
      verdict({ ...NOTES_EXAMPLE, duplicateColors: 1, tubes: [...NOTES_EXAMPLE.tubes, [1, 2, 3, 4]] }),
    ).toBe('colour 0 has 4 units, expected 8');
  });

  it('refuses an unknown field by name', () => {
    expect(verdict({ ...NOTES_EXAMPLE, seed: 'x' })).toBe('unknown field "seed"');
    expect(verdict(null)).toBe('a colorsort puzzle must be an object');
  });
});
