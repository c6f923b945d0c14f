import type { Difficulty } from '../types.js';
import { type LogicResult, logicSolve, TECHNIQUES } from './logic.js';
import { searchGrid } from './solve.js';
import type { SudokuLevel } from './types.js';

/**
 * Level ladder. Each level is a technique band: it may need any technique of its band or below and must
 * need at least one of its own band (weights from logic.ts).
 *
 * | level  | band       | must need one of                                                   |
 * | ------ | ---------- | ------------------------------------------------------------------ |
 * | easy   | `singles`  | nothing beyond hidden and naked singles (≤ 2.3)                    |
 * | medium | `basic`    | pointing, claiming, naked pair, x-wing, hidden pair (2.6–3.4)      |
 * | hard   | `advanced` | triples, quads, swordfish, jellyfish, xy-/xyz-wing (3.6–5.4)       |
 * | expert | `search`   | the logic stalls and search needs more than one guess (nodes ≥ 5) |
 *
 * Between hard and expert lies `forcing`: the logic stalls but one guess settles it (3–4 nodes: a single
 * forcing step, what one chain does). It is graded expert, being beyond hard, but the generator serves it
 * at no level, so hard and expert are a band apart: about half of version 1's experts sat there, the half
 * an independent grader placed with our hard puzzles.
 */
export const LEVEL_MAX_WEIGHT: Readonly<Record<Exclude<SudokuLevel, 'expert'>, number>> = {
  easy: 2.3,
  medium: 3.4,
  hard: 5.4,
};

export const SUDOKU_BANDS = ['singles', 'basic', 'advanced', 'forcing', 'search'] as const;
export type SudokuBand = (typeof SUDOKU_BANDS)[number];

export const LEVEL_BAND: Readonly<Record<SudokuLevel, SudokuBand>> = {
  easy: 'singles',
  medium: 'basic',
  hard: 'advanced',
  expert: 'search',
};

/** Root plus two branches is one two-way guess; expert needs more than any single guess gives. */
export const EXPERT_MIN_NODES = 5;

export const SEARCH = 'search';
const SEARCH_WEIGHT = 7;
/** Node budget for measuring the search part of a grade; generated puzzles need a few dozen. */
const GRADE_NODE_LIMIT = 1_000_000;

/** The band of a grade: its heaviest technique, and for search how many nodes it took. */
export function bandOf(grade: Pick<Difficulty<SudokuLevel>, 'hardest' | 'nodes'>): SudokuBand {
  if (grade.hardest === SEARCH) return grade.nodes >= EXPERT_MIN_NODES ? 'search' : 'forcing';
  const weight = TECHNIQUES.find((t) => t.name === grade.hardest)?.weight ?? 0;
  if (weight <= LEVEL_MAX_WEIGHT.easy) return 'singles';
  if (weight <= LEVEL_MAX_WEIGHT.medium) return 'basic';
  return 'advanced';
}

export function levelOf(logic: LogicResult): SudokuLevel {
  if (!logic.solved) return 'expert';
  if (logic.hardestWeight <= LEVEL_MAX_WEIGHT.easy) return 'easy';
  if (logic.hardestWeight <= LEVEL_MAX_WEIGHT.medium) return 'medium';
  return 'hard';
}

/**
 * Grades a grid by the techniques a person needs, then search for what they cannot reach.
 * score = 100 × heaviest weight, plus up to 19 for how many non-single steps were taken (so it never
 * crosses into the next technique), plus 10·log2(1 + nodes) once search is needed.
 */
export function gradeCells(cells: ArrayLike<number>): Difficulty<SudokuLevel> {
  const logic = logicSolve(cells);
  const advanced = Math.min(19, logic.advancedSteps);
  if (logic.solved) {
    return {
      level: levelOf(logic),
      score: Math.round(100 * logic.hardestWeight) + advanced,
      techniques: logic.used,
      hardest: logic.hardest || 'none',
      nodes: 0,
    };
  }
  const search = searchGrid(logic.board.value, { maxSolutions: 2, nodeLimit: GRADE_NODE_LIMIT });
  return {
    level: 'expert',
    score: 100 * SEARCH_WEIGHT + advanced + Math.round(10 * Math.log2(1 + search.nodes)),
    techniques: [...logic.used, SEARCH],
    hardest: SEARCH,
    nodes: search.nodes,
  };
}
