/**
 * The fixture kind's wire format, as src/contract/kinds/<kind>.ts writes one. Its schemas carry no OpenAPI
 * id: the fixture is never in the service's document, and an id would register it for every schema
 * document made in the same runtime.
 */
import { z } from 'zod';
import type { KindShapes } from '../../../src/contract/kinds/index.js';

export const latinShapes = {
  name: 'Latin',
  levels: ['easy', 'hard'] as const,
  logEntry: { maxA: 15, maxB: 4 },
  logFormat: '[t, cell 0–15 row-major, digit 1–4 or 0 to clear]',
  publicPuzzle: z.strictObject({ givens: z.string().regex(/^[1-4.]{16}$/) }),
  solution: z.strictObject({ grid: z.string().regex(/^[1-4]{16}$/, 'grid must be 16 digits 1-4') }),
  position: z.strictObject({ grid: z.string().regex(/^[1-4.]{16}$/, "grid must be 16 of 1-4 or '.'") }),
} satisfies KindShapes;
