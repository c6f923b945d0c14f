/**
 * When a failed delivery is tried again: growing waits, so an endpoint that is down briefly hears soon and one
 * that is down for long is not hammered, for 24 hours from the first try; the last wait is cut so that the
 * last try falls at 24 hours. An endpoint failing for 24 hours on end is disabled.
 */

export const RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Seconds before the second, third, … try; the last repeats (a queue's delay is at most 12 hours). */
export const RETRY_DELAYS_SECONDS = [30, 120, 600, 3600, 3 * 3600, 6 * 3600, 12 * 3600] as const;

/**
 * Seconds to wait before the next try, after `triesMade` tries of a delivery first made `sinceFirstMs` ago;
 * null when its 24 hours are over (give up).
 */
export function nextRetryDelaySeconds(triesMade: number, sinceFirstMs: number): number | null {
  const left = Math.floor((RETRY_WINDOW_MS - sinceFirstMs) / 1000);
  if (left <= 0) return null;
  const index = Math.min(Math.max(triesMade - 1, 0), RETRY_DELAYS_SECONDS.length - 1);
  return Math.min(RETRY_DELAYS_SECONDS[index] ?? 0, left);
}

/** Whether an endpoint failing since `failingSince` has failed for long enough to be disabled at `now`. */
export function failedTooLong(failingSince: Date, now: Date): boolean {
  return now.getTime() - failingSince.getTime() >= RETRY_WINDOW_MS;
}
