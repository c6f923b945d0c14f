import type { Difficulty } from '../types.js';
import { type LogicResult, logicSolve } from './logic.js';
import { searchGrid } from './solve.js';
import type { SudokuLevel } from './types.js';

/**
 * Level by the heaviest technique needed. Calibrated on pair-minimal symmetric puzzles from the generator
 * (about 71 % need only singles, 10 % locked candidates or pairs, 5 % triples to quads, fish or wings,
 * 14 % more than the whole technique set), so every level is common enough to generate fast.
 */
export const LEVEL_MAX_WEIGHT: Readonly<Record<Exclude<SudokuLevel, 'expert'>, number>> = {
  easy: 2.3,
  medium: 3.4,
  hard: 5.4,
};

export const SEARCH = 'search';
const SEARCH_WEIGHT = 7;
/** Node budget for measuring the search part of a grade; generated puzzles need a few dozen. */
const GRADE_NODE_LIMIT = 1_000_000;

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
