import { levelIn } from '../levels.js';
import { type Rng, randomInt, rng, shuffle } from '../rng.js';
import { requireSeed } from '../seed.js';
import { type Generated, GenerationError, PuzzleInputError } from '../types.js';
import { cluesOf } from './clues.js';
import { geometryOf, type Side, setClue } from './geometry.js';
import { analyze, analyzeDifficulty } from './grade.js';
import { randomLatinSquare } from './latin.js';
import {
  LEVEL_SIZE,
  levelRank,
  MAX_SIZE,
  MIN_GENERATED_SIZE,
  SIGNAL_LEVELS,
  type SignalLevel,
  type SignalPuzzle,
  type SignalSolution,
  sizeLevel,
} from './model.js';
import { solve } from './solve.js';

export const VERSION = 2;
const MAX_ATTEMPTS = 500;
/** Far above what a generated board needs (tens of nodes); a search this long is not trusted as unique. */
const NODE_LIMIT = 50_000;

/**
 * Why an attempt was dropped: the solver hit its node limit while givens were added; the fully clued
 * board was not at the level (or needed search) to begin with; the final re-verification failed.
 */
type Rejection = 'truncated' | 'off-level' | 'final-check';

/** The engine's entry point: each level has its board size (easy 4×4 … expert 7×7) and its technique band. */
export function generate(seed: string, level: string): Generated<SignalPuzzle, SignalSolution, SignalLevel> {
  const known = levelIn('signal', SIGNAL_LEVELS, level);
  return generateSized(seed, LEVEL_SIZE[known], known);
}

/**
 * Any board size from 4 to 9 (the CLI's way to 9×9). `level` defaults to the size's own level and
 * cannot be below it: a level's band is graded by technique alone, but the ladder makes each level at
 * its own size or a smaller one, so a big board is not thinned with givens into an easy one.
 */
export function generateSized(
  seed: string,
  n: number,
  level: string = sizeLevel(n),
): Generated<SignalPuzzle, SignalSolution, SignalLevel> {
  const known = levelIn('signal', SIGNAL_LEVELS, level);
  requireSeed(seed);
  if (!Number.isInteger(n) || n < MIN_GENERATED_SIZE || n > MAX_SIZE) {
    throw new PuzzleInputError(
      `signal boards are generated from ${MIN_GENERATED_SIZE}×${MIN_GENERATED_SIZE} to ${MAX_SIZE}×${MAX_SIZE}`,
    );
  }
  if (levelRank(known) < levelRank(sizeLevel(n))) {
    throw new PuzzleInputError(`a ${n}×${n} signal board is at least '${sizeLevel(n)}', not '${known}'`);
  }
  const random = rng(seed);
  const rejected: Record<Rejection, number> = { truncated: 0, 'off-level': 0, 'final-check': 0 };
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const made = attemptOnce(random, n, known);
    if (typeof made === 'string') {
      rejected[made]++;
      continue;
    }
    return { ...made, seed, version: VERSION, attempt };
  }
  const reasons = Object.entries(rejected)
    .map(([reason, count]) => `${reason} ${count}`)
    .join(', ');
  throw new GenerationError(`signal ${n}×${n} ${level}: no puzzle in ${MAX_ATTEMPTS} attempts (${reasons})`);
}

function attemptOnce(
  random: Rng,
  n: number,
  level: SignalLevel,
): Omit<Generated<SignalPuzzle, SignalSolution, SignalLevel>, 'seed' | 'version' | 'attempt'> | Rejection {
  const grid = randomLatinSquare(random, n);
  const puzzle: SignalPuzzle = { n, ...cluesOf(grid, n), givens: '.'.repeat(n * n) };
  const geo = geometryOf(puzzle);
  // All clues need not pin the square down: add givens where a second solution differs until it is unique.
  for (;;) {
    const result = solve(puzzle, { maxSolutions: 2, nodeLimit: NODE_LIMIT }, geo);
    if (result.truncated) return 'truncated';
    if (result.solutions.length === 1) break;
    const other = result.solutions.find((s) => s.grid !== grid)?.grid ?? grid;
    const differ: number[] = [];
    for (let cell = 0; cell < n * n; cell++) if (other[cell] !== grid[cell]) differ.push(cell);
    const cell = differ[randomInt(random, differ.length)] ?? 0;
    puzzle.givens = puzzle.givens.slice(0, cell) + grid[cell] + puzzle.givens.slice(cell + 1);
  }
  // The grader's techniques must finish the board without search: that keeps even expert boards
  // solvable by reasoning and, as they only strike impossible candidates, proves uniqueness on the way
  // (the complete solver re-verifies the final board).
  const graded = (): SignalLevel | null => {
    const { difficulty, solutions } = analyze(puzzle, geo, false);
    return solutions === 1 ? difficulty.level : null;
  };
  const holds = (): boolean => graded() === level;
  // A board above its band is reworked towards it: givens from the solution, one at a time, until the
  // band's own techniques suffice (at most n² of them, so the attempt stays bounded).
  const open = shuffle(
    random,
    [...Array(n * n).keys()].filter((cell) => puzzle.givens[cell] === '.'),
  );
  for (let now = graded(); now === null || levelRank(now) > levelRank(level); now = graded()) {
    const cell = open.pop();
    if (cell === undefined) return 'off-level';
    puzzle.givens = puzzle.givens.slice(0, cell) + grid[cell] + puzzle.givens.slice(cell + 1);
  }
  if (!holds()) return 'off-level';
  // Givens go first so that clues, the puzzle's point, are what remains.
  const givenCells: number[] = [];
  for (let cell = 0; cell < n * n; cell++) if (puzzle.givens[cell] !== '.') givenCells.push(cell);
  for (const cell of shuffle(random, givenCells)) {
    const before = puzzle.givens;
    puzzle.givens = before.slice(0, cell) + '.' + before.slice(cell + 1);
    if (!holds()) puzzle.givens = before;
  }
  const slots: [Side, number][] = [];
  for (const side of ['top', 'bottom', 'left', 'right'] as const)
    for (let i = 0; i < n; i++) slots.push([side, i]);
  for (const [side, i] of shuffle(random, slots)) {
    const clue = puzzle[side][i] ?? 0;
    setClue(puzzle, geo, side, i, 0);
    if (!holds()) setClue(puzzle, geo, side, i, clue);
  }

  const final = solve(puzzle, { maxSolutions: 2, nodeLimit: NODE_LIMIT }, geo);
  const grade = analyzeDifficulty(puzzle, geo);
  if (final.truncated || final.solutions.length !== 1 || final.solutions[0]?.grid !== grid)
    return 'final-check';
  if (grade.level !== level || grade.nodes > 0) return 'final-check';
  return { puzzle, solution: { grid }, grade };
}
