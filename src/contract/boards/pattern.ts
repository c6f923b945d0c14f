import { z } from 'zod';

/**
 * A pattern player's board for a hint. Its length must be the puzzle's width × height; the hint checks
 * that against the puzzle (`next` throws a PuzzleInputError, which the route answers with a 400), since the schema cannot see it.
 */
export const PatternBoardSchema = z
  .strictObject({
    cells: z
      .string()
      .regex(/^[01.]{25,900}$/, "cells must be 25 to 900 characters of '1', '0' or '.'")
      .meta({ description: "Row-major: '1' filled, '0' marked empty, '.' not yet decided" }),
  })
  .meta({
    id: 'PatternBoard',
    description: "The player's pattern board: filled cells, cells marked empty, and cells still open",
    examples: [{ cells: `11100${'.'.repeat(20)}` }],
  });

export type PatternBoard = z.infer<typeof PatternBoardSchema>;
