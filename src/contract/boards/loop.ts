import { z } from 'zod';

/** A loop player's board, the hint route's body: what they have drawn and crossed out so far. */
export const LoopBoardSchema = z
  .strictObject({
    edges: z.string().regex(/^[1x.]{60,480}$/, "edges must be 60 to 480 characters, each '1', 'x' or '.'"),
  })
  .meta({
    id: 'LoopBoard',
    description:
      "{edges}: one character per edge in the solution's order (every horizontal edge row-major, then every vertical one): '1' a line, 'x' crossed out, '.' not decided",
    examples: [{ edges: '.'.repeat(60) }, { edges: `11${'.'.repeat(28)}x${'.'.repeat(29)}` }],
  });

export type LoopBoard = z.infer<typeof LoopBoardSchema>;
