import { type Rng, rng, shuffle } from '../rng.js';
import { requireSeed } from '../seed.js';
import { type Generated, GenerationError } from '../types.js';
import { bandOf, gradeCells, LEVEL_BAND, LEVEL_MAX_WEIGHT } from './grade.js';
import { logicSolve } from './logic.js';
import { cellsToString, searchGrid } from './solve.js';
import type { SudokuLevel, SudokuPuzzle, SudokuSolution } from './types.js';

/** 2: expert needs more than one guess after the logic stalls (band `search`, see grade.ts). */
export const VERSION = 2;
export const MAX_ATTEMPTS = 500;
/** Easy puzzles stop thinning here so they also look easy (newspaper easies have 30-36 givens). */
export const EASY_MIN_GIVENS = 32;
const NODE_LIMIT = 100_000;

/** A random full grid: the three diagonal boxes are independent, shuffle them, let the solver finish. */
function fullGrid(random: Rng): Uint8Array {
  const cells = new Uint8Array(81);
  for (const box of [0, 4, 8]) {
    const digits = shuffle(random, [1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const r0 = 3 * ((box / 3) | 0);
    const c0 = 3 * (box % 3);
    for (let k = 0; k < 9; k++) cells[(r0 + ((k / 3) | 0)) * 9 + c0 + (k % 3)] = digits[k]!;
  }
  searchGrid(cells, { maxSolutions: 1, nodeLimit: NODE_LIMIT }, (solution) => cells.set(solution));
  return cells;
}

const isUnique = (cells: Uint8Array): boolean => {
  const r = searchGrid(cells, { maxSolutions: 2, nodeLimit: NODE_LIMIT });
  return r.count === 1 && !r.truncated;
};

/**
 * One attempt: blank the 180°-symmetric pairs of a full grid in random order while the solution stays
 * unique (easy: down to EASY_MIN_GIVENS). A result harder than asked gets removed pairs back, latest
 * first, until the grader solves it within the level. Returns the puzzle cells, or why it failed.
 */
function attempt(random: Rng, level: SudokuLevel, solution: Uint8Array): Uint8Array | string {
  const cells = solution.slice();
  const pairs = shuffle(
    random,
    Array.from({ length: 41 }, (_, i) => i),
  );
  const removed: number[] = [];
  let givens = 81;
  const floor = level === 'easy' ? EASY_MIN_GIVENS : 0;
  for (const i of pairs) {
    const size = i === 40 ? 1 : 2;
    if (givens - size < floor) continue;
    cells[i] = 0;
    cells[80 - i] = 0;
    if (isUnique(cells)) {
      removed.push(i);
      givens -= size;
    } else {
      cells[i] = solution[i]!;
      cells[80 - i] = solution[80 - i]!;
    }
  }
  if (level !== 'expert') {
    const maxWeight = LEVEL_MAX_WEIGHT[level];
    while (!logicSolve(cells, maxWeight).solved) {
      const i = removed.pop();
      if (i === undefined) return 'no thinning fits the level';
      cells[i] = solution[i]!;
      cells[80 - i] = solution[80 - i]!;
    }
  }
  return cells;
}

/** Deterministic in (seed, level): one RNG for the whole call, consumed across attempts. */
export function generate(
  seed: string,
  level: SudokuLevel,
): Generated<SudokuPuzzle, SudokuSolution, SudokuLevel> {
  const random = rng(requireSeed(seed));
  const rejected = new Map<string, number>();
  for (let n = 1; n <= MAX_ATTEMPTS; n++) {
    const solution = fullGrid(random);
    const result = attempt(random, level, solution);
    let reason: string;
    if (typeof result === 'string') {
      reason = result;
    } else {
      const grade = gradeCells(result);
      const band = bandOf(grade);
      if (band === LEVEL_BAND[level] && isUnique(result)) {
        return {
          puzzle: { grid: cellsToString(result) },
          solution: { grid: cellsToString(solution) },
          grade,
          seed,
          version: VERSION,
          attempt: n,
          meta: { givens: result.reduce((k, v) => k + (v === 0 ? 0 : 1), 0) },
        };
      }
      reason = band === LEVEL_BAND[level] ? 'not unique' : `band ${band}`;
    }
    rejected.set(reason, (rejected.get(reason) ?? 0) + 1);
  }
  const counts = [...rejected].map(([why, k]) => `${why}: ${k}`).join(', ');
  throw new GenerationError(
    `no ${level} sudoku for seed ${JSON.stringify(seed)} in ${MAX_ATTEMPTS} attempts (${counts})`,
  );
}
