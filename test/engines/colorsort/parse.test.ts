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
