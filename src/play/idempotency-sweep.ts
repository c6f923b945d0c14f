import type { Db } from '../db/client.js';
import { keysExpiredBefore, sweepKeys } from '../db/idempotency-keys.js';

/** The daily cron's sweep of idempotency keys past their 24 hours (ignored already; this frees the rows). */
export function sweepIdempotencyKeys(db: Db, now: Date): Promise<number> {
  return sweepKeys(db, keysExpiredBefore(now));
}
