import type { TestClock } from '../contract/clock.js';
import { type Db, databaseOf } from '../db/client.js';
import { deleteTestClock, saveTestClockOffset, testClockOffset } from '../db/test-clock.js';

/**
 * The development test clock. It is an offset from the real clock, so once set to X it runs on from X as
 * real time passes (a frozen instant would make every session last 0 ms). It lives in D1, so every isolate
 * and the cron share it; an isolate keeps what it read for a second, and the one that sets the clock knows
 * the new offset at once. Only development calls any of this: a deployment's clock is the real one and
 * never reads the table.
 */
const KEEP_MS = 1000;

/**
 * Per database binding (a request's session is of one: `databaseOf`): the offset last read (null: no test
 * clock) and when, by the isolate's own clock.
 */
const known = new WeakMap<D1Database, { offsetMs: number | null; readAt: number }>();

function remember(db: Db, offsetMs: number | null): void {
  known.set(databaseOf(db), { offsetMs, readAt: Date.now() });
}

async function currentOffset(db: Db): Promise<number | null> {
  const kept = known.get(databaseOf(db));
  if (kept && Date.now() - kept.readAt < KEEP_MS) return kept.offsetMs;
  const offsetMs = await testClockOffset(db);
  remember(db, offsetMs);
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

function view(real: Date, offsetMs: number | null): TestClock {
  return {
    now: new Date(real.getTime() + (offsetMs ?? 0)).toISOString(),
    realNow: real.toISOString(),
    offsetMs: offsetMs ?? 0,
    testClock: offsetMs !== null,
  };
}

/** The clock as stored now (not as this isolate last read it). */
export async function readTestClock(db: Db, real: () => Date): Promise<TestClock> {
  const offsetMs = await testClockOffset(db);
  remember(db, offsetMs);
  return view(real(), offsetMs);
}

/** Makes `now` the service's now, running on from there with the real clock. */
export async function setTestClock(db: Db, real: () => Date, now: Date): Promise<TestClock> {
  const realNow = real();
  const offsetMs = now.getTime() - realNow.getTime();
  await saveTestClockOffset(db, offsetMs);
  remember(db, offsetMs);
  return view(realNow, offsetMs);
}

/** Back to the real clock. */
export async function clearTestClock(db: Db, real: () => Date): Promise<TestClock> {
  await deleteTestClock(db);
  remember(db, null);
  return view(real(), null);
}
