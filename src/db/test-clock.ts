import { eq } from 'drizzle-orm';
import type { Db } from './client.js';
import { testClock } from './schema.js';

const THE_CLOCK = 1;

/** How far the test clock runs from the real one, in ms; null when no test clock is set. */
export async function testClockOffset(db: Db): Promise<number | null> {
  const row = await db
    .select({ offsetMs: testClock.offsetMs })
    .from(testClock)
    .where(eq(testClock.id, THE_CLOCK))
    .get();
  return row?.offsetMs ?? null;
}

export async function saveTestClockOffset(db: Db, offsetMs: number): Promise<void> {
  await db
    .insert(testClock)
    .values({ id: THE_CLOCK, offsetMs })
    .onConflictDoUpdate({ target: testClock.id, set: { offsetMs } });
}

export async function deleteTestClock(db: Db): Promise<void> {
  await db.delete(testClock).where(eq(testClock.id, THE_CLOCK));
}
