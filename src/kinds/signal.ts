import { signalShapes } from '../contract/kinds/signal.js';
import { afterStep, nextHint, startPosition } from '../engines/signal/hint.js';
import { engine } from '../engines/signal/index.js';
import type { KindDescriptor } from './descriptor.js';

export const signal = {
  engine,
  displayName: 'Signal',
  benchmark: {
    unit: 'puzzle',
    // Cells × seconds per cell (4×4 to 7×7): visibility clues interact with the Latin constraint, and the
    // number of candidate heights per cell grows with n, so the rate grows faster than with the other kinds.
    seconds: { easy: 4 * 4 * 6, medium: 5 * 5 * 10, hard: 6 * 6 * 15, expert: 7 * 7 * 20 },
  },
  // Per empty cell, as for sudoku (each height is deduced from clues and the Latin rule); larger boards
  // need longer chains of visibility arguments.
  floorSecondsPerStep: { easy: 0.5, medium: 0.7, hard: 1.0, expert: 1.3 },
  hint: { position: signalShapes.position, next: nextHint, start: startPosition, follow: afterStep },
} satisfies KindDescriptor<'signal'>;
