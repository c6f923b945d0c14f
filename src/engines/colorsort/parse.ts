/**
 * Strict validation of a full puzzle from outside (stored JSON, CLI input): the parameters within the
 * generator's ranges and tubes that a deal with those parameters could produce, so every accepted
 * puzzle can be cleared in principle (no tube buries two equal units under the rest).
 */

import { PuzzleInputError } from '../types.js';
import { type ColorSortPuzzle, unitsOfColor } from './puzzle.js';

const KEYS = ['capacity', 'numColors', 'duplicateColors', 'emptyTubes', 'tubes'] as const;

function intIn(obj: Record<string, unknown>, key: string, min: number, max: number): number {
  const v = obj[key];
  if (!Number.isInteger(v) || (v as number) < min || (v as number) > max) {
    throw new PuzzleInputError(`${key} must be an integer from ${min} to ${max}`);
  }
  return v as number;
}

export function parsePuzzle(json: unknown): ColorSortPuzzle {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new PuzzleInputError('a colorsort puzzle must be an object');
  }
  const obj = json as Record<string, unknown>;
  for (const key of Object.keys(obj)) {
    if (!(KEYS as readonly string[]).includes(key)) throw new PuzzleInputError(`unknown field "${key}"`);
  }
  const capacity = intIn(obj, 'capacity', 4, 8);
  const numColors = intIn(obj, 'numColors', 4, 20);
  const duplicateColors = intIn(obj, 'duplicateColors', 0, numColors);
  const emptyTubes = intIn(obj, 'emptyTubes', 1, 4);
  const raw = obj.tubes;
  const numTubes = numColors + duplicateColors + emptyTubes;
  if (!Array.isArray(raw) || raw.length !== numTubes) {
    throw new PuzzleInputError(
      `tubes must be an array of ${numTubes} tubes (colours + duplicated colours + empty tubes)`,
    );
  }
  const counts = new Array<number>(numColors).fill(0);
  let empty = 0;
  const tubes = raw.map((t: unknown, i) => {
    if (!Array.isArray(t)) throw new PuzzleInputError(`tube ${i} must be an array of colour ids`);
    if (t.length === 0) {
      empty++;
      return [];
    }
    if (t.length !== capacity)
      throw new PuzzleInputError(`tube ${i} must be empty or hold ${capacity} units`);
    for (const c of t) {
      if (!Number.isInteger(c) || c < 0 || c >= numColors) {
        throw new PuzzleInputError(
          `tube ${i} holds ${JSON.stringify(c)}, not a colour id from 0 to ${numColors - 1}`,
        );
      }
      counts[c] = (counts[c] as number) + 1;
    }
    if (t[0] === t[1]) {
      throw new PuzzleInputError(
        `tube ${i} has two equal units at the bottom: the deeper one could never be revealed`,
      );
    }
    return (t as number[]).slice();
  });
  if (empty !== emptyTubes) throw new PuzzleInputError(`expected ${emptyTubes} empty tubes, found ${empty}`);
  const puzzle: ColorSortPuzzle = { capacity, numColors, duplicateColors, emptyTubes, tubes };
  counts.forEach((n, c) => {
    const want = unitsOfColor(puzzle, c);
    if (n !== want) throw new PuzzleInputError(`colour ${c} has ${n} units, expected ${want}`);
  });
  return puzzle;
}
