import { z } from 'zod';
import { KINDS } from './kinds/index.js';

// The game's numbers for operators (GET /v1/admin/analytics), from the daily aggregates the cron keeps.

export const AnalyticsDaySchema = z.object({
  date: z.string(),
  newPlayers: z.int().meta({ description: 'Players made that day (UTC)' }),
  activePlayers: z.int().meta({ description: "Players with a session of one of the date's puzzles" }),
  returningPlayers: z.int().meta({ description: 'Of those, players made before that day' }),
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
    puzzles: z.array(AnalyticsPuzzleSchema),
  })
  .meta({ id: 'Analytics' });
export type Analytics = z.infer<typeof AnalyticsSchema>;
