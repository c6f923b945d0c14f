import { z } from 'zod';
import { KINDS, LEVELS } from './kinds/index.js';
import { ReviewNoteSchema, SolveStatusSchema } from './submission.js';

const HistoryEntrySchema = z.object({
  submissionId: z.number().int(),
  date: z.string(),
  kind: z.enum(KINDS),
  level: z.enum(LEVELS),
  valid: z.boolean(),
  verdict: SolveStatusSchema.nullable().meta({
    description: 'For ranked solves; null for wrong attempts and practice',
  }),
  review: ReviewNoteSchema.nullable().meta({ description: 'For a `pending` or `flagged` solve; else null' }),
  practice: z
    .boolean()
    .meta({ description: 'A solve of a date whose ranking had closed, or after hints: it counts nowhere' }),
  hints: z.number().int().meta({ description: 'The hints its session had used when it was submitted' }),
  countedMs: z.number().int().nullable(),
  score: z.number().nullable(),
  rank: z.number().int().nullable().meta({ description: 'Its rank now, for a counted solve' }),
  solvers: z.number().int().nullable(),
  ratingAfter: z.number().int().nullable().meta({ description: "The player's rating of the kind after it" }),
  submittedAt: z.string(),
});

export const HistorySchema = z
  .object({
    entries: z.array(HistoryEntrySchema),
    nextCursor: z.string().nullable().meta({ description: 'Null on the last page' }),
  })
  .meta({ id: 'History' });

export type History = z.infer<typeof HistorySchema>;

export const PlayerStatsSchema = z
  .object({
    days: z.number().int(),
    since: z.string(),
    kinds: z.array(
      z.object({
        kind: z.enum(KINDS),
        levels: z.array(
          z.object({
            level: z.enum(LEVELS),
            solves: z.number().int(),
            bestMs: z.number().int(),
            medianMs: z.number().int(),
            meanScore: z.number(),
          }),
        ),
        ratingHistory: z.array(
          z.object({ date: z.string(), submittedAt: z.string(), rating: z.number().int() }),
        ),
        techniques: z
          .array(z.object({ technique: z.string(), solves: z.number().int(), meanScore: z.number() }))
          .meta({
            description: 'Counted solves of puzzles that needed each technique, and their mean score',
          }),
      }),
    ),
    calendar: z.array(z.string()).meta({ description: 'Dates with a counted solve, oldest first' }),
  })
  .meta({ id: 'PlayerStats' });

export type PlayerStats = z.infer<typeof PlayerStatsSchema>;
