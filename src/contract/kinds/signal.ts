import { z } from 'zod';

const Clues = z.array(z.number().int().min(0));

/**
 * A signal player's position for a hint: the heights placed so far (`SignalBoard` in the OpenAPI document,
 * the name it was published under). Its length must be the puzzle's n²; the hint checks that against the
 * puzzle (`next` throws a PuzzleInputError, which the route answers with a 400), since the schema cannot see it.
 */
export const SignalPositionSchema = z
  .strictObject({
    grid: z
      .array(z.number().int().min(0).max(9))
      .min(9)
      .max(81)
      .meta({ description: 'n² heights row-major (as the solution), 0 for an empty cell' }),
  })
  .meta({
    id: 'SignalBoard',
    description: "The player's signal board: heights placed so far, 0 where a cell is still empty",
    examples: [{ grid: [2, 1, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] }],
  });

export type SignalPosition = z.infer<typeof SignalPositionSchema>;

/**
 * Signal (towers) on the wire: the edge clues and givens players see and the heights they send, and the
 * position a hint reads.
 */
export const signalShapes = {
  name: 'Signal',
  levels: ['easy', 'medium', 'hard', 'expert'] as const,
  logEntry: { maxA: 80, maxB: 9 },
  logFormat: '[t, cell row-major, height 1–n or 0 to clear]',
  publicPuzzle: z
    .strictObject({
      n: z.number().int().min(1).meta({ description: 'The board is n × n; heights run from 1 to n' }),
      top: Clues.meta({ description: 'Masts seen from above each column, left to right; 0 for no clue' }),
      bottom: Clues.meta({ description: 'Masts seen from below each column, left to right; 0 for no clue' }),
      left: Clues.meta({ description: 'Masts seen from the left of each row, top to bottom; 0 for no clue' }),
      right: Clues.meta({
        description: 'Masts seen from the right of each row, top to bottom; 0 for no clue',
      }),
      givens: z
        .string()
        .regex(/^[1-9.]+$/)
        .meta({ description: "n² characters row-major: a given height, or '.'" }),
    })
    .meta({
      id: 'SignalPublicPuzzle',
      example: {
        n: 4,
        top: [0, 0, 0, 0],
        bottom: [0, 1, 0, 2],
        left: [0, 4, 0, 0],
        right: [0, 0, 0, 0],
        givens: '2...............',
      },
    }),
  solution: z
    .strictObject({ grid: z.string().regex(/^[1-9]{16,81}$/, 'grid must be 16 to 81 digits') })
    .meta({
      id: 'SignalSolution',
      description: '{grid}: n² heights 1–n, row-major',
      example: { grid: '2143123443213412' },
    }),
  position: SignalPositionSchema,
};
