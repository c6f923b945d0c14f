import { z } from 'zod';
import { KINDS } from './kinds/index.js';
import { ReasonSchema } from './moderators.js';

// The puzzles made ahead of their dates, as moderators preview them (never players: a date's puzzles reach
// players once it has begun somewhere on Earth).

export const UpcomingPuzzleSchema = z
  .object({
    id: z.string(),
    date: z.string(),
    kind: z.enum(KINDS),
    level: z.string(),
    attempt: z
      .int()
      .meta({ description: 'Rerolls so far: 0 is the puzzle as the date-derived seed first made it' }),
    engineVersion: z.int(),
    beginsAt: z
      .string()
      .meta({ description: 'When its date begins somewhere (UTC+14): players see it from then' }),
    grade: z.object({
      level: z.string().meta({ description: 'The level the grader places it in' }),
      score: z.number(),
      techniques: z.array(z.string()),
      hardest: z.string(),
      nodes: z.int(),
    }),
    benchmarkSeconds: z.number(),
    meta: z.record(z.string(), z.union([z.number(), z.string(), z.boolean()])),
    rendering: z.string().meta({ description: "The engine's text picture of the puzzle" }),
  })
  .meta({ id: 'UpcomingPuzzle' });
export type UpcomingPuzzle = z.infer<typeof UpcomingPuzzleSchema>;

export const UpcomingSchema = z.object({
  from: z.string().meta({ description: 'The first date not begun anywhere yet' }),
  puzzles: z.array(UpcomingPuzzleSchema),
});
export type Upcoming = z.infer<typeof UpcomingSchema>;

export const RerollRequestSchema = z
  .strictObject({ reason: ReasonSchema })
  .meta({ id: 'RerollRequest', example: { reason: 'Two reports in review said hard felt easy' } });

export const RerolledSchema = z.object({ previousAttempt: z.int(), puzzle: UpcomingPuzzleSchema });
export type Rerolled = z.infer<typeof RerolledSchema>;
