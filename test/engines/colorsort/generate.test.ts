import { describe, expect, it } from 'vitest';
import { dealTubes, engine, generateDeal } from '../../../src/engines/colorsort/index.js';
import { rng } from '../../../src/engines/rng.js';
import { GenerationError, PuzzleInputError } from '../../../src/engines/types.js';
import { NOTES_EXAMPLE } from './helpers.js';

describe('colorsort deal (the original’s, reproduced)', () => {
  it('deals the original’s rejected first deal for notes-example: tube [4,4,2,3] buries two equal units', () => {
    const random = rng('notes-example');
    expect(dealTubes(5, 4, random, 0, 2)).toEqual([
      [4, 1, 1, 3],
      [0, 3, 1, 2],
      [2, 3, 0, 0],
      [2, 4, 1, 0],
      [4, 4, 2, 3],
      [],
      [],
    ]);
    expect(dealTubes(5, 4, random, 0, 2)).toEqual(NOTES_EXAMPLE.tubes);
  });

  it('accepts the original’s example at attempt 2 with the default parameters', () => {
    const deal = generateDeal({ numColors: 5, seed: 'notes-example' });
    expect(deal.puzzle).toEqual(NOTES_EXAMPLE);
    expect(deal.attempt).toBe(2);
    expect(deal.rejected).toEqual({ solved: 0, sameBottom: 1, truncated: 0, unsolvable: 0 });
  });

  it('gives the easy preset the original’s defaults, so engine.generate reproduces the example', () => {
    const g = engine.generate('notes-example', 'easy');
    expect(g.puzzle).toEqual(NOTES_EXAMPLE);
    expect(g.attempt).toBe(2);
    expect(g.version).toBe(1);
    expect(g.meta).toMatchObject({ solutionLength: 15, optimal: true, numColors: 5, duplicateColors: 0 });
  });

  it('lists duplicated colours first, colour-major, with twice the units, before the shuffle', () => {
    const noSwap = () => 0.9999999;
    expect(dealTubes(4, 4, noSwap, 1, 1)).toEqual([
      [0, 0, 0, 0],
      [0, 0, 0, 0],
      [1, 1, 1, 1],
      [2, 2, 2, 2],
      [3, 3, 3, 3],
      [],
    ]);
  });

  it('pins a deal with duplicated colours: colours 0 and 1 fill two tubes each', () => {
    const deal = generateDeal({ numColors: 5, seed: 'dup-example', duplicateColors: 2 });
    expect(deal.puzzle.tubes).toEqual([
      [4, 2, 0, 3],
      [2, 1, 3, 0],
      [3, 0, 0, 3],
      [0, 1, 1, 4],
      [0, 2, 1, 4],
      [0, 4, 0, 1],
      [1, 2, 1, 1],
      [],
      [],
    ]);
    expect(deal.attempt).toBe(3);
    expect(deal.solutionLength).toBe(20);
  });
});

describe('colorsort generate', () => {
  for (const level of engine.levels) {
    it(`makes a ${level} puzzle whose stored solution is a proven shortest one`, () => {
      const g = engine.generate(`spec-${level}`, level);
      expect(g.grade.level).toBe(level);
      expect(engine.check(g.puzzle, g.solution)).toEqual({ ok: true, moves: g.meta?.solutionLength });
      const again = engine.solve(g.puzzle);
      expect(again.truncated).toBe(false);
      expect(again.solutions[0]?.moves.length).toBe(g.meta?.solutionLength);
      expect(engine.parsePuzzle(JSON.parse(JSON.stringify(g.puzzle)))).toEqual(g.puzzle);
    });
  }

  it('is deterministic: the same seed and level give the same record', () => {
    expect(engine.generate('2026-11-29', 'medium')).toEqual(engine.generate('2026-11-29', 'medium'));
  });

  it('pins generated puzzles of engine version 1', () => {
    const pins = (seed: string, level: 'medium' | 'hard' | 'superhard') => {
      const g = engine.generate(seed, level);
      return [g.attempt, g.meta?.solutionLength, JSON.stringify(g.puzzle.tubes)];
    };
    expect(pins('2026-11-29', 'superhard')).toEqual([
      2,
      47,
      '[[7,6,1,2,2],[8,3,2,1,11],[4,0,11,5,4],[11,3,3,0,7],[4,0,8,7,9],[7,10,10,4,6],[8,6,3,11,2],[2,9,1,6,7],[0,1,5,0,5],[6,10,5,9,9],[10,1,3,8,8],[11,10,5,4,9],[],[]]',
    ]);
    expect(pins('pin-b', 'hard')).toEqual([
      16,
      46,
      '[[7,2,2,0,3],[0,4,1,4,5],[3,2,1,3,3],[6,1,1,5,1],[1,3,6,1,0],[0,4,4,6,5],[6,7,3,1,1],[0,7,0,5,2],[0,7,1,0,2],[2,3,3,4,2],[7,2,2,6,3],[0,3,2,0,5],[],[],[]]',
    ]);
  });

  it('stores the preset parameters so the rating benchmark can be looked up', () => {
    const g = engine.generate('2026-11-29', 'hard');
    expect(g.puzzle).toMatchObject({ numColors: 8, capacity: 5, duplicateColors: 4, emptyTubes: 3 });
    expect(g.meta).toMatchObject({
      numColors: 8,
      duplicateColors: 4,
      capacity: 5,
      emptyTubes: 3,
      numTubes: 15,
    });
  });

  it('rejects a level colour sort does not have', () => {
    // @ts-expect-error: the compiler refuses it too
    expect(() => engine.generate('x', 'expert')).toThrow(PuzzleInputError);
  });
});

describe('colorsort generate parameters (the original’s ranges)', () => {
  const bad: [string, Parameters<typeof generateDeal>[0], RegExp][] = [
    ['too few colours', { numColors: 3, seed: 's' }, /numColors/],
    ['too many colours', { numColors: 21, seed: 's' }, /numColors/],
    ['a seed over 80 characters', { numColors: 5, seed: 'x'.repeat(81) }, /80 characters/],
    ['capacity 3', { numColors: 5, seed: 's', capacity: 3 }, /capacity/],
    ['capacity 9', { numColors: 5, seed: 's', capacity: 9 }, /capacity/],
    [
      'more duplicated colours than colours',
      { numColors: 5, seed: 's', duplicateColors: 6 },
      /duplicateColors/,
    ],
    ['negative duplicated colours', { numColors: 5, seed: 's', duplicateColors: -1 }, /duplicateColors/],
    ['no empty tube', { numColors: 5, seed: 's', emptyTubes: 0 }, /emptyTubes/],
    ['five empty tubes', { numColors: 5, seed: 's', emptyTubes: 5 }, /emptyTubes/],
    ['a fractional node limit', { numColors: 5, seed: 's', nodeLimit: 1.5 }, /nodeLimit/],
  ];
  for (const [name, params, message] of bad) {
    it(`refuses ${name} with a PuzzleInputError`, () => {
      expect(() => generateDeal(params)).toThrow(PuzzleInputError);
      expect(() => generateDeal(params)).toThrow(message);
    });
  }

  it('accepts an 80-character seed and the range ends', () => {
    const deal = generateDeal({
      numColors: 4,
      seed: 'y'.repeat(80),
      capacity: 4,
      duplicateColors: 4,
      emptyTubes: 4,
    });
    expect(deal.puzzle.tubes).toHaveLength(12);
  });

  it('throws GenerationError with the rejection counts after 500 attempts', () => {
    expect(() => generateDeal({ numColors: 4, seed: 'starved', nodeLimit: 1 })).toThrow(GenerationError);
    expect(() => generateDeal({ numColors: 4, seed: 'starved', nodeLimit: 1 })).toThrow(
      /in 500 attempts \(search truncated \d+ times/,
    );
  });
});
