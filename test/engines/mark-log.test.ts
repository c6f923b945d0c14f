import { describe, expect, it } from 'vitest';
import { cellName, type MarkBoard, replayMarks } from '../../src/engines/mark-log.js';
import type { LogEntry } from '../../src/engines/types.js';

/** Six places, values 0 to 2, place 4 fixed. */
const board: MarkBoard = {
  places: 6,
  noun: 'cell',
  maxValue: 2,
  fixed: { has: (place) => place === 4, name: (place) => `the fixed cell ${place}` },
  values: 'a mark 0 to 2',
};
const log = (...marks: [number, number][]): LogEntry[] => marks.map(([place, value], t) => [t, place, value]);

describe('replaying marks', () => {
  it('sets each place to its last value', () => {
    expect(replayMarks(log([0, 1], [5, 2], [0, 2], [0, 0], [1, 1]), board)).toEqual({
      ok: true,
      board: new Uint8Array([0, 1, 0, 0, 0, 2]),
    });
  });

  it('starts from the given board without changing it', () => {
    const start = new Uint8Array([2, 2, 2, 2, 2, 2]);
    expect(replayMarks(log([1, 0]), { ...board, start })).toEqual({
      ok: true,
      board: new Uint8Array([2, 0, 2, 2, 2, 2]),
    });
    expect(start).toEqual(new Uint8Array([2, 2, 2, 2, 2, 2]));
  });

  it('accepts the first and the last place', () => {
    expect(replayMarks(log([0, 1], [5, 1]), board).ok).toBe(true);
  });

  it.each([
    [-1, 'entry 1: there is no cell -1 (cells are 0 to 5)'],
    [6, 'entry 1: there is no cell 6 (cells are 0 to 5)'],
    [1.5, 'entry 1: there is no cell 1.5 (cells are 0 to 5)'],
  ])('refuses place %d with the index of its entry', (place, reason) => {
    expect(replayMarks(log([0, 1], [place, 1]), board)).toEqual({ ok: false, index: 1, reason });
  });

  it('refuses a fixed place, named as the kind names it', () => {
    expect(replayMarks(log([4, 1]), board)).toEqual({
      ok: false,
      index: 0,
      reason: 'entry 0: the fixed cell 4 is given and cannot change',
    });
  });

  it('accepts the values 0 and the maximum', () => {
    expect(replayMarks(log([0, 0], [1, 2]), board).ok).toBe(true);
  });

  it.each([
    [-1, 'entry 0: -1 is not a mark 0 to 2'],
    [3, 'entry 0: 3 is not a mark 0 to 2'],
    [0.5, 'entry 0: 0.5 is not a mark 0 to 2'],
  ])('refuses value %d', (value, reason) => {
    expect(replayMarks(log([0, value]), board)).toEqual({ ok: false, index: 0, reason });
  });

  it('replays a board without fixed places from all zeros', () => {
    const { fixed: _, ...open } = board;
    expect(replayMarks(log([4, 2]), open)).toEqual({ ok: true, board: new Uint8Array([0, 0, 0, 0, 2, 0]) });
  });
});

describe('cell names', () => {
  it('are the index with its 1-based row and column', () => {
    expect(cellName(0, 9)).toBe('cell 0 (row 1, column 1)');
    expect(cellName(17, 9)).toBe('cell 17 (row 2, column 9)');
    expect(cellName(18, 9)).toBe('cell 18 (row 3, column 1)');
  });
});
