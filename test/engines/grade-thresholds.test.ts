import { describe, expect, it } from 'vitest';
import { levelOf as colorSortLevel } from '../../src/engines/colorsort/grade.js';
import { levelFor as loopLevel } from '../../src/engines/loop/grade.js';
import { difficultyOf, levelOf as patternLevel } from '../../src/engines/pattern/grade.js';
import type { SolveReport } from '../../src/engines/pattern/solve.js';
import { LEVEL_MAX_WEIGHT, levelOf as sudokuLevel } from '../../src/engines/sudoku/grade.js';
import { logicSolve } from '../../src/engines/sudoku/logic.js';

/**
 * Every level boundary of every grader, at the value, one step below and one above: a `<=` that became
 * `<` moves the puzzles at the boundary to the next level.
 */

describe('sudoku levels by the heaviest technique’s weight', () => {
  const solved = { ...logicSolve(new Array<number>(81).fill(0)), solved: true };
  const at = (hardestWeight: number) => sudokuLevel({ ...solved, hardestWeight });

  it('keeps the documented weights', () => {
    expect(LEVEL_MAX_WEIGHT).toEqual({ easy: 2.3, medium: 3.4, hard: 5.4 });
  });

  it.each([
    [2.2, 'easy'],
    [2.3, 'easy'],
    [2.4, 'medium'],
    [3.3, 'medium'],
    [3.4, 'medium'],
    [3.5, 'hard'],
    [5.4, 'hard'],
    [7, 'hard'],
  ])('places a solved grid of weight %d at %s', (weight, level) => {
    expect(at(weight)).toBe(level);
  });

  it('places a grid the techniques cannot finish at expert, whatever its weight', () => {
    expect(sudokuLevel({ ...solved, solved: false, hardestWeight: 1 })).toBe('expert');
  });
});

describe('loop levels by technique band', () => {
  it.each([
    [['clue', 'vertex', 'loop-closure'], 'easy'],
    [['clue', 'adjacent-threes'], 'medium'],
    [['clue', 'corners'], 'medium'],
    [['clue', 'corners', 'parity'], 'hard'],
    [['clue', 'parity', 'trial'], 'expert'],
    [['clue', 'trial', 'search'], 'expert'],
  ])('places a board needing %j at %s', (techniques, level) => {
    expect(loopLevel(techniques)).toBe(level);
  });
});

describe('pattern levels by technique and size', () => {
  const report = (hardest: SolveReport['hardest'], extra: Partial<SolveReport> = {}): SolveReport => ({
    solutions: [],
    truncated: false,
    hardest,
    nodes: 0,
    lineSolves: 0,
    unknownAfterLine: 0,
    probeDeductions: 0,
    ...extra,
  });

  it.each([
    [10, 14, 'easy'],
    [10, 15, 'easy'],
    [151, 1, 'medium'],
  ])('places a line-solvable %i×%i grid at %s', (width, height, level) => {
    expect(patternLevel(report('line'), width, height)).toBe(level);
  });

  it.each([
    [499, 1, 'hard'],
    [20, 25, 'hard'],
    [501, 1, 'expert'],
  ])('places a %i×%i grid that needs probing at %s', (width, height, level) => {
    expect(patternLevel(report('probe'), width, height)).toBe(level);
  });

  it('places a small grid that needs search at expert', () => {
    expect(patternLevel(report('search'), 2, 2)).toBe('expert');
  });

  it('scores cells, plus 2 per cell line logic left, plus 20 per search node', () => {
    const difficulty = difficultyOf(report('search', { unknownAfterLine: 7, nodes: 3 }), 5, 4);
    expect(difficulty).toEqual({
      level: 'expert',
      score: 20 + 2 * 7 + 20 * 3,
      techniques: ['line', 'probe', 'search'],
      hardest: 'search',
      nodes: 3,
    });
  });

  it('lists line logic alone for a line-solvable grid', () => {
    expect(difficultyOf(report('line'), 5, 5).techniques).toEqual(['line']);
  });
});

describe('colour-sort levels of parameters outside the presets', () => {
  const params = (numColors: number, duplicateColors: number) => ({
    numColors,
    duplicateColors,
    capacity: 6,
    emptyTubes: 1,
  });

  it.each([
    [7, 0, 'easy'],
    [8, 0, 'medium'],
    [6, 2, 'medium'],
    [11, 0, 'medium'],
    [12, 0, 'superhard'],
    [11, 1, 'hard'],
  ])('places %i colours with %i duplicated at %s', (numColors, duplicateColors, level) => {
    expect(colorSortLevel(params(numColors, duplicateColors))).toBe(level);
  });
});
