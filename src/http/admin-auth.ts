import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './context.js';
import { ApiError } from './errors.js';
import { clientAddress, RATE_LIMITS, tooManyRequests, withinLimit } from './rate-limit.js';

/** How long an address that failed admin authentication too often is kept out of every admin route. */
export const ADMIN_LOCKOUT_SECONDS = 15 * 60;
const MAX_LOCKOUTS = 10_000;

const encoder = new TextEncoder();
/** Address → end of its lockout (ms). Per isolate: the failure count behind it is the shared binding. */
const lockouts = new Map<string, number>();

/** Compares digests, not the strings, so neither the content nor the length of the token leaks through timing. */
async function sameSecret(a: string, b: string): Promise<boolean> {
  const [da, db] = await Promise.all([
    crypto.subtle.digest('SHA-256', encoder.encode(a)),
    crypto.subtle.digest('SHA-256', encoder.encode(b)),
  ]);
  return crypto.subtle.timingSafeEqual(da, db);
}

/** Route middleware: a request without the admin token is refused before its parameters or body are read. */
export const adminRequired: MiddlewareHandler<AppEnv> = async (c, next) => {
  await requireAdmin(c);
  await next();
};

/**
 * Lets the request through with the right admin token. Every failure counts against the caller's address;
 * past the limit, that address is locked out of the admin routes, the right token included, so guessing
 * costs a lockout after a few tries. Successful requests never count.
 */
export async function requireAdmin(c: Context<AppEnv>): Promise<void> {
  const address = clientAddress(c);
  // Real time: a test clock moved forward must not end a lockout, nor one moved back make it last for ever.
  const now = c.var.services.realNow().getTime();
  refuseIfLockedOut(c, address, now);
  const header = c.req.header('Authorization') ?? '';
  const token = header.startsWith('Bearer ') ? header.slice(7) : '';
  if (await sameSecret(token, c.var.services.config.adminToken)) return;
  if (!(await withinLimit(c, RATE_LIMITS.adminFailuresPerIp, address))) {
    if (lockouts.size >= MAX_LOCKOUTS) lockouts.clear();
    lockouts.set(address, now + ADMIN_LOCKOUT_SECONDS * 1000);
    refuseIfLockedOut(c, address, now);
  }
  throw new ApiError(401, 'unauthorized', 'Admin routes need `Authorization: Bearer <ADMIN_TOKEN>`');
}

function refuseIfLockedOut(c: Context<AppEnv>, address: string, now: number): void {
  const until = lockouts.get(address);
  if (until === undefined) return;
  if (now >= until) {
    lockouts.delete(address);
    return;
  }
  throw tooManyRequests(
    c,
    'failed admin authentications from this address: locked out of the admin routes',
    Math.ceil((until - now) / 1000),
  );
}
