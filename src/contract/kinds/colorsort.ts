import { z } from 'zod';

/** Tube indices the shapes accept; the engine checks the puzzle's own tube count. */
export const MAX_TUBE = 31;
/** Far beyond any real game (the hardest levels need about 40 pours). */
const MAX_SUBMITTED_MOVES = 2000;

const Tube = z.number().int().min(0).max(MAX_TUBE);

/** Colour sort on the wire: the tubes players see (hidden units as null) and the pours they send. */
export const colorsortShapes = {
  name: 'ColorSort',
  levels: ['easy', 'medium', 'hard', 'superhard'] as const,
  publicPuzzle: z
    .strictObject({
      capacity: z.number().int().min(1).meta({ description: 'Units a tube holds' }),
      tubes: z
        .array(z.array(z.number().int().min(0).nullable()))
        .meta({ description: 'Bottom to top, colours numbered from 0; null marks a hidden unit' }),
    })
    .meta({
      id: 'ColorSortPublicPuzzle',
      example: {
        capacity: 4,
        tubes: [
          [null, null, 3, 1],
          [null, null, 4, 0],
          [null, null, 2, 1],
          [null, null, 1, 4],
          [null, null, 3, 1],
          [],
          [],
        ],
      },
    }),
  solution: z
    .strictObject({
      moves: z
        .array(z.tuple([Tube, Tube]).meta({ minItems: 2, maxItems: 2 }))
        .max(MAX_SUBMITTED_MOVES, `at most ${MAX_SUBMITTED_MOVES} moves`),
    })
    .meta({
      id: 'ColorSortSolution',
      description: '{moves}: the pours [from, to], tubes numbered from 0',
      example: {
        moves: [
          [0, 5],
          [2, 5],
          [4, 5],
        ],
      },
    }),
};
