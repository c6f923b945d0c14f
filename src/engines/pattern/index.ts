import { levelIn } from '../levels.js';
import { requireSeed } from '../seed.js';
import { type Difficulty, type Generated, type PuzzleEngine, PuzzleInputError } from '../types.js';
import { check } from './check.js';
import { generateSized, type SizedPuzzle, type Target } from './generate.js';
import { difficultyOf, LEVELS, levelOf, type PatternLevel } from './grade.js';
import { continuesStroke, replayLog, stepsTo } from './log.js';
import type { PatternPuzzle, PatternSolution } from './model.js';
import { parsePuzzle } from './parse.js';
import { render } from './render.js';
import { DEFAULT_NODE_LIMIT, solveClues } from './solve.js';

export { cluesFor, computeClue } from './clues.js';
export { generateSized, randomPicture, type Target } from './generate.js';
export type { PatternLevel } from './grade.js';
export { BitLineSolver, MAX_BIT_LINE } from './line-bits.js';
export { DpLineSolver } from './line-dp.js';
export { LineSolver } from './line-solver.js';
export type { PatternPuzzle, PatternSolution } from './model.js';
export { solveClues } from './solve.js';

/** Bump whenever the same seed and level would give a different puzzle. 2: levels are technique bands (grade.ts). */
export const version = 2;

/** Square size and what the solver must need, per level (the grader then confirms the level). */
const LEVEL_SPECS: Record<PatternLevel, { size: number; target: Target }> = {
  easy: { size: 10, target: 'line' },
  medium: { size: 15, target: 'line' },
  hard: { size: 20, target: 'probe' },
  expert: { size: 25, target: 'probe' },
};

function bitsToCells(bits: Uint8Array): string {
  let cells = '';
  for (let i = 0; i < bits.length; i++) cells += bits[i] === 1 ? '1' : '0';
  return cells;
}

function generated(
  found: SizedPuzzle,
  seed: string,
): Generated<PatternPuzzle, PatternSolution, PatternLevel> {
  const { puzzle } = found;
  return {
    puzzle,
    solution: { cells: bitsToCells(found.cells) },
    grade: difficultyOf(found.report, puzzle.width, puzzle.height),
    seed,
    version,
    attempt: found.attempt,
  };
}

export const engine: PuzzleEngine<'pattern', PatternLevel, PatternPuzzle, PatternSolution> = {
  kind: 'pattern',
  version,
  levels: LEVELS,

  generate(seed, asked) {
    const level = levelIn('pattern', LEVELS, asked);
    requireSeed(seed);
    const { size, target } = LEVEL_SPECS[level];
    return generated(
      generateSized(seed, size, size, target, (report) => levelOf(report) === level),
      seed,
    );
  },

  solve(puzzle, limits) {
    const report = solveClues(puzzle, {
      maxSolutions: limits?.maxSolutions ?? 2,
      nodeLimit: limits?.nodeLimit ?? DEFAULT_NODE_LIMIT,
    });
    return {
      solutions: report.solutions.map((bits) => ({ cells: bitsToCells(bits) })),
      nodes: report.nodes,
      truncated: report.truncated,
    };
  },

  check,

  grade(puzzle): Difficulty<PatternLevel> {
    const report = solveClues(puzzle);
    if (report.solutions.length === 0 && !report.truncated) {
      throw new PuzzleInputError('these clues have no solution');
    }
    return difficultyOf(report, puzzle.width, puzzle.height);
  },

  parsePuzzle(json) {
    return parsePuzzle(json);
  },

  toPublic(puzzle) {
    return { width: puzzle.width, height: puzzle.height, rows: puzzle.rows, cols: puzzle.cols };
  },

  render,
  replayLog,
  stepsTo,
  continuesStroke,

  generateSized(seed, { width, height }, level) {
    requireSeed(seed);
    if (level !== undefined) levelIn('pattern', LEVELS, level);
    if (![width, height].every((side) => Number.isInteger(side) && side >= 5 && side <= 30)) {
      throw new PuzzleInputError('pattern boards are 5 to 30 cells wide and high');
    }
    const target = level === 'hard' || level === 'expert' ? 'probe' : 'line';
    return generated(generateSized(seed, width, height, target), seed);
  },
};
