import type { CheckResult } from '../types.js';
import { computeClue, sameClue } from './clues.js';
import type { PatternPuzzle } from './model.js';

/**
 * Accepts any grid whose every row and column reads its clue (not only the generator's picture);
 * otherwise names the first line that does not. Never throws, whatever the submission.
 */
export function check(puzzle: PatternPuzzle, submission: unknown): CheckResult {
  const { width, height } = puzzle;
  if (typeof submission !== 'object' || submission === null || Array.isArray(submission)) {
    return { ok: false, reason: 'a solution must be an object {cells: "0101…"}' };
  }
  const cells = (submission as Record<string, unknown>).cells;
  if (typeof cells !== 'string') {
    return { ok: false, reason: 'cells must be a string of 0s and 1s, row by row' };
  }
  if (cells.length !== width * height) {
    return {
      ok: false,
      reason: `cells must have ${width * height} characters (${width}×${height}), got ${cells.length}`,
    };
  }
  if (!/^[01]*$/.test(cells)) return { ok: false, reason: 'cells may only contain 0 (empty) and 1 (filled)' };

  const line = new Uint8Array(Math.max(width, height));
  for (let r = 0; r < height; r++) {
    for (let c = 0; c < width; c++) line[c] = cells.charCodeAt(r * width + c) - 48;
    const reason = mismatch(`row ${r + 1}`, line.subarray(0, width), puzzle.rows[r] ?? []);
    if (reason !== undefined) return { ok: false, reason };
  }
  for (let c = 0; c < width; c++) {
    for (let r = 0; r < height; r++) line[r] = cells.charCodeAt(r * width + c) - 48;
    const reason = mismatch(`column ${c + 1}`, line.subarray(0, height), puzzle.cols[c] ?? []);
    if (reason !== undefined) return { ok: false, reason };
  }
  return { ok: true };
}

function mismatch(name: string, line: Uint8Array, clue: readonly number[]): string | undefined {
  const runs = computeClue(line);
  if (sameClue(runs, clue)) return undefined;
  return `${name} reads [${runs.join(' ')}] but its clue is [${clue.join(' ')}]`;
}
