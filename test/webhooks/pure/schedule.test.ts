import { describe, expect, it } from 'vitest';
import {
  failedTooLong,
  nextRetryDelaySeconds,
  RETRY_DELAYS_SECONDS,
  RETRY_WINDOW_MS,
} from '../../../src/webhooks/schedule.js';

const HOUR = 3600_000;

/** The tries' times (ms after the first) when every try fails and each waits as the schedule says. */
function triesOfAFailingDelivery(): number[] {
  const times = [0];
  for (;;) {
    const last = times.at(-1) ?? 0;
    const delay = nextRetryDelaySeconds(times.length, last);
    if (delay === null) return times;
    times.push(last + delay * 1000);
  }
}

describe('the retry schedule', () => {
  it('waits 30 s, 2 min, 10 min, 1 h, 3 h, 6 h, then 12 h', () => {
    expect(RETRY_DELAYS_SECONDS).toEqual([30, 120, 600, 3600, 10800, 21600, 43200]);
    expect(nextRetryDelaySeconds(1, 0)).toBe(30);
    expect(nextRetryDelaySeconds(2, 30_000)).toBe(120);
  });

  it('puts the last try of a failing delivery at 24 hours, never after', () => {
    const times = triesOfAFailingDelivery();
    expect(times.at(-1)).toBe(RETRY_WINDOW_MS);
    expect(times.every((t) => t <= RETRY_WINDOW_MS)).toBe(true);
  });

  it('gives up once 24 hours have passed', () => {
    expect(nextRetryDelaySeconds(3, RETRY_WINDOW_MS)).toBeNull();
    expect(nextRetryDelaySeconds(1, RETRY_WINDOW_MS + 1)).toBeNull();
  });

  it('never asks the queue for more than its 12-hour delay', () => {
    for (let tries = 1; tries < 20; tries++)
      expect(nextRetryDelaySeconds(tries, 0)).toBeLessThanOrEqual(43200);
  });

  it('disables an endpoint failing for 24 hours, not a moment before', () => {
    const since = new Date('2026-12-01T00:00:00Z');
    expect(failedTooLong(since, new Date(since.getTime() + 24 * HOUR - 1))).toBe(false);
    expect(failedTooLong(since, new Date(since.getTime() + 24 * HOUR))).toBe(true);
  });
});
