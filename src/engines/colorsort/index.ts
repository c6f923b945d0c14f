/**
 * Colour sort (water sort) with the original's hidden-colour mode. The puzzle keeps the true colours; the
 * public payload, `reveal` and `replay` decide what a player sees. See README.md for the rules.
 */

import type { PuzzleEngine } from '../types.js';
import { check } from './check.js';
import { generateDeal, version } from './generate.js';
import { grade, gradeFromSearch } from './grade.js';
import { replayLog, stepsTo } from './log.js';
import { parsePuzzle } from './parse.js';
import {
  type ColorSortLevel,
  type ColorSortPuzzle,
  type ColorSortSolution,
  LEVELS,
  PRESETS,
} from './puzzle.js';
import { render } from './render.js';
import { toPublic } from './reveal.js';
import { DEFAULT_NODE_LIMIT, solveTubes } from './solve.js';

export { check } from './check.js';
export { dealTubes } from './deal.js';
export {
  type Deal,
  generateDeal,
  MAX_ATTEMPTS,
  type RejectionCounts,
  validateParams,
  version,
} from './generate.js';
export { exposedBy } from './log.js';

import { levelIn } from '../levels.js';

export { grade, levelOf } from './grade.js';
export { parsePuzzle } from './parse.js';
export * from './puzzle.js';
export { render } from './render.js';
export { isCleared, MAX_MOVES, parseMoves, type ReplayResult, type ReplayState, replay } from './replay.js';
export { type RevealResult, type RevealView, reveal, toPublic } from './reveal.js';
export { isSolved, pourError } from './rules.js';
export { DEFAULT_NODE_LIMIT, type SearchResult, solveTubes } from './solve.js';

export const engine: PuzzleEngine<'colorsort', ColorSortLevel, ColorSortPuzzle, ColorSortSolution> = {
  kind: 'colorsort',
  version,
  levels: LEVELS,
  generate(seed, level) {
    const known = levelIn('colorsort', LEVELS, level);
    const deal = generateDeal({ ...PRESETS[known], seed });
    const grade = gradeFromSearch(deal.puzzle, {
      moves: deal.solution.moves,
      nodes: deal.nodes,
      states: 0,
      truncated: false,
      lowerBound: deal.solutionLength,
    });
    const { puzzle } = deal;
    return {
      puzzle,
      solution: deal.solution,
      grade,
      seed,
      version,
      attempt: deal.attempt,
      meta: {
        solutionLength: deal.solutionLength,
        optimal: true,
        nodes: deal.nodes,
        numColors: puzzle.numColors,
        duplicateColors: puzzle.duplicateColors,
        capacity: puzzle.capacity,
        emptyTubes: puzzle.emptyTubes,
        numTubes: puzzle.tubes.length,
      },
    };
  },
  /** One shortest solution (maxSolutions is moot: "solvable" replaces "unique" for colour sort). */
  solve(puzzle, limits) {
    const result = solveTubes(puzzle.tubes, puzzle.capacity, limits?.nodeLimit ?? DEFAULT_NODE_LIMIT);
    return {
      solutions: result.moves ? [{ moves: result.moves }] : [],
      nodes: result.nodes,
      truncated: result.truncated,
    };
  },
  check,
  grade,
  parsePuzzle,
  toPublic,
  render,
  replayLog,
  stepsTo,
};
