import type { PuzzleEngine } from '../types.js';

// Placeholder until the sudoku engine lands; replaced by its helper.
export const engine: PuzzleEngine<unknown, unknown> = {
  kind: 'sudoku',
  version: 0,
  levels: [],
  generate() {
    throw new Error('sudoku engine not built yet');
  },
  solve() {
    throw new Error('sudoku engine not built yet');
  },
  check() {
    return { ok: false, reason: 'sudoku engine not built yet' };
  },
  grade() {
    throw new Error('sudoku engine not built yet');
  },
  parsePuzzle() {
    throw new Error('sudoku engine not built yet');
  },
  toPublic(puzzle) {
    return puzzle;
  },
  render() {
    return '';
  },
};
