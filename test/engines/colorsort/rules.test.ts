import { describe, expect, it } from 'vitest';
import { isCleared, replay } from '../../../src/engines/colorsort/index.js';
import type { ColorSortPuzzle } from '../../../src/engines/colorsort/puzzle.js';
import { topRun } from '../../../src/engines/colorsort/rules.js';

describe('colour-sort runs', () => {
  it('are 0 long on an empty tube', () => {
    expect(topRun([])).toBe(0);
  });

  it('count the equal units on top, down to the first other colour', () => {
    expect(topRun([1, 2, 2, 2])).toBe(3);
    expect(topRun([2, 2])).toBe(2);
    expect(topRun([2, 1])).toBe(1);
  });
});

describe('a cleared board', () => {
  const board = (tubes: number[][]): ColorSortPuzzle => ({
    capacity: 2,
    numColors: 2,
    duplicateColors: 0,
    emptyTubes: 1,
    tubes,
  });
  const stateAfter = (puzzle: ColorSortPuzzle, moves: [number, number][]) => {
    const result = replay(puzzle, moves);
    if (!result.ok) throw new Error(result.reason);
    return result.state;
  };

  it('is sorted with every unit shown once', () => {
    // [0,1] and [1,0]: pour each top into the empty tube and back so that both bottoms show.
    const puzzle = board([[0, 1], [1, 0], []]);
    const state = stateAfter(puzzle, [
      [0, 2],
      [1, 0],
      [1, 2],
    ]);
    expect(state.tubes).toEqual([[0, 0], [], [1, 1]]);
    expect(isCleared(state, 2)).toBe(true);
  });

  it('is not a sorted board whose bottom units were never shown', () => {
    const puzzle = board([[0, 0], [1, 1], []]);
    expect(isCleared(stateAfter(puzzle, []), 2)).toBe(false);
  });

  it('is not an unsorted board with every unit shown', () => {
    const puzzle = board([[0, 1], [1, 0], []]);
    const state = stateAfter(puzzle, [
      [0, 2],
      [1, 0],
    ]);
    expect(state.hidden.flat().some(Boolean)).toBe(false);
    expect(isCleared(state, 2)).toBe(false);
  });
});
