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

  describe('each pour rule, broken alone', () => {
    const reasonOf = (puzzle: ColorSortPuzzle, moves: unknown) => {
      const result = check(puzzle, { moves });
      return result.ok ? 'ok' : result.reason;
    };
    /** Tube 0 has a run of two 2s on top; tube 1 shows a 2 with `room` free places. */
    const runOfTwoOnto = (room: number): ColorSortPuzzle => ({
      capacity: 4,
      numColors: 3,
      duplicateColors: 0,
      emptyTubes: 1,
      tubes: [[1, 0, 2, 2], [0, 1, 0, 1, 2].slice(room + 1), []],
    });

    it('refuses a run of two onto a tube with room for one', () => {
      expect(reasonOf(runOfTwoOnto(1), [[0, 1]])).toBe(
        'move 0 [0,1]: tube 1 has no room for the whole run on top of tube 0',
      );
    });

    it('allows a run of two onto a tube with room for two', () => {
      expect(reasonOf(runOfTwoOnto(2), [[0, 1]])).toBe('after 1 moves the tubes are not sorted');
    });

    it('allows a run of two onto a tube with room for three', () => {
      expect(reasonOf(runOfTwoOnto(3), [[0, 1]])).toBe('after 1 moves the tubes are not sorted');
    });

    it('refuses a pour onto a different colour', () => {
      expect(reasonOf(NOTES_EXAMPLE, [[0, 1]])).toBe('move 0 [0,1]: tube 1 shows a different colour on top');
    });

    it('refuses a pour into the same tube', () => {
      expect(reasonOf(NOTES_EXAMPLE, [[0, 0]])).toBe('move 0 [0,0]: a tube cannot pour into itself');
    });

    it.each([
      [[-1, 5], 'move 0 [-1,5]: no tube -1 (tubes are 0 to 6)'],
      [[7, 5], 'move 0 [7,5]: no tube 7 (tubes are 0 to 6)'],
      [[6, 5], 'move 0 [6,5]: tube 6 is empty'],
      [[0, -1], 'move 0 [0,-1]: no tube -1 (tubes are 0 to 6)'],
      [[0, 7], 'move 0 [0,7]: no tube 7 (tubes are 0 to 6)'],
      [[0, 6], 'after 1 moves the tubes are not sorted'],
    ])('judges the pour %j at the ends of the tube indices', (move, reason) => {
      expect(reasonOf(NOTES_EXAMPLE, [move])).toBe(reason);
    });

    it('names the first illegal move after legal ones', () => {
      expect(
        reasonOf(NOTES_EXAMPLE, [
          [0, 5],
          [5, 6],
          [6, 6],
        ]),
      ).toBe('move 2 [6,6]: a tube cannot pour into itself');
    });
  });

  describe('the sorted rule, broken alone', () => {
    const board = (tubes: number[][]): ColorSortPuzzle => ({
      capacity: 4,
      numColors: 2,
      duplicateColors: 0,
      emptyTubes: 0,
      tubes,
    });

    it('refuses a full tube of two colours', () => {
      expect(
        check(
          board([
            [0, 0, 0, 1],
            [1, 1, 1, 0],
          ]),
          { moves: [] },
        ),
      ).toEqual({
        ok: false,
        reason: 'after 0 moves the tubes are not sorted',
      });
    });

    it('refuses tubes of one colour that are not full', () => {
      expect(
        check(
          board([
            [0, 0],
            [0, 0],
            [1, 1, 1, 1],
          ]),
          { moves: [] },
        ),
      ).toEqual({
        ok: false,
        reason: 'after 0 moves the tubes are not sorted',
      });
    });

    it('counts every unit never shown on a sorted board', () => {
      expect(
        check(
          board([
            [0, 0, 0, 0],
            [1, 1, 1, 1],
          ]),
          { moves: [] },
        ),
      ).toEqual({
        ok: false,
        reason: 'the tubes are sorted but 4 hidden unit(s) were never revealed',
      });
    });
  });

  describe('the move limit', () => {
    // Tube 0's top unit poured into tube 5, then back and forth between the two empty tubes.
    const shuttle = (count: number) => [
      [0, 5],
      ...Array.from({ length: count - 1 }, (_, i) => (i % 2 === 0 ? [5, 6] : [6, 5])),
    ];

    it('replays 5,000 moves', () => {
      expect(check(NOTES_EXAMPLE, { moves: shuttle(5000) })).toEqual({
        ok: false,
        reason: 'after 5000 moves the tubes are not sorted',
      });
    });

    it('refuses 5,001 moves unread', () => {
      expect(check(NOTES_EXAMPLE, { moves: shuttle(5001) })).toEqual({
        ok: false,
        reason: 'at most 5000 moves are accepted',
      });
    });
  });

  it.each([
    [null, 'the solution must be an object {"moves": [[from, to], …]}'],
    [[], 'the solution must be an object {"moves": [[from, to], …]}'],
    [{ moves: 'x' }, 'moves must be an array of [from, to] pairs'],
    [{}, 'moves must be an array of [from, to] pairs'],
    [{ moves: [[1]] }, 'move 0 must be a pair [from, to] of tube indices'],
    [{ moves: [[0, 5, 1]] }, 'move 0 must be a pair [from, to] of tube indices'],
    [{ moves: [[0, 5], 'x'] }, 'move 1 must be a pair [from, to] of tube indices'],
    [{ moves: [[0.5, 5]] }, 'move 0 must be a pair [from, to] of tube indices'],
    [{ moves: [[0, '5']] }, 'move 0 must be a pair [from, to] of tube indices'],
  ])('rejects %j saying why', (submission, reason) => {
    expect(check(NOTES_EXAMPLE, submission)).toEqual({ ok: false, reason });
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
