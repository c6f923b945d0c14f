import { PuzzleInputError } from '../types.js';
import { MAX_SIZE, MIN_SIZE, type SignalPuzzle } from './model.js';

const SIDES = ['top', 'bottom', 'left', 'right'] as const;
const KEYS: readonly string[] = ['n', ...SIDES, 'givens'];

/**
 * Strict validation of outside JSON: only the puzzle's own fields, so a misspelt `givens` is an error
 * rather than a board without givens. `givens` may be omitted for a board without givens, as public
 * puzzle collections do.
 */
export function parsePuzzle(json: unknown): SignalPuzzle {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new PuzzleInputError('signal puzzle must be a JSON object');
  }
  const record = json as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!KEYS.includes(key)) throw new PuzzleInputError(`signal puzzle: unexpected field "${key}"`);
  }
  const n = record.n;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < MIN_SIZE || n > MAX_SIZE) {
    throw new PuzzleInputError(`signal puzzle: n must be an integer from ${MIN_SIZE} to ${MAX_SIZE}`);
  }
  const clues = {} as Record<(typeof SIDES)[number], number[]>;
  for (const side of SIDES) {
    const list = record[side];
    if (!Array.isArray(list) || list.length !== n) {
      throw new PuzzleInputError(`signal puzzle: ${side} must be an array of ${n} clues`);
    }
    for (const [i, clue] of list.entries()) {
      if (typeof clue !== 'number' || !Number.isInteger(clue) || clue < 0 || clue > n) {
        throw new PuzzleInputError(
          `signal puzzle: ${side}[${i}] must be an integer from 0 (no clue) to ${n}`,
        );
      }
    }
    clues[side] = [...(list as number[])];
  }
  const givens = record.givens === undefined ? '.'.repeat(n * n) : record.givens;
  if (typeof givens !== 'string' || givens.length !== n * n) {
    throw new PuzzleInputError(`signal puzzle: givens must be a string of ${n * n} characters`);
  }
  for (let cell = 0; cell < n * n; cell++) {
    const ch = givens[cell] ?? '';
    if (ch !== '.' && !(ch >= '1' && ch <= String(n))) {
      throw new PuzzleInputError(`signal puzzle: givens[${cell}] must be '.' or a height from 1 to ${n}`);
    }
  }
  const repeat = repeatedHeight(givens, n);
  if (repeat !== null) throw new PuzzleInputError(`signal puzzle: givens repeat ${repeat}`);
  return { n, ...clues, givens };
}

/** Describes the first height that occurs twice in a row or column ('.' ignored), or null. */
export function repeatedHeight(grid: string, n: number): string | null {
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const h = grid[r * n + c] ?? '.';
      if (h === '.') continue;
      for (let k = c + 1; k < n; k++) {
        if (grid[r * n + k] === h) return `height ${h} twice in row ${r + 1}`;
      }
      for (let k = r + 1; k < n; k++) {
        if (grid[k * n + c] === h) return `height ${h} twice in column ${c + 1}`;
      }
    }
  }
  return null;
}
