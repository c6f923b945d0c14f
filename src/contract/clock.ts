import { z } from 'zod';

export const TestClockRequestSchema = z
  .strictObject({
    now: z.iso.datetime({ offset: true }).meta({
      description:
        'The moment the service takes for now, with its zone (`Z` or `±hh:mm`); the clock runs on from it',
    }),
  })
  .meta({ id: 'TestClockRequest', example: { now: '2026-12-02T12:00:00Z' } });

export type TestClockRequest = z.infer<typeof TestClockRequestSchema>;

export const TestClockSchema = z
  .object({
    now: z.string().meta({ description: "The service's now: what every route and the cron go by" }),
    realNow: z.string().meta({ description: 'The real clock' }),
    offsetMs: z.number().int().meta({ description: '`now` minus `realNow`, in ms' }),
    testClock: z
      .boolean()
      .meta({ description: 'Whether a test clock is set (false: now is the real clock)' }),
  })
  .meta({ id: 'TestClock' });

export type TestClock = z.infer<typeof TestClockSchema>;
