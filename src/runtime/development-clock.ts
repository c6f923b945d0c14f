import { type Db, databaseOf } from '../db/client.js';
import { testClockOffset } from '../db/test-clock.js';

/**
 * The development test clock as the services read it. It is an offset from the real clock, so once set to X
 * it runs on from X as real time passes (a frozen instant would make every session last 0 ms). It lives in
 * D1, so every isolate and the cron share it; an isolate keeps what it read for a second, and the one that
 * sets the clock (src/play/test-clock.ts) knows the new offset at once. Only development calls any of this:
 * a deployment's clock is the real one and never reads the table. Here, not in play/, because the
 * composition root (src/services.ts) builds every request's and cron run's clock from it.
 */
const KEEP_MS = 1000;

/**
 * Per database binding (a request's session is of one: `databaseOf`): the offset last read (null: no test
 * clock) and when, by the isolate's own clock.
 */
const known = new WeakMap<D1Database, { offsetMs: number | null; readAt: number }>();

/** What this isolate now knows the offset to be: after reading it, setting it or clearing it. */
export function rememberOffset(db: Db, offsetMs: number | null): void {
  known.set(databaseOf(db), { offsetMs, readAt: Date.now() });
}

async function currentOffset(db: Db): Promise<number | null> {
  const kept = known.get(databaseOf(db));
  if (kept && Date.now() - kept.readAt < KEEP_MS) return kept.offsetMs;
  const offsetMs = await testClockOffset(db);
  rememberOffset(db, offsetMs);
  return offsetMs;
}

function shifted(real: () => Date, offsetMs: number): () => Date {
  return () => new Date(real().getTime() + offsetMs);
}

/** The service's clock in development: `real` moved by the test clock when one is set, else `real` itself. */
export async function developmentClock(db: Db, real: () => Date): Promise<() => Date> {
  const offsetMs = await currentOffset(db);
  return offsetMs === null ? real : shifted(real, offsetMs);
}
