import { levelIn } from '../levels.js';
import type { Difficulty, PuzzleEngine, SolveLimits, SolveResult } from '../types.js';
import { check } from './check.js';
import { generate, VERSION } from './generate.js';
import { gradeCells } from './grade.js';
import { replayLog, stepsTo } from './log.js';
import { parsePuzzle } from './parse.js';
import { render } from './render.js';
import { cellsToString, searchGrid, toCells } from './solve.js';
import { SUDOKU_LEVELS, type SudokuLevel, type SudokuPuzzle, type SudokuSolution } from './types.js';

export { type Breakdown, breakdown, cellNames } from './breakdown.js';
export { SUDOKU_LEVELS, type SudokuLevel, type SudokuPuzzle, type SudokuSolution } from './types.js';

/** Far above what any known puzzle needs (the hardest lists take a few thousand nodes). */
export const DEFAULT_NODE_LIMIT = 1_000_000;

function solve(puzzle: SudokuPuzzle, limits?: SolveLimits): SolveResult<SudokuSolution> {
  const solutions: SudokuSolution[] = [];
  const result = searchGrid(
    toCells(puzzle.grid),
    { maxSolutions: limits?.maxSolutions ?? 2, nodeLimit: limits?.nodeLimit ?? DEFAULT_NODE_LIMIT },
    (s) => solutions.push({ grid: cellsToString(s) }),
  );
  return { solutions, nodes: result.nodes, truncated: result.truncated };
}

export const engine: PuzzleEngine<'sudoku', SudokuLevel, SudokuPuzzle, SudokuSolution> = {
  kind: 'sudoku',
  version: VERSION,
  levels: SUDOKU_LEVELS,
  generate(seed, level) {
    return generate(seed, levelIn('sudoku', SUDOKU_LEVELS, level));
  },
  solve,
  check,
  grade(puzzle): Difficulty<SudokuLevel> {
    return gradeCells(toCells(puzzle.grid));
  },
  parsePuzzle,
  toPublic(puzzle) {
    return { grid: puzzle.grid };
  },
  render,
  replayLog,
  stepsTo,
};
