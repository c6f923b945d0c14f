import { z } from '@hono/zod-openapi';
import { StreakSchema } from './streak-view.js';

const SolveStatusSchema = z.enum(['clean', 'flagged', 'approved', 'voided']).openapi({
  description:
    '`clean`: ranked publicly at once. `flagged`: under review by a moderator; it counts nowhere (boards, ' +
    'statistics, ratings) until approved. `approved`: ranked after review. `voided`: removed by a moderator.',
});

/** The verdict on a submission, as the API returns it (the single definition of its type). */
export const SubmissionResultSchema = z
  .object({
    valid: z.boolean(),
    reason: z.string().optional().openapi({ example: 'row 3 has two 7s' }),
    repeated: z
      .boolean()
      .openapi({ description: 'This repeats an earlier ranked solve; its result is returned unchanged' }),
    verdict: SolveStatusSchema.optional(),
    practice: z.boolean().optional().openapi({
      description:
        'A solve of a date whose ranking has closed: kept in the history as practice, counted nowhere (no rank, rating or streak)',
    }),
    countedMs: z.number().int().optional().openapi({
      description: "The server's time from the session start, lowered by `elapsedMs` by at most 2 s",
    }),
    capped: z
      .boolean()
      .optional()
      .openapi({ description: 'The client claimed more time than the server saw; the claim was ignored' }),
    score: z
      .number()
      .optional()
      .openapi({ description: '1 / (1 + (t / benchmark)^2): 0.5 at the benchmark' }),
    rating: z
      .object({
        before: z.number().int(),
        after: z.number().int(),
        deviation: z.number().int(),
        provisional: z.boolean().openapi({ description: 'Not yet established in this kind' }),
      })
      .optional()
      .openapi({ description: "The player's rating of the kind around this game (counted solves only)" }),
    rank: z.number().int().optional(),
    solvers: z.number().int().optional(),
    fasterThanPercent: z
      .number()
      .int()
      .optional()
      .openapi({ description: 'Share of the other counted solvers this solve beat ("faster than 83 %")' }),
    streak: StreakSchema,
  })
  .openapi('SubmissionResult');

export type SubmissionResult = z.infer<typeof SubmissionResultSchema>;
