import { z } from '@hono/zod-openapi';
import { engine } from '../engines/pattern/index.js';
import type { KindDescriptor } from './descriptor.js';
import { logEntrySchema } from './log-entry.js';

export const pattern = {
  engine,
  displayName: 'Pattern',
  solution: z.strictObject({
    cells: z.string().regex(/^[01]{25,900}$/, "cells must be 25 to 900 '0'/'1' characters"),
  }),
  solutionFormat: "{cells}: '0'/'1' per cell, row-major, '1' filled",
  logEntry: logEntrySchema(899, 2, [4100, 12, 1]),
  logFormat: '[t, cell row-major, 0 empty | 1 filled | 2 crossed]',
  benchmark: {
    unit: 'puzzle',
    // Cells × seconds per cell: 2.5 s while single lines suffice (read clue, mark filled and empty cells),
    // 4 s once probing is needed (10×10, 15×15, 20×20, 25×25).
    seconds: { easy: 10 * 10 * 2.5, medium: 15 * 15 * 2.5, hard: 20 * 20 * 4, expert: 25 * 25 * 4 },
  },
  // Per filled cell: a drag paints a run in a fraction of a second, so the bound is the reading of the
  // clues, rising once lines no longer suffice on their own.
  floorSecondsPerStep: { easy: 0.15, medium: 0.2, hard: 0.3, expert: 0.35 },
  reveal: false,
} satisfies KindDescriptor;
