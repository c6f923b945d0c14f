import { describe, expect, it } from 'vitest';
import { cluesFor, computeClue } from '../../../src/engines/pattern/index.js';

describe('pattern clues', () => {
  it('reads the runs of a line as the original does', () => {
    expect(computeClue([0, 1, 1, 0, 1])).toEqual([2, 1]);
  });

  it('gives an empty clue for an empty line', () => {
    expect(computeClue([0, 0, 0])).toEqual([]);
  });

  it('counts a run that reaches the end of the line', () => {
    expect(computeClue([1, 0, 1, 1, 1])).toEqual([1, 3]);
  });

  it('derives row and column clues from a row-major grid', () => {
    // 1 1 0
    // 0 1 1
    expect(cluesFor([1, 1, 0, 0, 1, 1], 3, 2)).toEqual({ rows: [[2], [2]], cols: [[1], [2], [1]] });
  });
});
