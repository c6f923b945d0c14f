import { z } from 'zod';
import type { LogEntry } from '../engines/types.js';

/** A week in milliseconds: no entry of a daily puzzle's log is later than that (nor earlier, negated). */
const MAX_LOG_TIME_MS = 7 * 24 * 3_600_000;

/**
 * A log entry `[t, a, b]` with `a` in 0..maxA and `b` in 0..maxB. `t` may be negative here: a log that
 * starts before its session is evidence for the judge, not a malformed request.
 */
export function logEntrySchema(maxA: number, maxB: number, example: LogEntry): z.ZodType<LogEntry> {
  return z
    .tuple([
      z.number().int().min(-MAX_LOG_TIME_MS).max(MAX_LOG_TIME_MS),
      z.number().int().min(0).max(maxA),
      z.number().int().min(0).max(maxB),
    ])
    .meta({ example: [...example] });
}
