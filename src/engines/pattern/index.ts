import type { PuzzleEngine } from '../types.js';

// Placeholder until the pattern engine lands; replaced by its helper.
export const engine: PuzzleEngine<unknown, unknown> = {
  kind: 'pattern',
  version: 0,
  levels: [],
  generate() {
    throw new Error('pattern engine not built yet');
  },
  solve() {
    throw new Error('pattern engine not built yet');
  },
  check() {
    return { ok: false, reason: 'pattern engine not built yet' };
  },
  grade() {
    throw new Error('pattern engine not built yet');
  },
  parsePuzzle() {
    throw new Error('pattern engine not built yet');
  },
  toPublic(puzzle) {
    return puzzle;
  },
  render() {
    return '';
  },
};
