import { z } from 'zod';
import { KINDS, LEVELS } from './kinds/index.js';

/** A kind as GET /v1/kinds describes it to a front end. */
export const KindInfoSchema = z
  .object({
    kind: z.enum(KINDS).meta({ example: 'sudoku' }),
    displayName: z.string().meta({ example: 'Sudoku' }),
    levels: z.array(z.enum(LEVELS)).meta({ description: 'Easiest first' }),
    engineVersion: z.number().int(),
    logFormat: z.string().meta({ description: 'What the entries `[t, a, b]` of a move log mean' }),
    reveal: z
      .boolean()
      .meta({ description: 'Hidden information is disclosed move by move through the reveal route' }),
    hints: z.boolean().meta({
      description:
        "POST /v1/puzzles/{date}/{kind}/{level}/hint answers the grader's next step from a player's board in the kind's own board format",
    }),
  })
  .meta({ id: 'Kind' });

export const KindListSchema = z.object({ kinds: z.array(KindInfoSchema) }).meta({
  id: 'Kinds',
  example: {
    kinds: [
      {
        kind: 'sudoku',
        displayName: 'Sudoku',
        levels: ['easy', 'medium', 'hard', 'expert'],
        engineVersion: 2,
        logFormat: '[t, cell 0–80 row-major, digit 1–9 or 0 to clear]',
        reveal: false,
        hints: true,
      },
    ],
  },
});

export type KindList = z.infer<typeof KindListSchema>;
