import type { MiddlewareHandler } from 'hono';
import { looksLikeModeratorToken, moderatorTokenHash } from '../auth/moderator-token.js';
import { type Moderator, moderatorOfTokenHash, TOKEN_OWNER } from '../db/moderators.js';
import type { AppEnv, RequestContext } from './context.js';
import { ApiError } from './errors.js';
import {
  type ClientAddress,
  clientAddress,
  overAddressLimit,
  RATE_LIMITS,
  tooManyRequests,
} from './rate-limit.js';

/** How long an address that failed admin authentication too often is kept out of every admin route. */
export const ADMIN_LOCKOUT_SECONDS = 15 * 60;
const MAX_LOCKOUTS = 10_000;

const encoder = new TextEncoder();
/**
 * Address or network → end of its lockout (ms). Per isolate: the failure counts behind it are the shared
 * bindings. A network key ends in /24 or /48 and an address key never does, so the two cannot collide.
 */
const lockouts = new Map<string, number>();

/** Compares digests, not the strings, so neither the content nor the length of the token leaks through timing. */
async function sameSecret(a: string, b: string): Promise<boolean> {
  const [da, db] = await Promise.all([
    crypto.subtle.digest('SHA-256', encoder.encode(a)),
    crypto.subtle.digest('SHA-256', encoder.encode(b)),
  ]);
  return crypto.subtle.timingSafeEqual(da, db);
}

/** Who the admin token of a request is: `c.var.moderator`. */
export type ModeratorVariables = { moderator: Moderator };

type WithModerator = {
  Bindings: AppEnv['Bindings'];
  Variables: AppEnv['Variables'] & ModeratorVariables;
};

/**
 * Route middleware: a request without a moderator's token (or the ADMIN_TOKEN) is refused before its
 * parameters or body are read; with one, `c.var.moderator` says who acts.
 */
export const adminRequired: MiddlewareHandler<WithModerator> = async (c, next) => {
  c.set('moderator', await requireAdmin(c));
  await next();
};

/** After `adminRequired`: only an owner passes; a moderator is refused with 403. */
export const ownerRequired: MiddlewareHandler<WithModerator> = async (c, next) => {
  if (c.var.moderator.role !== 'owner') {
    throw new ApiError(403, 'forbidden', 'Only an owner may do this; moderators judge solves and players');
  }
  await next();
};

/**
 * The moderator a request's token names: the ADMIN_TOKEN (the first owner) or a named moderator's token
 * that is not revoked. Every failure counts against the caller's address and its network; past the
 * address's limit that address, and past the network's that whole network, is locked out of the admin
 * routes, the right token included, so guessing costs a lockout after a few tries however many addresses
 * the guesser holds. Successful requests never count.
 */
export async function requireAdmin(c: RequestContext): Promise<Moderator> {
  const from = clientAddress(c);
  // Real time: a test clock moved forward must not end a lockout, nor one moved back make it last for ever.
  const now = c.var.services.realNow().getTime();
  refuseIfLockedOut(c, from, now);
  const header = c.req.header('Authorization') ?? '';
  const token = header.startsWith('Bearer ') ? header.slice(7) : '';
  if (await sameSecret(token, c.var.services.config.adminToken)) return TOKEN_OWNER;
  const named = looksLikeModeratorToken(token)
    ? await moderatorOfTokenHash(c.var.services.db, await moderatorTokenHash(token))
    : undefined;
  if (named) return named;
  const over = await overAddressLimit(c, RATE_LIMITS.adminFailuresPerIp, from);
  if (over !== null) {
    if (lockouts.size >= MAX_LOCKOUTS) lockouts.clear();
    lockouts.set(from[over], now + ADMIN_LOCKOUT_SECONDS * 1000);
    refuseIfLockedOut(c, from, now);
  }
  throw new ApiError(
    401,
    'unauthorized',
    "Admin routes need `Authorization: Bearer <token>`: a moderator's token or the ADMIN_TOKEN",
  );
}

function refuseIfLockedOut(c: RequestContext, from: ClientAddress, now: number): void {
  for (const key of [from.address, from.network]) {
    const until = lockouts.get(key);
    if (until === undefined) continue;
    if (now >= until) {
      lockouts.delete(key);
      continue;
    }
    throw tooManyRequests(
      c,
      `failed admin authentications from this ${key === from.address ? 'address' : 'network'}: locked out of the admin routes`,
      Math.ceil((until - now) / 1000),
    );
  }
}
