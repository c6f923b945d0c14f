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
  })
  .meta({ id: 'Kind' });

export const KindListSchema = z.object({ kinds: z.array(KindInfoSchema) }).meta({ id: 'Kinds' });

export type KindList = z.infer<typeof KindListSchema>;
