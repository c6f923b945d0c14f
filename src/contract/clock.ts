import { z } from 'zod';

/**
 * The times a test clock may take: four-digit years however far ahead the calendar looks (UTC+14, the cron's
 * days ahead), which an ISO date needs. Later years would make "today" a date the routes cannot spell.
 */
export const TEST_CLOCK_EARLIEST = '2000-01-01T00:00:00.000Z';
export const TEST_CLOCK_LATEST = '9998-12-31T23:59:59.999Z';

export const TestClockRequestSchema = z
  .strictObject({
    now: z.iso
      .datetime({ offset: true })
      .refine(
        (now) =>
          Date.parse(now) >= Date.parse(TEST_CLOCK_EARLIEST) &&
          Date.parse(now) <= Date.parse(TEST_CLOCK_LATEST),
        `must be from ${TEST_CLOCK_EARLIEST} to ${TEST_CLOCK_LATEST}`,
      )
      .meta({
        description:
          'The moment the service takes for now, with its zone (`Z` or `±hh:mm`), from 2000 to 9998; the ' +
          'clock runs on from it',
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
