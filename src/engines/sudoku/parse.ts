import { PuzzleInputError } from '../types.js';
import { cellName, UNITS } from './geometry.js';
import type { SudokuPuzzle } from './types.js';

const GRID_RE = /^[1-9.]{81}$/;

/**
 * The first pair of equal givens sharing a unit, as a sentence, or null. A bit per digit seen in the unit:
 * every stored puzzle is checked on every ranked solve, and this is most of parsing one.
 */
export function duplicateGivens(grid: string): string | null {
  const kinds = ['row', 'column', 'box'];
  for (let u = 0; u < 27; u++) {
    const unit = UNITS[u] as number[];
    let seen = 0;
    for (const cell of unit) {
      const digit = grid.charCodeAt(cell) - 48;
      if (digit < 1 || digit > 9) continue;
      if ((seen & (1 << digit)) !== 0) {
        const first = unit.find((c) => grid.charCodeAt(c) - 48 === digit) as number;
        return `${kinds[(u / 9) | 0]} ${(u % 9) + 1} has two ${digit}s (${cellName(first)} and ${cellName(cell)})`;
      }
      seen |= 1 << digit;
    }
  }
  return null;
}

/** Reason a grid string is not a well-formed sudoku grid (81 of '1'-'9' and '.'), or null when it is. */
export function gridShapeError(grid: unknown): string | null {
  if (typeof grid !== 'string') return `grid must be a string, got ${grid === null ? 'null' : typeof grid}`;
  if (grid.length !== 81) return `grid must have 81 characters, got ${grid.length}`;
  if (!GRID_RE.test(grid)) {
    const at = [...grid].findIndex((ch) => !/[1-9.]/.test(ch));
    return `grid may hold only '1'-'9' and '.', found ${JSON.stringify(grid[at])} at ${cellName(at)}`;
  }
  return null;
}

/** Strict validation of untrusted JSON into a puzzle; consistent givens are required, solvability is not. */
export function parsePuzzle(json: unknown): SudokuPuzzle {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new PuzzleInputError('a sudoku puzzle must be a JSON object {"grid": "..."}');
  }
  const extra = Object.keys(json).filter((k) => k !== 'grid');
  if (extra.length > 0) throw new PuzzleInputError(`unknown sudoku puzzle field(s): ${extra.join(', ')}`);
  const grid = (json as { grid?: unknown }).grid;
  const shape = gridShapeError(grid);
  if (shape !== null) throw new PuzzleInputError(shape);
  const dup = duplicateGivens(grid as string);
  if (dup !== null) throw new PuzzleInputError(`contradictory givens: ${dup}`);
  return { grid: grid as string };
}
