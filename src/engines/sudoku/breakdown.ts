/**
 * The breakdown check of an article on building sudokus by hand: while building a puzzle, k cells are
 * still undecided. Which values for them give a puzzle with exactly one solution? Instead of solving every
 * tuple separately, enumerate once every completion of the grid with those cells blank and count, per
 * tuple of the undecided cells' values, how many completions carry it: 0 = no solution, 1 = unique,
 * 2+ = several. Only tuples that occur are stored (a sparse map), as the article recommends.
 */
import { PuzzleInputError } from '../types.js';
import { cellName } from './geometry.js';
import { duplicateGivens } from './parse.js';
import { searchGrid } from './solve.js';

export interface Breakdown {
  /** Indexes (0-80, row-major) of the undecided cells, in the order their values appear in a tuple. */
  cells: number[];
  /** Completions enumerated (all of them unless truncated). */
  totalSolutions: number;
  /** True when maxSolutions (or the matching node budget) stopped the enumeration: counts are lower bounds. */
  truncated: boolean;
  /** Every tuple that occurs, as k digits, with its number of completions; sorted by values. */
  tuples: { values: string; count: number }[];
  /** The tuples with exactly one completion: the choices that make a unique puzzle. */
  uniqueTuples: string[];
}

export const DEFAULT_MAX_SOLUTIONS = 2_000_000;
const GRID_RE = /^[1-9.?]{81}$/;

/**
 * `grid`: 81 characters, '1'-'9' given, '.' a blank the player fills, '?' an undecided cell (the k
 * cells whose value tuples are counted). Throws PuzzleInputError on a malformed grid.
 */
export function breakdown(grid: string, options?: { maxSolutions?: number }): Breakdown {
  if (typeof grid !== 'string' || !GRID_RE.test(grid)) {
    throw new PuzzleInputError(
      "breakdown needs 81 characters of '1'-'9' (given), '.' (blank) and '?' (undecided)",
    );
  }
  const dup = duplicateGivens(grid.replaceAll('?', '.'));
  if (dup !== null) throw new PuzzleInputError(`contradictory givens: ${dup}`);
  const maxSolutions = options?.maxSolutions ?? DEFAULT_MAX_SOLUTIONS;
  if (!Number.isInteger(maxSolutions) || maxSolutions < 1) {
    throw new PuzzleInputError(`maxSolutions must be a positive integer, got ${maxSolutions}`);
  }
  const cells: number[] = [];
  const values = new Uint8Array(81);
  for (let i = 0; i < 81; i++) {
    const ch = grid[i] as string;
    if (ch === '?') cells.push(i);
    else if (ch !== '.') values[i] = ch.charCodeAt(0) - 48;
  }
  const counts = new Map<string, number>();
  let seen = 0;
  // One more than asked tells "exactly maxSolutions" from "more than maxSolutions".
  const result = searchGrid(
    values,
    { maxSolutions: maxSolutions + 1, nodeLimit: 64 * maxSolutions + 1_000_000 },
    (s) => {
      if (++seen > maxSolutions) return;
      let key = '';
      for (const cell of cells) key += String.fromCharCode(48 + s[cell]!);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    },
  );
  const tuples = [...counts]
    .map(([v, count]) => ({ values: v, count }))
    .sort((a, b) => (a.values < b.values ? -1 : a.values > b.values ? 1 : 0));
  return {
    cells,
    totalSolutions: Math.min(seen, maxSolutions),
    truncated: result.truncated || seen > maxSolutions,
    tuples,
    uniqueTuples: tuples.filter((t) => t.count === 1).map((t) => t.values),
  };
}

/** "r1c2 r5c7 …": the undecided cells as a player names them, for printing a breakdown. */
export const cellNames = (cells: number[]): string => cells.map(cellName).join(' ');
