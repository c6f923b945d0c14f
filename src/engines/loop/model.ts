import { PuzzleInputError } from '../types.js';

/** Interchange form: clues row-major, '0'-'3' or '.' for a blank cell. */
export interface LoopPuzzle {
  width: number;
  height: number;
  clues: string;
}

/** All horizontal edges row-major, then all vertical edges; '1' = on the loop. */
export interface LoopSolution {
  edges: string;
}

export const MIN_SIDE = 1;
/** Large enough for published 60×60 boards, small enough that a request cannot ask for a huge search. */
export const MAX_SIDE = 64;

export function edgeCount(width: number, height: number): number {
  return (height + 1) * width + height * (width + 1);
}

/** Clues as numbers, -1 for blank. */
export function clueArray(clues: string): Int8Array {
  const out = new Int8Array(clues.length);
  for (let i = 0; i < clues.length; i++) {
    const ch = clues.charCodeAt(i);
    out[i] = ch === 46 ? -1 : ch - 48;
  }
  return out;
}

export function clueString(clues: Int8Array): string {
  let out = '';
  for (const k of clues) out += k < 0 ? '.' : String(k);
  return out;
}

const KEYS = ['width', 'height', 'clues'];

function side(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < MIN_SIDE || value > MAX_SIDE) {
    throw new PuzzleInputError(`loop puzzle: ${name} must be an integer from ${MIN_SIDE} to ${MAX_SIDE}`);
  }
  return value;
}

export function parsePuzzle(json: unknown): LoopPuzzle {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new PuzzleInputError('loop puzzle: expected an object {width, height, clues}');
  }
  const record = json as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!KEYS.includes(key)) throw new PuzzleInputError(`loop puzzle: unexpected field "${key}"`);
  }
  const width = side(record.width, 'width');
  const height = side(record.height, 'height');
  const clues = record.clues;
  if (typeof clues !== 'string') throw new PuzzleInputError('loop puzzle: clues must be a string');
  if (clues.length !== width * height) {
    throw new PuzzleInputError(
      `loop puzzle: clues must have width × height = ${width * height} characters, got ${clues.length}`,
    );
  }
  const bad = clues.search(/[^0-3.]/);
  if (bad >= 0) {
    throw new PuzzleInputError(
      `loop puzzle: clue ${bad + 1} is "${clues[bad]}"; use 0-3 for a clue or "." for a blank cell`,
    );
  }
  return { width, height, clues };
}
