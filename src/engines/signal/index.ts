import { type PuzzleEngine, PuzzleInputError } from '../types.js';
import { check } from './check.js';
import { generate, generateSized, VERSION } from './generate.js';
import { analyzeDifficulty } from './grade.js';
import { replayLog, stepsTo } from './log.js';
import { SIGNAL_LEVELS, type SignalLevel, type SignalPuzzle, type SignalSolution } from './model.js';
import { parsePuzzle } from './parse.js';
import { render } from './render.js';
import { solve } from './solve.js';

export { generateSized } from './generate.js';
export { analyzeDifficulty, TECHNIQUES } from './grade.js';
export type { SignalLevel, SignalPuzzle, SignalSolution } from './model.js';

export const version = VERSION;

export const engine: PuzzleEngine<'signal', SignalLevel, SignalPuzzle, SignalSolution> = {
  kind: 'signal',
  version: VERSION,
  levels: SIGNAL_LEVELS,
  generate,
  solve(puzzle, limits) {
    return solve(puzzle, limits);
  },
  check,
  grade(puzzle) {
    return analyzeDifficulty(puzzle);
  },
  parsePuzzle,
  toPublic(puzzle) {
    return puzzle;
  },
  render,
  replayLog,
  stepsTo,
  generateSized(seed, size, level) {
    if (size.width !== size.height) throw new PuzzleInputError('signal boards are square');
    return generateSized(seed, size.width, level);
  },
};
