import { describe, expect, it } from 'vitest';
import { geometry, hEdge, vEdge } from '../../../src/engines/loop/geometry.js';
import { engine } from '../../../src/engines/loop/index.js';
import { clueArray, clueString } from '../../../src/engines/loop/model.js';
import { PuzzleInputError } from '../../../src/engines/types.js';

describe('loop board layout (the original’s order)', () => {
  it('has 2n(n+1) edges on an n×n board and (h+1)w + h(w+1) on a rectangle', () => {
    expect(geometry(4, 4).edges).toBe(40);
    expect(geometry(15, 15).edges).toBe(480);
    expect(geometry(5, 2).edges).toBe(3 * 5 + 2 * 6);
  });

  it('numbers all horizontal edges row-major first, then all vertical edges row-major', () => {
    expect(hEdge(2, 0, 0)).toBe(0);
    expect(hEdge(2, 2, 1)).toBe(5);
    expect(vEdge(2, 2, 0, 0)).toBe(6);
    expect(vEdge(2, 2, 1, 0)).toBe(9);
    expect(vEdge(2, 2, 1, 2)).toBe(11);
  });

  it('lists a cell’s edges as top, right, bottom, left', () => {
    expect(Array.from(geometry(2, 2).cellEdges.slice(0, 4))).toEqual([0, 7, 2, 6]);
  });
});

describe('loop parsePuzzle', () => {
  it('accepts width, height and a clue string of digits 0-3 and dots', () => {
    expect(engine.parsePuzzle({ width: 3, height: 2, clues: '0.3..2' })).toEqual({
      width: 3,
      height: 2,
      clues: '0.3..2',
    });
  });

  it.each([
    ['a non-object', 'loop'],
    ['null', null],
    ['an array', [3, 3]],
    ['a missing clue string', { width: 2, height: 2 }],
    ['a zero width', { width: 0, height: 2, clues: '' }],
    ['a fractional height', { width: 2, height: 1.5, clues: '...' }],
    ['a side above 64', { width: 65, height: 1, clues: '.'.repeat(65) }],
    ['a clue string of the wrong length', { width: 2, height: 2, clues: '...' }],
    ['a clue 4', { width: 2, height: 2, clues: '4...' }],
    ['a letter for a blank', { width: 2, height: 2, clues: 'x...' }],
    ['an unexpected field', { width: 1, height: 1, clues: '.', answer: '1111' }],
  ])('rejects %s with a PuzzleInputError', (_, json) => {
    expect(() => engine.parsePuzzle(json)).toThrow(PuzzleInputError);
  });

  it('names the offending clue in its message', () => {
    expect(() => engine.parsePuzzle({ width: 2, height: 2, clues: '01x.' })).toThrow(/clue 3 is "x"/);
  });
});

describe('loop parsePuzzle at its bounds', () => {
  const board = (width: number, height: number) => ({ width, height, clues: '.'.repeat(width * height) });
  const error = (json: unknown) => {
    try {
      engine.parsePuzzle(json);
      return 'accepted';
    } catch (e) {
      return e instanceof PuzzleInputError ? e.message : 'not a PuzzleInputError';
    }
  };

  it.each([
    [0, 'loop puzzle: width must be an integer from 1 to 64'],
    [1, 'accepted'],
    [2, 'accepted'],
    [63, 'accepted'],
    [64, 'accepted'],
    [65, 'loop puzzle: width must be an integer from 1 to 64'],
  ])('judges a width of %i', (width, verdict) => {
    expect(error(board(width, 1))).toBe(verdict);
  });

  it.each([
    [0, 'loop puzzle: height must be an integer from 1 to 64'],
    [1, 'accepted'],
    [64, 'accepted'],
    [65, 'loop puzzle: height must be an integer from 1 to 64'],
  ])('judges a height of %i', (height, verdict) => {
    expect(error(board(1, height))).toBe(verdict);
  });

  it('refuses a side that is not a number', () => {
    expect(error({ width: '3', height: 3, clues: '.........' })).toBe(
      'loop puzzle: width must be an integer from 1 to 64',
    );
  });

  it('accepts the clues 0 to 3 and blanks', () => {
    expect(error({ width: 5, height: 1, clues: '0123.' })).toBe('accepted');
  });

  it.each([
    ['4', 'loop puzzle: clue 2 is "4"; use 0-3 for a clue or "." for a blank cell'],
    ['/', 'loop puzzle: clue 2 is "/"; use 0-3 for a clue or "." for a blank cell'],
  ])('refuses the clue %s, just outside 0 to 3', (clue, message) => {
    expect(error({ width: 3, height: 1, clues: `.${clue}.` })).toBe(message);
  });

  it.each([
    [5, 'loop puzzle: clues must have width × height = 6 characters, got 5'],
    [7, 'loop puzzle: clues must have width × height = 6 characters, got 7'],
  ])('refuses %i clues for a 3×2 board', (length, message) => {
    expect(error({ width: 3, height: 2, clues: '.'.repeat(length) })).toBe(message);
  });

  it.each([
    [null, 'loop puzzle: expected an object {width, height, clues}'],
    [[3, 3], 'loop puzzle: expected an object {width, height, clues}'],
    [{ width: 1, height: 1, clues: '.', answer: '1' }, 'loop puzzle: unexpected field "answer"'],
    [{ width: 1, height: 1, clues: 5 }, 'loop puzzle: clues must be a string'],
  ])('refuses %j saying why', (json, message) => {
    expect(error(json)).toBe(message);
  });
});

describe('loop clues as numbers', () => {
  it('read a blank as -1 and a digit as itself', () => {
    expect(Array.from(clueArray('.0123'))).toEqual([-1, 0, 1, 2, 3]);
  });

  it('write back as the same string', () => {
    expect(clueString(clueArray('.0123.'))).toBe('.0123.');
  });
});
