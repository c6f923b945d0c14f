import { levelIn } from '../levels.js';
import { type PuzzleEngine, PuzzleInputError, type SolveLimits } from '../types.js';
import { check } from './check.js';
import { generate, generateBoard, LEVEL_SPEC, LEVELS, type LoopLevel, VERSION } from './generate.js';
import { geometry } from './geometry.js';
import { gradeClues } from './grade.js';
import { replayLog, stepsTo } from './log.js';
import { clueArray, type LoopPuzzle, type LoopSolution, parsePuzzle } from './model.js';
import { Propagator } from './propagate.js';
import { render } from './render.js';
import { DEFAULT_NODE_LIMIT, search } from './solve.js';

export type { LoopPuzzle, LoopSolution } from './model.js';
export const version = VERSION;

export const engine: PuzzleEngine<'loop', LoopLevel, LoopPuzzle, LoopSolution> = {
  kind: 'loop',
  version: VERSION,
  levels: LEVELS,
  generate,
  solve(puzzle: LoopPuzzle, limits?: SolveLimits) {
    const geo = geometry(puzzle.width, puzzle.height);
    const prop = new Propagator(geo, clueArray(puzzle.clues));
    const result = search(prop, prop.initial(), {
      maxSolutions: limits?.maxSolutions ?? 2,
      nodeLimit: limits?.nodeLimit ?? DEFAULT_NODE_LIMIT,
      tier: 2,
    });
    return {
      solutions: result.solutions.map((edges) => ({ edges })),
      nodes: result.nodes,
      truncated: result.truncated,
    };
  },
  check,
  grade(puzzle: LoopPuzzle) {
    return gradeClues(geometry(puzzle.width, puzzle.height), clueArray(puzzle.clues));
  },
  parsePuzzle,
  toPublic(puzzle: LoopPuzzle) {
    return puzzle;
  },
  render,
  replayLog,
  stepsTo,
  /** Square boards of side 5 to 15, thinned with the rules of `level` (hard's when none is asked). */
  generateSized(seed, { width, height }, level) {
    if (width !== height || !Number.isInteger(width) || width < 5 || width > 15) {
      throw new PuzzleInputError('loop boards made on request are square, 5 to 15 cells a side');
    }
    const asked = level === undefined ? null : levelIn('loop', LEVELS, level);
    return generateBoard(seed, width, LEVEL_SPEC[asked ?? 'hard'].tier, asked);
  },
};
