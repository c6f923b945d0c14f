import { z } from 'zod';

/**
 * A signal player's board for a hint: the heights placed so far. Its length must be the puzzle's n²;
 * the hint checks that against the puzzle (`next` throws a PuzzleInputError, which the route answers with a 400), since the schema cannot see it.
 */
export const SignalBoardSchema = z
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

export type SignalBoard = z.infer<typeof SignalBoardSchema>;
