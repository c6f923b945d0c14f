/** A week in milliseconds: no entry of a daily puzzle's log is later than that (nor earlier, negated). */
const MAX_LOG_TIME_MS = 7 * 24 * 3_600_000;

/** What the two numbers after `t` of a kind's log entry `[t, a, b]` may be: whole numbers 0 to these. */
export interface LogEntryBounds {
  maxA: number;
  maxB: number;
}

/** Why a value is not a log entry within its kind's bounds, and which of its three numbers (if one). */
export interface LogEntryProblem {
  index: 0 | 1 | 2 | null;
  message: string;
}

/**
 * Why `entry` is not a log entry `[t, a, b]` within `bounds`, or null when it is one. `t` may be negative: a
 * log that starts before its session is evidence for the judge, not a malformed request. A plain loop: a
 * log holds thousands of entries, and a schema library's per-entry parse cost a millisecond of CPU there.
 */
export function logEntryProblem(bounds: LogEntryBounds, entry: unknown): LogEntryProblem | null {
  if (!Array.isArray(entry) || entry.length !== 3) {
    return { index: null, message: 'must be [t, a, b], three whole numbers' };
  }
  const ranges = [
    [-MAX_LOG_TIME_MS, MAX_LOG_TIME_MS],
    [0, bounds.maxA],
    [0, bounds.maxB],
  ] as const;
  for (const index of [0, 1, 2] as const) {
    const value: unknown = entry[index];
    const [low, high] = ranges[index];
    if (typeof value !== 'number' || !Number.isInteger(value) || value < low || value > high) {
      return { index, message: `must be a whole number from ${low} to ${high}` };
    }
  }
  return null;
}
