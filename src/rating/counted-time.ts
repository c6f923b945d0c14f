/**
 * The time a submission counts with: the span the server saw, from the first time the player fetched the
 * puzzle (the session's start, kept in the database) to the submission's arrival. The server's span also
 * holds both network legs and the page's own start-up, which the client's clock does not, so the client's
 * `elapsedMs` may lower it, but only by this small allowance: a claim cannot make a solve faster than the
 * server saw it, and a longer claim than the server saw changes nothing.
 */

/** Two network legs and a page's start-up on a slow phone connection fit in two seconds. */
export const NETWORK_ALLOWANCE_MS = 2000;

export interface CountedTime {
  countedMs: number;
  /** True when the client claimed more than the server saw (the claim is ignored then). */
  capped: boolean;
}

/**
 * `serverMs` = arrival − session start on the server (a small negative value from clock disagreement
 * between data centres counts as 0); `clientMs` the client's claim, when it sent one.
 */
export function countedTime(serverMs: number, clientMs?: number): CountedTime {
  if (!Number.isFinite(serverMs))
    throw new RangeError(`server time must be a finite number of ms, got ${serverMs}`);
  if (clientMs !== undefined && !(Number.isFinite(clientMs) && clientMs >= 0)) {
    throw new RangeError(`client time must be a non-negative number of ms, got ${clientMs}`);
  }
  const server = Math.max(0, Math.round(serverMs));
  if (clientMs === undefined) return { countedMs: server, capped: false };
  const lowest = Math.max(0, server - NETWORK_ALLOWANCE_MS);
  const claimed = Math.round(clientMs);
  return { countedMs: Math.min(server, Math.max(lowest, claimed)), capped: claimed > server };
}
