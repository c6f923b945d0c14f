import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ColorSortPuzzle, check, engine, solveTubes } from '../../../src/engines/colorsort/index.js';
import { NOTES_EXAMPLE } from './helpers.js';

const shortest = solveTubes(NOTES_EXAMPLE.tubes, 4).moves ?? [];

describe('colorsort check', () => {
  it('accepts a shortest solution and returns its move count', () => {
    expect(check(NOTES_EXAMPLE, { moves: shortest })).toEqual({ ok: true, moves: 15 });
  });

  it('accepts any other legal line that clears the board, with its own move count', () => {
    // After the shortest line, tube 1 is full and tube 0 empty: one more pour keeps the board sorted.
    const longer = [...shortest, [1, 0]];
    expect(check(NOTES_EXAMPLE, { moves: longer })).toEqual({ ok: true, moves: 16 });
  });

  it('rejects an unfinished board', () => {
    expect(check(NOTES_EXAMPLE, { moves: shortest.slice(0, 14) })).toEqual({
      ok: false,
      reason: 'after 14 moves the tubes are not sorted',
    });
  });

  it('rejects an illegal move with its index', () => {
    const result = check(NOTES_EXAMPLE, { moves: [[5, 0]] });
    expect(result).toEqual({ ok: false, reason: 'move 0 [5,0]: tube 5 is empty' });
  });

  it('requires every hidden unit to have been revealed, not just sorted tubes', () => {
    // Not a valid deal (both tubes bury two equal units, which the generator rejects): their bottom units never show.
    const buried: ColorSortPuzzle = {
      capacity: 4,
      numColors: 2,
      duplicateColors: 0,
      emptyTubes: 1,
      tubes: [[0, 0, 1, 1], [1, 1, 0, 0], []],
    };
    const result = check(buried, {
      moves: [
        [1, 2],
        [0, 1],
        [2, 0],
      ],
    });
    expect(result).toEqual({
      ok: false,
      reason: 'the tubes are sorted but 2 hidden unit(s) were never revealed',
    });
  });

  it('answers wrong shapes with a reason', () => {
    expect(check(NOTES_EXAMPLE, null)).toMatchObject({ ok: false });
    expect(check(NOTES_EXAMPLE, [])).toMatchObject({ ok: false });
    expect(check(NOTES_EXAMPLE, { moves: 'x' })).toMatchObject({ ok: false });
    expect(check(NOTES_EXAMPLE, { moves: [[1]] })).toMatchObject({ ok: false });
    expect(check(NOTES_EXAMPLE, { moves: new Array(5001).fill([0, 5]) })).toMatchObject({ ok: false });
  });

  it('never throws on any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const result = engine.check(NOTES_EXAMPLE, value);
        expect(typeof result.ok).toBe('boolean');
        expect(engine.check(NOTES_EXAMPLE, { moves: value }).ok).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});
