import { describe, expect, it } from 'vitest';
import { engine as colorsort } from '../../src/engines/colorsort/index.js';
import { engine as loop } from '../../src/engines/loop/index.js';
import { engine as pattern } from '../../src/engines/pattern/index.js';
import { cluesOf } from '../../src/engines/signal/clues.js';
import { engine as signal } from '../../src/engines/signal/index.js';
import { engine as sudoku } from '../../src/engines/sudoku/index.js';
import type { LogEntry } from '../../src/engines/types.js';
import { NOTES_EXAMPLE } from './colorsort/helpers.js';

/** Entries one second apart. */
const timed = (...steps: [number, number][]): LogEntry[] => steps.map(([a, b], i) => [1000 * (i + 1), a, b]);

describe('the sudoku move log', () => {
  const puzzle = { grid: `5${'.'.repeat(80)}` };

  it('starts from the givens, sets digits and clears them with 0', () => {
    expect(sudoku.replayLog(puzzle, timed([1, 3], [2, 9], [1, 0]))).toEqual({
      ok: true,
      board: { grid: `5.9${'.'.repeat(78)}` },
    });
  });

  it('refuses a change to a given, naming its cell', () => {
    expect(sudoku.replayLog(puzzle, timed([0, 4]))).toEqual({
      ok: false,
      index: 0,
      reason: 'entry 0: cell 0 (row 1, column 1) is given and cannot change',
    });
  });

  it('refuses 10, one above the digits', () => {
    expect(sudoku.replayLog(puzzle, timed([1, 10]))).toEqual({
      ok: false,
      index: 0,
      reason: 'entry 0: 10 is not a digit 1–9, or 0 to clear',
    });
  });

  it('refuses cell 81, one past the board', () => {
    expect(sudoku.replayLog(puzzle, timed([81, 1]))).toMatchObject({
      ok: false,
      reason: 'entry 0: there is no cell 81 (cells are 0 to 80)',
    });
  });

  it('steps to a solution through the blank cells only, in reading order', () => {
    const solution = { grid: `5${'123456789'.repeat(9).slice(1)}` };
    const steps = sudoku.stepsTo({ grid: `5.3${'.'.repeat(78)}` }, solution);
    expect(steps.slice(0, 2)).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(steps).toHaveLength(79);
  });
});

describe('the loop move log', () => {
  const puzzle = { width: 3, height: 3, clues: '.........' };

  it('draws a line with 1 and reads a cross or an unknown edge as no line', () => {
    expect(loop.replayLog(puzzle, timed([0, 1], [1, 2], [2, 1], [2, 0]))).toEqual({
      ok: true,
      board: { edges: `1${'0'.repeat(23)}` },
    });
  });

  it('refuses mark 3, one above a cross', () => {
    expect(loop.replayLog(puzzle, timed([0, 3]))).toMatchObject({
      ok: false,
      reason: 'entry 0: 3 is not a mark (0 unknown, 1 line, 2 cross)',
    });
  });

  it('numbers the edges of the whole board and refuses one past them', () => {
    expect(loop.replayLog(puzzle, timed([23, 1])).ok).toBe(true);
    expect(loop.replayLog(puzzle, timed([24, 1]))).toMatchObject({
      ok: false,
      reason: 'entry 0: there is no edge 24 (edges are 0 to 23)',
    });
  });

  it('steps to a solution by drawing its lines in edge order', () => {
    expect(loop.stepsTo(puzzle, { edges: `01${'0'.repeat(20)}01` })).toEqual([
      [1, 1],
      [23, 1],
    ]);
  });
});

describe('the pattern move log', () => {
  const puzzle = { width: 3, height: 2, rows: [[1], [1]], cols: [[1], [1], []] };

  it('fills with 1 and reads a cross as an empty cell', () => {
    expect(pattern.replayLog(puzzle, timed([0, 1], [4, 1], [5, 2]))).toEqual({
      ok: true,
      board: { cells: '100010' },
    });
  });

  it('refuses mark 3 and cell 6, one past the marks and the board', () => {
    expect(pattern.replayLog(puzzle, timed([0, 3]))).toMatchObject({
      reason: 'entry 0: 3 is not a mark (0 empty, 1 filled, 2 crossed)',
    });
    expect(pattern.replayLog(puzzle, timed([6, 1]))).toMatchObject({
      reason: 'entry 0: there is no cell 6 (cells are 0 to 5)',
    });
  });

  it('steps to a solution by filling its cells in reading order', () => {
    expect(pattern.stepsTo(puzzle, { cells: '100010' })).toEqual([
      [0, 1],
      [4, 1],
    ]);
  });

  describe('drag strokes', () => {
    const stroke = (a: number, b: number, markA = 1, markB = 1) =>
      pattern.continuesStroke?.(puzzle, [0, a, markA], [1, b, markB]);

    it('continue to a neighbour in the same row, either way', () => {
      expect(stroke(0, 1)).toBe(true);
      expect(stroke(1, 0)).toBe(true);
      expect(stroke(1, 2)).toBe(true);
    });

    it('continue to a neighbour in the same column, either way', () => {
      expect(stroke(1, 4)).toBe(true);
      expect(stroke(4, 1)).toBe(true);
    });

    it('do not wrap from the end of one row to the start of the next', () => {
      expect(stroke(2, 3)).toBe(false);
    });

    it('do not jump a cell', () => {
      expect(stroke(0, 2)).toBe(false);
    });

    it('do not change the mark', () => {
      expect(stroke(0, 1, 1, 2)).toBe(false);
    });
  });
});

describe('the signal move log', () => {
  const puzzle = {
    n: 4,
    top: [0, 0, 0, 0],
    bottom: [0, 0, 0, 0],
    left: [0, 0, 0, 0],
    right: [0, 0, 0, 0],
    givens: `...2${'.'.repeat(12)}`,
  };

  it('starts from the givens and sets heights up to n', () => {
    expect(signal.replayLog(puzzle, timed([0, 4], [1, 1], [1, 0]))).toEqual({
      ok: true,
      board: { grid: `4..2${'.'.repeat(12)}` },
    });
  });

  it('refuses height 5 on a side of 4, cell 16 past the board, and a change to a given', () => {
    expect(signal.replayLog(puzzle, timed([0, 5]))).toMatchObject({
      reason: 'entry 0: 5 is not a height 1–4, or 0 to clear',
    });
    expect(signal.replayLog(puzzle, timed([16, 1]))).toMatchObject({
      reason: 'entry 0: there is no cell 16 (cells are 0 to 15)',
    });
    expect(signal.replayLog(puzzle, timed([3, 1]))).toMatchObject({
      reason: 'entry 0: cell 3 (row 1, column 4) is given and cannot change',
    });
  });

  it('steps to a solution through the cells without a given', () => {
    const steps = signal.stepsTo(puzzle, { grid: '1342342141232134' });
    expect(steps.slice(0, 3)).toEqual([
      [0, 1],
      [1, 3],
      [2, 4],
    ]);
    expect(steps).toHaveLength(15);
  });

  it('reads every edge clue of a solved grid from its own side', () => {
    // 1234 / 3412 / 2143 / 4321.
    expect(cluesOf('1234341221434321', 4)).toEqual({
      top: [3, 2, 2, 1],
      bottom: [1, 2, 2, 3],
      left: [4, 2, 2, 1],
      right: [1, 2, 2, 4],
    });
  });
});

describe('the colour-sort move log', () => {
  it('replays pours to the moves they make', () => {
    expect(colorsort.replayLog(NOTES_EXAMPLE, timed([0, 5], [5, 6]))).toEqual({
      ok: true,
      board: {
        moves: [
          [0, 5],
          [5, 6],
        ],
      },
    });
  });

  it('refuses an illegal pour, naming the entry and the pour', () => {
    expect(colorsort.replayLog(NOTES_EXAMPLE, timed([0, 5], [6, 6]))).toEqual({
      ok: false,
      index: 1,
      reason: 'entry 1: pour [6,6]: a tube cannot pour into itself',
    });
  });

  it('steps to a solution by its pours', () => {
    expect(colorsort.stepsTo(NOTES_EXAMPLE, { moves: [[0, 5]] })).toEqual([[0, 5]]);
  });
});
