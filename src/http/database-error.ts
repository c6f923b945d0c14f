import { DrizzleQueryError } from 'drizzle-orm/errors';

/**
 * Whether an error came from the database (D1 rejecting, timing out or being overloaded) rather than from
 * our code: such faults are transient from the client's point of view, so they become a 503 to retry.
 */
export function isDatabaseError(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if (e instanceof DrizzleQueryError) return true;
    if (/^D1_|SQLITE_/.test(e.message)) return true;
  }
  return false;
}
