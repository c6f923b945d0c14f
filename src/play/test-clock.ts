import type { TestClock } from '../contract/clock.js';
import type { Db } from '../db/client.js';
import { deleteTestClock, saveTestClockOffset, testClockOffset } from '../db/test-clock.js';
import { rememberOffset } from '../runtime/development-clock.js';

/**
 * Reading, setting and clearing the development test clock (PUT/GET/DELETE /v1/admin/clock). The services
 * read it through src/runtime/development-clock.ts, which this keeps up to date in its own isolate.
 */

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
  rememberOffset(db, offsetMs);
  return view(real(), offsetMs);
}

/** Makes `now` the service's now, running on from there with the real clock. */
export async function setTestClock(db: Db, real: () => Date, now: Date): Promise<TestClock> {
  const realNow = real();
  const offsetMs = now.getTime() - realNow.getTime();
  await saveTestClockOffset(db, offsetMs);
  rememberOffset(db, offsetMs);
  return view(realNow, offsetMs);
}

/** Back to the real clock. */
export async function clearTestClock(db: Db, real: () => Date): Promise<TestClock> {
  await deleteTestClock(db);
  rememberOffset(db, null);
  return view(real(), null);
}
