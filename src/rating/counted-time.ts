/**
 * The time a submission counts with: the client's own measurement, but never more than the server saw
 * between issuing the start token and receiving the submission (plus an allowance). An inflated claim only
 * lowers its own score, but it would skew what others see and what calibration learns from: time
 * histograms, medians, and through them the benchmarks. A claim shorter than the truth cannot be detected
 * here; the time floor (time-floor.ts) rejects the impossible ones.
 */

/**
 * The server's window contains the client's (it also spans both network legs), so an honest client stays
 * inside it. The allowance covers what the server cannot see: a client that starts its clock when it sends
 * the request rather than when the token arrives, client clocks running slightly fast, and the start and
 * the submission being timed by different data centres' clocks.
 */
export const SERVER_ALLOWANCE_MS = 2000;

export interface CountedTime {
  countedMs: number;
  /** True when the client's claim exceeded the server's window and was cut down to it. */
  capped: boolean;
}

/**
 * `clientElapsedMs` as submitted, `serverElapsedMs` = submission time − start-token time on the server
 * (a small negative value from clock disagreement between data centres counts as 0).
 */
export function countedTime(clientElapsedMs: number, serverElapsedMs: number): CountedTime {
  if (!(Number.isFinite(clientElapsedMs) && clientElapsedMs >= 0)) {
    throw new RangeError(`client elapsed time must be a non-negative number of ms, got ${clientElapsedMs}`);
  }
  if (!Number.isFinite(serverElapsedMs)) {
    throw new RangeError(`server elapsed time must be a finite number of ms, got ${serverElapsedMs}`);
  }
  const limit = Math.max(0, serverElapsedMs) + SERVER_ALLOWANCE_MS;
  return clientElapsedMs > limit
    ? { countedMs: limit, capped: true }
    : { countedMs: clientElapsedMs, capped: false };
}
