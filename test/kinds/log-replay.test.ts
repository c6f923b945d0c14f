/** Kind-specific move-log rules; what every kind's log must do is in test/engines/contract.test.ts. */
import { describe, expect, it } from 'vitest';
import type { LogEntry } from '../../src/engines/types.js';
import { engineFor } from '../../src/kinds/index.js';
import { NOTES_EXAMPLE } from '../engines/colorsort/helpers.js';

describe('the grid kinds', () => {
  it('sudoku refuses an entry on a given and names its cell', () => {
    const engine = engineFor('sudoku');
    const { puzzle } = engine.generate('log-replay', 'easy');
    const given = (puzzle as { grid: string }).grid.search(/[1-9]/);
    const replayed = engine.replayLog(puzzle, [[100, given, 0]]);
    expect(replayed).toMatchObject({ ok: false, index: 0 });
    expect(replayed.ok ? '' : replayed.reason).toMatch(/is given and cannot change/);
  });

  it('sudoku keeps the last digit entered in a cell, and 0 clears it', () => {
    const engine = engineFor('sudoku');
    const { puzzle } = engine.generate('log-replay', 'easy');
    const blank = (puzzle as { grid: string }).grid.indexOf('.');
    const replayed = engine.replayLog(puzzle, [
      [100, blank, 3],
      [200, blank, 7],
    ]);
    expect(replayed.ok && (replayed.board as { grid: string }).grid[blank]).toBe('7');
    const cleared = engine.replayLog(puzzle, [
      [100, blank, 3],
      [200, blank, 0],
    ]);
    expect(cleared.ok && (cleared.board as { grid: string }).grid[blank]).toBe('.');
  });

  it('signal refuses a height above the board size', () => {
    const engine = engineFor('signal');
    const { puzzle } = engine.generate('log-replay', 'easy');
    const blank = (puzzle as { givens: string }).givens.indexOf('.');
    const replayed = engine.replayLog(puzzle, [[100, blank, 5]]);
    expect(replayed).toMatchObject({ ok: false, index: 0 });
    expect(replayed.ok ? '' : replayed.reason).toMatch(/height 1–4/);
  });

  it('pattern counts a crossed cell as empty', () => {
    const engine = engineFor('pattern');
    const { puzzle } = engine.generate('log-replay', 'easy');
    const replayed = engine.replayLog(puzzle, [
      [100, 0, 1],
      [200, 1, 2],
    ]);
    expect(replayed.ok && (replayed.board as { cells: string }).cells.slice(0, 3)).toBe('100');
  });

  it('pattern treats the same mark on a neighbouring cell as one drag stroke, and nothing else', () => {
    const engine = engineFor('pattern');
    const { puzzle } = engine.generate('log-replay', 'easy');
    const stroke = (a: LogEntry, b: LogEntry) => engine.continuesStroke?.(puzzle, a, b);
    expect(stroke([0, 11, 1], [16, 12, 1])).toBe(true);
    expect(stroke([0, 11, 1], [16, 21, 1])).toBe(true);
    expect(stroke([0, 11, 1], [16, 12, 2])).toBe(false);
    expect(stroke([0, 19, 1], [16, 20, 1])).toBe(false);
    expect(stroke([0, 11, 1], [16, 33, 1])).toBe(false);
  });

  it('loop counts a crossed edge as not on the loop', () => {
    const engine = engineFor('loop');
    const { puzzle } = engine.generate('log-replay', 'easy');
    const replayed = engine.replayLog(puzzle, [
      [100, 0, 1],
      [200, 1, 2],
    ]);
    expect(replayed.ok && (replayed.board as { edges: string }).edges.slice(0, 3)).toBe('100');
  });
});

describe("colour sort's log", () => {
  const engine = engineFor('colorsort');

  it('is the list of pours', () => {
    const replayed = engine.replayLog(NOTES_EXAMPLE, [
      [500, 0, 5],
      [900, 3, 0],
    ]);
    expect(replayed).toEqual({
      ok: true,
      board: {
        moves: [
          [0, 5],
          [3, 0],
        ],
      },
    });
  });

  it('refuses an illegal pour without telling how long the run is (its lower units may be hidden)', () => {
    const replayed = engine.replayLog(NOTES_EXAMPLE, [
      [500, 0, 5],
      [900, 2, 3],
    ]);
    expect(replayed).toMatchObject({ ok: false, index: 1 });
    const reason = replayed.ok ? '' : replayed.reason;
    expect(reason).toMatch(/^entry 1: pour \[2,3\]: tube 3 has no room/);
    expect(reason).not.toMatch(/\d+ unit|run is \d/);
  });
});
