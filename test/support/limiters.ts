import { env } from 'cloudflare:test';
import { memoryLimiter, rateLimitBindings } from '../../src/http/rate-limit.js';

/**
 * The app's bindings with every rate limit counted afresh on `now`: each rule's own numbers and fixed
 * window (src/http/rate-limit.ts), without the local binding's wall-clock minutes, so a test of what the
 * limits count cannot straddle a minute's edge however slow the machine, nor meet another test's counts.
 * The committed bindings' own counting keeps a test of its own (test/hardening/rate-limits.test.ts).
 */
export function limitedOn(now: () => number): Cloudflare.Env {
  const limiters = Object.fromEntries(
    rateLimitBindings().map(({ binding, limit, period }) => [
      binding,
      memoryLimiter(limit, period * 1000, now),
    ]),
  );
  return { ...env, ...limiters };
}
