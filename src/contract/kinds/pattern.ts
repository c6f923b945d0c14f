import { z } from 'zod';

const Runs = z.array(z.array(z.number().int().min(1)));

/**
 * A pattern player's position for a hint (`PatternBoard` in the OpenAPI document, the name it was published
 * under). Its length must be the puzzle's width × height; the hint checks that against the puzzle (`next`
 * throws a PuzzleInputError, which the route answers with a 400), since the schema cannot see it.
 */
export const PatternPositionSchema = z
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

export type PatternPosition = z.infer<typeof PatternPositionSchema>;

/**
 * Pattern (nonogram) on the wire: the run clues players see and the filled cells they send, and the
 * position a hint reads.
 */
export const patternShapes = {
  name: 'Pattern',
  levels: ['easy', 'medium', 'hard', 'expert'] as const,
  logEntry: { maxA: 899, maxB: 2 },
  logFormat: '[t, cell row-major, 0 empty | 1 filled | 2 crossed]',
  publicPuzzle: z
    .strictObject({
      width: z.number().int().min(1),
      height: z.number().int().min(1),
      rows: Runs.meta({ description: 'Run lengths of each row, top to bottom; [] for an empty row' }),
      cols: Runs.meta({ description: 'Run lengths of each column, left to right' }),
    })
    .meta({
      id: 'PatternPublicPuzzle',
      example: {
        width: 10,
        height: 10,
        rows: [[2], [2, 3], [3, 2], [], [], [4], [8], [10], [5, 4], [9]],
        cols: [[3], [4], [1, 4], [1, 4], [2, 4], [1, 3, 1], [5], [1, 5], [3, 1, 3], [3, 3]],
      },
    }),
  solution: z
    .strictObject({
      cells: z.string().regex(/^[01]{25,900}$/, "cells must be 25 to 900 '0'/'1' characters"),
    })
    .meta({
      id: 'PatternSolution',
      description: "{cells}: '0'/'1' per cell, row-major, '1' filled",
      example: {
        cells:
          '0000000011000011011100111000110000000000000000000000000111101111111100111111111111111011110111111111',
      },
    }),
  position: PatternPositionSchema,
};
