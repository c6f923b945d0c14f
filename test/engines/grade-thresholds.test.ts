import { describe, expect, it } from 'vitest';
import { levelOf as colorSortLevel } from '../../src/engines/colorsort/grade.js';
import { levelFor as loopLevel } from '../../src/engines/loop/grade.js';
import {
  difficultyOf,
  EASY_MAX_ROUNDS,
  HARD_MAX_PROBES,
  levelOf as patternLevel,
} from '../../src/engines/pattern/grade.js';
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

describe('pattern levels by technique band, whatever the size', () => {
  const report = (hardest: SolveReport['hardest'], extra: Partial<SolveReport> = {}): SolveReport => ({
    solutions: [],
    truncated: false,
    hardest,
    nodes: 0,
    lineSolves: 0,
    lineRounds: 0,
    unknownAfterLine: 0,
    probeDeductions: 0,
    probeHits: 0,
    ...extra,
  });

  it.each([
    [EASY_MAX_ROUNDS, 'easy'],
    [EASY_MAX_ROUNDS + 1, 'medium'],
  ])('places a line-solvable grid done in %i rounds at %s', (lineRounds, level) => {
    expect(patternLevel(report('line', { lineRounds }))).toBe(level);
  });

  it.each([
    [HARD_MAX_PROBES, 'hard'],
    [HARD_MAX_PROBES + 1, 'expert'],
  ])('places a grid that needs %i probes at %s', (probeHits, level) => {
    expect(patternLevel(report('probe', { probeHits }))).toBe(level);
  });

  it('places a grid that needs search at expert', () => {
    expect(patternLevel(report('search'))).toBe('expert');
  });

  it('scores cells, plus line rounds, 2 per cell line logic left, 10 per probe and 20 per search node', () => {
    const difficulty = difficultyOf(report('search', { unknownAfterLine: 7, probeHits: 2, nodes: 3 }), 5, 4);
    expect(difficulty).toEqual({
      level: 'expert',
      score: 20 + 2 * 7 + 10 * 2 + 20 * 3,
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
