import { patternShapes } from '../contract/kinds/pattern.js';
import { afterStep, nextHint, startPosition } from '../engines/pattern/hint.js';
import { engine } from '../engines/pattern/index.js';
import type { KindDescriptor } from './descriptor.js';

export const pattern = {
  engine,
  displayName: 'Pattern',
  benchmark: {
    unit: 'puzzle',
    // Cells × seconds per cell: 2.5 s while single lines suffice (read clue, mark filled and empty cells),
    // 4 s once probing is needed (10×10, 15×15, 20×20, 25×25).
    seconds: { easy: 10 * 10 * 2.5, medium: 15 * 15 * 2.5, hard: 20 * 20 * 4, expert: 25 * 25 * 4 },
  },
  // Per filled cell: a drag paints a run in a fraction of a second, so the bound is the reading of the
  // clues, rising once lines no longer suffice on their own.
  floorSecondsPerStep: { easy: 0.15, medium: 0.2, hard: 0.3, expert: 0.35 },
  hint: { position: patternShapes.position, next: nextHint, start: startPosition, follow: afterStep },
} satisfies KindDescriptor<'pattern'>;
