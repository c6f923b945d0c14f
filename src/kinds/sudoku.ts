import { sudokuShapes } from '../contract/kinds/sudoku.js';
import { afterStep, nextHint, startPosition } from '../engines/sudoku/hint.js';
import { engine } from '../engines/sudoku/index.js';
import type { KindDescriptor } from './descriptor.js';

export const sudoku = {
  engine,
  displayName: 'Sudoku',
  benchmark: {
    unit: 'puzzle',
    // Empty cells (about 46 easy to 58 expert) × seconds per cell: singles need a scan, subsets need pencil
    // marks, fish and chains need them checked repeatedly. About 5, 10, 19 and 29 minutes.
    seconds: { easy: 46 * 6, medium: 52 * 12, hard: 56 * 20, expert: 58 * 30 },
  },
  // Per blank cell. The fastest recorded classic solve is about 1 s per blank, on a competition puzzle;
  // harder levels need pencil marks and longer chains, which no one enters at that speed.
  floorSecondsPerStep: { easy: 0.5, medium: 0.7, hard: 1.0, expert: 1.4 },
  hint: { position: sudokuShapes.position, next: nextHint, start: startPosition, follow: afterStep },
} satisfies KindDescriptor<'sudoku'>;
