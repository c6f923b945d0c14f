import { PuzzleInputError } from '../types.js';
import { MAX_SIZE, type PatternPuzzle } from './model.js';

const KEYS = ['width', 'height', 'rows', 'cols'];

/**
 * Strict validation of untrusted puzzle JSON: only the puzzle's own fields, sizes 1..maxSize, one clue
 * per line, runs positive integers that fit their line, and rows and columns that fill the same number of
 * cells. Returns a fresh object.
 */
export function parsePuzzle(json: unknown, maxSize: number = MAX_SIZE): PatternPuzzle {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new PuzzleInputError('a pattern puzzle must be an object {width, height, rows, cols}');
  }
  const record = json as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!KEYS.includes(key)) throw new PuzzleInputError(`pattern puzzle: unexpected field "${key}"`);
  }
  const width = size(record.width, 'width', maxSize);
  const height = size(record.height, 'height', maxSize);
  const rows = clues(record.rows, 'rows', height, width);
  const cols = clues(record.cols, 'cols', width, height);
  const rowCells = total(rows);
  const colCells = total(cols);
  if (rowCells !== colCells) {
    throw new PuzzleInputError(`rows fill ${rowCells} cells but cols fill ${colCells}: no grid fits both`);
  }
  return { width, height, rows, cols };
}

function size(value: unknown, name: string, maxSize: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > maxSize) {
    throw new PuzzleInputError(`${name} must be an integer from 1 to ${maxSize}, got ${describe(value)}`);
  }
  return value;
}

function clues(value: unknown, name: string, count: number, length: number): number[][] {
  if (!Array.isArray(value)) throw new PuzzleInputError(`${name} must be an array of ${count} clues`);
  if (value.length !== count) {
    throw new PuzzleInputError(`${name} must hold ${count} clues, got ${value.length}`);
  }
  return value.map((clue: unknown, line) => {
    if (!Array.isArray(clue)) {
      throw new PuzzleInputError(`${name}[${line}] must be an array of run lengths ([] for an empty line)`);
    }
    const runs = clue.map((run: unknown, k) => {
      if (typeof run !== 'number' || !Number.isInteger(run) || run < 1) {
        throw new PuzzleInputError(`${name}[${line}][${k}] must be a positive integer, got ${describe(run)}`);
      }
      return run;
    });
    const needed = runs.reduce((sum, run) => sum + run, 0) + Math.max(0, runs.length - 1);
    if (needed > length) {
      throw new PuzzleInputError(
        `${name}[${line}] = [${runs.join(',')}] needs ${needed} cells but the line has ${length}`,
      );
    }
    return runs;
  });
}

function total(lines: number[][]): number {
  return lines.reduce((sum, runs) => sum + runs.reduce((s, run) => s + run, 0), 0);
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.slice(0, 20));
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  return Array.isArray(value) ? 'an array' : typeof value;
}
