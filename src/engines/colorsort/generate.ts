/**
 * The original's generation loop: one rng per call, consumed across up to 500 deals; a deal is rejected when
 * it is already sorted, when a tube's bottom two units share a colour (the deeper one could never be
 * revealed), when the search for its shortest solution hit the node limit, or when it is proven
 * unsolvable. Unlike the original, an accepted deal's solution length is a proven optimum.
 */

import { rng } from '../rng.js';
import { requireSeed } from '../seed.js';
import { GenerationError, PuzzleInputError } from '../types.js';
import { dealTubes } from './deal.js';
import {
  type ColorSortPuzzle,
  type ColorSortSolution,
  DEFAULT_CAPACITY,
  DEFAULT_EMPTY_TUBES,
  type DealParams,
} from './puzzle.js';
import { isSolved } from './rules.js';
import { DEFAULT_NODE_LIMIT, solveTubes } from './solve.js';

/** Bump whenever the same parameters and seed would give a different puzzle. */
export const version = 1;

export const MAX_ATTEMPTS = 500;
/** Upper bound on a caller's node limit: the search stores ~2.5 states per node, ~150 bytes each. */
export const MAX_NODE_LIMIT = 2_000_000;

export interface RejectionCounts {
  /** The deal was already sorted. */
  solved: number;
  /** Some tube's bottom two units had the same colour. */
  sameBottom: number;
  /** The search hit its node limit before proving the shortest solution. */
  truncated: number;
  /** The search proved that no solution exists. */
  unsolvable: number;
}

export interface Deal {
  puzzle: ColorSortPuzzle;
  /** A shortest solution. */
  solution: ColorSortSolution;
  seed: string;
  /** 1-based attempt at which the deal was accepted. */
  attempt: number;
  /** Proven shortest solution length. */
  solutionLength: number;
  /** Search nodes spent proving it. */
  nodes: number;
  rejected: RejectionCounts;
}

export interface ValidParams {
  numColors: number;
  seed: string;
  capacity: number;
  duplicateColors: number;
  emptyTubes: number;
  nodeLimit: number;
}

/** The original's range checks, in their order, with their messages in English. */
export function validateParams(params: DealParams): ValidParams {
  const {
    numColors,
    seed,
    capacity = DEFAULT_CAPACITY,
    duplicateColors = 0,
    emptyTubes = DEFAULT_EMPTY_TUBES,
    nodeLimit = DEFAULT_NODE_LIMIT,
  } = params ?? ({} as Partial<DealParams>);
  if (!Number.isInteger(numColors) || (numColors as number) < 4 || (numColors as number) > 20) {
    throw new PuzzleInputError('numColors must be an integer from 4 to 20');
  }
  requireSeed(seed);
  if (!Number.isInteger(capacity) || capacity < 4 || capacity > 8) {
    throw new PuzzleInputError('capacity (units per tube) must be an integer from 4 to 8');
  }
  if (!Number.isInteger(duplicateColors) || duplicateColors < 0 || duplicateColors > (numColors as number)) {
    throw new PuzzleInputError(
      'duplicateColors (colours split over two tubes) must be an integer from 0 to numColors',
    );
  }
  if (!Number.isInteger(emptyTubes) || emptyTubes < 1 || emptyTubes > 4) {
    throw new PuzzleInputError('emptyTubes must be an integer from 1 to 4');
  }
  if (!Number.isInteger(nodeLimit) || nodeLimit < 1 || nodeLimit > MAX_NODE_LIMIT) {
    throw new PuzzleInputError(`nodeLimit must be an integer from 1 to ${MAX_NODE_LIMIT}`);
  }
  return { numColors: numColors as number, seed, capacity, duplicateColors, emptyTubes, nodeLimit };
}

/** The original's `generate(options)`: a deal with a proven shortest solution, or GenerationError. */
export function generateDeal(params: DealParams): Deal {
  const { numColors, seed, capacity, duplicateColors, emptyTubes, nodeLimit } = validateParams(params);
  const random = rng(seed);
  const rejected: RejectionCounts = { solved: 0, sameBottom: 0, truncated: 0, unsolvable: 0 };
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const tubes = dealTubes(numColors, capacity, random, duplicateColors, emptyTubes);
    if (isSolved(tubes, capacity)) {
      rejected.solved++;
      continue;
    }
    if (tubes.some((t) => t.length >= 2 && t[0] === t[1])) {
      rejected.sameBottom++;
      continue;
    }
    const result = solveTubes(tubes, capacity, nodeLimit);
    if (result.truncated) {
      rejected.truncated++;
      continue;
    }
    if (!result.moves) {
      rejected.unsolvable++;
      continue;
    }
    return {
      puzzle: { capacity, numColors, duplicateColors, emptyTubes, tubes },
      solution: { moves: result.moves },
      seed,
      attempt,
      solutionLength: result.moves.length,
      nodes: result.nodes,
      rejected,
    };
  }
  throw new GenerationError(
    `no deal with a proven shortest solution in ${MAX_ATTEMPTS} attempts (search truncated ${rejected.truncated} ` +
      `times, proven unsolvable ${rejected.unsolvable} times, already sorted ${rejected.solved}, equal bottom ` +
      `pair ${rejected.sameBottom}); change the number of colours or the seed`,
  );
}
