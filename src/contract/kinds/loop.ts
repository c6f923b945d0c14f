import { z } from 'zod';

/**
 * A loop player's position, the hint route's body: what they have drawn and crossed out so far (`LoopBoard`
 * in the OpenAPI document, the name it was published under).
 */
export const LoopPositionSchema = z
  .strictObject({
    edges: z.string().regex(/^[1x.]{60,480}$/, "edges must be 60 to 480 characters, each '1', 'x' or '.'"),
  })
  .meta({
    id: 'LoopBoard',
    description:
      "{edges}: one character per edge in the solution's order (every horizontal edge row-major, then every vertical one): '1' a line, 'x' crossed out, '.' not decided",
    examples: [{ edges: '.'.repeat(60) }, { edges: `11${'.'.repeat(28)}x${'.'.repeat(29)}` }],
  });

export type LoopPosition = z.infer<typeof LoopPositionSchema>;

/**
 * Loop (slitherlink) on the wire: the clues players see and the edges of the loop they send, and the
 * position a hint reads.
 */
export const loopShapes = {
  name: 'Loop',
  levels: ['easy', 'medium', 'hard', 'expert'] as const,
  logEntry: { maxA: 479, maxB: 2 },
  logFormat:
    "[t, edge index in the solution's order (every horizontal edge row-major, then every vertical one), 0 unknown | 1 line | 2 cross]",
  publicPuzzle: z
    .strictObject({
      width: z.number().int().min(1),
      height: z.number().int().min(1),
      clues: z
        .string()
        .regex(/^[0-3.]+$/)
        .meta({
          description:
            "width × height characters row-major: the edges of the loop around the cell (0–3), or '.'",
        }),
    })
    .meta({ id: 'LoopPublicPuzzle', example: { width: 5, height: 5, clues: '.1...3.2..2.21..300......' } }),
  solution: z
    .strictObject({
      edges: z.string().regex(/^[01]{60,480}$/, "edges must be 60 to 480 '0'/'1' characters"),
    })
    .meta({
      id: 'LoopSolution',
      description: "{edges}: '0'/'1' per edge, every horizontal edge row-major, then every vertical one",
      example: { edges: '111111001010100010010100011000100001010111101011110000101000' },
    }),
  position: LoopPositionSchema,
};
