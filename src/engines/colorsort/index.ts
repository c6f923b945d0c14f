import type { PuzzleEngine } from '../types.js';

// Placeholder until the colorsort engine lands; replaced by its helper.
export const engine: PuzzleEngine<unknown, unknown> = {
  kind: 'colorsort',
  version: 0,
  levels: [],
  generate() {
    throw new Error('colorsort engine not built yet');
  },
  solve() {
    throw new Error('colorsort engine not built yet');
  },
  check() {
    return { ok: false, reason: 'colorsort engine not built yet' };
  },
  grade() {
    throw new Error('colorsort engine not built yet');
  },
  parsePuzzle() {
    throw new Error('colorsort engine not built yet');
  },
  toPublic(puzzle) {
    return puzzle;
  },
  render() {
    return '';
  },
};
