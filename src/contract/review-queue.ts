import { z } from 'zod';
import { FlagSchema, SuspectSchema } from './admin.js';
import { HeldTopSchema } from './fair-play-admin.js';

// The review queue (GET /v1/admin/review): everything waiting for a moderator's judgement in one list.

const Places = z
  .number()
  .int()
  .meta({
    description:
      'The public places at stake: the counted solves of its puzzle the solve would go (or stands) ahead ' +
      'of; for a suspect, its counted solve in the window with the most (the queue is sorted by it)',
  });

export const ReviewItemSchema = z
  .discriminatedUnion('type', [
    z.object({
      type: z.literal('solve').meta({ description: 'A held (pending) or flagged solve: approve or void it' }),
      places: Places,
      solve: FlagSchema,
    }),
    z.object({
      type: z.literal('top').meta({
        description: 'A counted row held back from a top 10 (a new player): vouch for the player or void it',
      }),
      places: Places,
      row: HeldTopSchema.shape.rows.element,
    }),
    z.object({
      type: z.literal('suspect').meta({
        description: 'A player fair play lists as a suspect (floor hugs, ramps, early elite): clear or ban',
      }),
      places: Places,
      puzzleId: z.string().nullable().meta({ description: 'The puzzle of its solve with the most places' }),
      suspect: SuspectSchema,
    }),
  ])
  .meta({ id: 'ReviewItem' });
export type ReviewItem = z.infer<typeof ReviewItemSchema>;

export const ReviewQueueSchema = z
  .object({
    items: z.array(ReviewItemSchema),
    heldSolvesTruncated: z.boolean().meta({
      description: 'More held solves wait than the queue shows (GET /v1/admin/flags pages through them all)',
    }),
  })
  .meta({ id: 'ReviewQueue' });
export type ReviewQueue = z.infer<typeof ReviewQueueSchema>;
