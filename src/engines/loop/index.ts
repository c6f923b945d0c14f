import type { PuzzleEngine } from '../types.js';

// Placeholder until the loop engine lands; replaced by its helper.
export const engine: PuzzleEngine<unknown, unknown> = {
  kind: 'loop',
  version: 0,
  levels: [],
  generate() {
    throw new Error('loop engine not built yet');
  },
  solve() {
    throw new Error('loop engine not built yet');
  },
  check() {
    return { ok: false, reason: 'loop engine not built yet' };
  },
  grade() {
    throw new Error('loop engine not built yet');
  },
  parsePuzzle() {
    throw new Error('loop engine not built yet');
  },
  toPublic(puzzle) {
    return puzzle;
  },
  render() {
    return '';
  },
};
