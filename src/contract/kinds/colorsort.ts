import { z } from 'zod';

/** Tube indices the shapes accept; the engine checks the puzzle's own tube count. */
export const MAX_TUBE = 31;
/** Far beyond any real game (the hardest levels need about 40 pours). */
const MAX_SUBMITTED_MOVES = 2000;

const Tube = z.number().int().min(0).max(MAX_TUBE);

const ColorSortSolutionSchema = z
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
  });

/**
 * A colour-sort position after a list of moves, with only the colours those moves exposed: the reveal
 * route's answer.
 */
export const ColorSortPositionSchema = z
  .object({
    capacity: z.number().int(),
    tubes: z
      .array(z.array(z.number().int().nullable()))
      .meta({ description: 'Bottom to top; null marks a unit that has never been on top of its tube' }),
    moves: z.number().int(),
    hidden: z.number().int().meta({ description: 'Units still hidden' }),
    sorted: z.boolean(),
    cleared: z
      .boolean()
      .meta({ description: 'Sorted and nothing hidden: a submission of these moves is valid' }),
  })
  .meta({ id: 'ColorSortPosition' });

export type ColorSortPosition = z.infer<typeof ColorSortPositionSchema>;

/**
 * Colour sort on the wire: the tubes players see (hidden units as null), the pours they send, and the
 * position a hint reads.
 */
export const colorsortShapes = {
  name: 'ColorSort',
  levels: ['easy', 'medium', 'hard', 'superhard'] as const,
  logEntry: { maxA: MAX_TUBE, maxB: MAX_TUBE },
  logFormat: "[t, from tube, to tube]: the log's pours are the solution's moves, in order",
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
  solution: ColorSortSolutionSchema,
  /** The position a hint reads is the pours so far, as the reveal route takes them: the tubes follow. */
  position: ColorSortSolutionSchema,
  revealed: ColorSortPositionSchema,
};
