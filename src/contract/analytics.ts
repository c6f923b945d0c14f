import { z } from 'zod';
import { KINDS } from './kinds/index.js';

// The game's numbers for operators (GET /v1/admin/analytics), from the daily aggregates the cron keeps.

export const AnalyticsDaySchema = z.object({
  date: z.string(),
  newPlayers: z.int().meta({ description: 'Players made that day (UTC)' }),
  activePlayers: z.int().meta({ description: "Players with a session of one of the date's puzzles" }),
  returningPlayers: z.int().meta({ description: 'Of those, players made before that day' }),
  sharesMade: z.int().meta({ description: "Share cards made of the date's puzzles" }),
  streak1: z.int().meta({
    description: 'Players whose streak reached the date (a counted solve on it in their calendar) at 1 day',
  }),
  streak2to6: z.int().meta({ description: 'Of those, streaks of 2 to 6 days' }),
  streak7to29: z.int().meta({ description: 'Of those, streaks of 7 to 29 days' }),
  streak30up: z.int().meta({ description: 'Of those, streaks of 30 days or more' }),
});

const BackSchema = z.int().nullable();
const RateSchema = z.number().nullable();

export const RetentionWeekSchema = z.object({
  week: z.string().meta({ description: 'The Monday the week begins (ISO weeks, UTC)' }),
  dates: z.int().meta({ description: "The week's dates in the range with figures (its cohort's days)" }),
  newPlayers: z.int().meta({ description: 'Players made on those dates' }),
  back1: BackSchema.meta({
    description: 'Of them, players who played again 1 day after the day they were made; null until known',
  }),
  back7: BackSchema.meta({ description: 'The same 7 days after' }),
  back30: BackSchema.meta({ description: 'The same 30 days after' }),
  rate1: RateSchema.meta({ description: 'back1 / newPlayers; null when unknown or nobody was new' }),
  rate7: RateSchema,
  rate30: RateSchema,
});

export const AnalyticsPuzzleSchema = z.object({
  date: z.string(),
  kind: z.enum(KINDS),
  level: z.string(),
  started: z.int().meta({ description: 'Players who fetched it with a token' }),
  solved: z.int().meta({ description: 'Counted ranked solves' }),
  completionRate: z.number().nullable().meta({ description: 'solved / started; null when nobody started' }),
  p25Ms: z.int().nullable(),
  medianMs: z.int().nullable(),
  p75Ms: z.int().nullable(),
  benchmarkSeconds: z.number(),
  hints: z.int(),
  pending: z.int(),
  flagged: z.int(),
  voters: z.int(),
  funMean: z.number().nullable(),
  feltEasier: z.int(),
  feltRight: z.int(),
  feltHarder: z.int(),
  computedAt: z.string().meta({ description: 'When the cron last computed the row' }),
});

export const AnalyticsSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    today: z.string().meta({ description: 'The UTC date of the answer' }),
    days: z.array(AnalyticsDaySchema),
    retention: z.array(RetentionWeekSchema).meta({
      description: "Each week's new players who came back 1, 7 and 30 days after their first day",
    }),
    puzzles: z.array(AnalyticsPuzzleSchema),
  })
  .meta({ id: 'Analytics' });
export type Analytics = z.infer<typeof AnalyticsSchema>;
