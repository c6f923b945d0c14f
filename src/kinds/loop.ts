import { loopShapes } from '../contract/kinds/loop.js';
import { afterStep, nextHint, startPosition } from '../engines/loop/hint.js';
import { engine } from '../engines/loop/index.js';
import type { KindDescriptor } from './descriptor.js';

export const loop = {
  engine,
  displayName: 'Loop',
  benchmark: {
    unit: 'puzzle',
    // Cells × seconds per cell (5×5, 7×7, 10×10, 15×15); a cell has four edges to settle and the harder
    // levels need global reasoning (loop parity, no premature closure).
    seconds: { easy: 5 * 5 * 5, medium: 7 * 7 * 6, hard: 10 * 10 * 9, expert: 15 * 15 * 10 },
  },
  // Per edge of the loop: each is placed by a click after the clues around it are read.
  floorSecondsPerStep: { easy: 0.25, medium: 0.3, hard: 0.4, expert: 0.5 },
  // The grader's next rule application from the player's lines and crosses.
  hint: { position: loopShapes.position, next: nextHint, start: startPosition, follow: afterStep },
} satisfies KindDescriptor<'loop'>;
