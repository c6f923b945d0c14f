import { z } from '@hono/zod-openapi';
import type { Kind } from '../engines/types.js';

/**
 * The shape of each kind's solution JSON (DESIGN.md interchange formats), checked before the engine sees it:
 * a body of the wrong shape is a 400 and changes nothing, while a well-formed wrong answer is judged by the
 * engine and recorded as an attempt. Sizes are the engines' limits; the engine checks the puzzle's own size.
 */
export const SOLUTION_SCHEMAS = {
  sudoku: z.strictObject({ grid: z.string().regex(/^[1-9]{81}$/, 'grid must be 81 digits 1-9') }),
  pattern: z.strictObject({
    cells: z.string().regex(/^[01]{25,900}$/, "cells must be 25 to 900 '0'/'1' characters"),
  }),
  loop: z.strictObject({
    edges: z.string().regex(/^[01]{60,480}$/, "edges must be 60 to 480 '0'/'1' characters"),
  }),
  signal: z.strictObject({ grid: z.string().regex(/^[1-9]{16,81}$/, 'grid must be 16 to 81 digits') }),
  colorsort: z.strictObject({
    moves: z
      .array(z.tuple([z.number().int().min(0).max(31), z.number().int().min(0).max(31)]))
      .max(2000, 'at most 2000 moves'),
  }),
} as const satisfies Record<Kind, z.ZodType>;

/** The first problem with a solution's shape for this kind, or null when it is well-formed. */
export function solutionShapeError(kind: Kind, solution: unknown): string | null {
  const parsed = SOLUTION_SCHEMAS[kind].safeParse(solution);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? `solution.${issue.path.join('.')}: ` : 'solution: ';
  return `${where}${issue?.message ?? 'malformed'}`;
}
