import type { PuzzleEngine } from '../types.js';

// Placeholder until the signal engine lands; replaced by its helper.
export const engine: PuzzleEngine<unknown, unknown> = {
  kind: 'signal',
  version: 0,
  levels: [],
  generate() {
    throw new Error('signal engine not built yet');
  },
  solve() {
    throw new Error('signal engine not built yet');
  },
  check() {
    return { ok: false, reason: 'signal engine not built yet' };
  },
  grade() {
    throw new Error('signal engine not built yet');
  },
  parsePuzzle() {
    throw new Error('signal engine not built yet');
  },
  toPublic(puzzle) {
    return puzzle;
  },
  render() {
    return '';
  },
};
