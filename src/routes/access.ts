import type { MiddlewareHandler } from 'hono';
import type { VerifiedPlayerToken } from '../auth/player-token.js';
import { adminRequired, ownerRequired } from '../http/admin-auth.js';
import type { AppEnv } from '../http/context.js';
import { IDEMPOTENCY_KEY_PARAMETER, idempotency } from '../http/idempotency.js';
import { operatorRequired } from '../http/operator-auth.js';
import {
  playerEvenIfBanned,
  playerOptional,
  playerRequired,
  readTokenOptional,
  readTokenRequired,
  type TokenVariables,
  tokenOptional,
  tokenOptionalReadAsNone,
  tokenRequired,
} from '../http/player-auth.js';
import { type AddressRule, clientAddress, enforceRateLimit, type Rule } from '../http/rate-limit.js';

/**
 * Who may call a route, declared once: the requirement the OpenAPI document shows (the schemes are
 * registered in src/app.ts) and the route middleware that enforces it, typed with the variables it sets.
 * Spread into `createRoute`: `createRoute({ ...PLAYER, method, path, … })`. A test walks the document and
 * checks every operation against what it answers without a token.
 */
export interface Access<M extends MiddlewareHandler[]> {
  readonly security: Record<string, string[]>[];
  readonly middleware: M;
}

function guard<M extends MiddlewareHandler[]>(
  security: Record<string, string[]>[],
  ...middleware: M
): Access<M> {
  return { security, middleware };
}

/** No token: the route answers everyone alike. */
export const NO_TOKEN = guard([]);

/**
 * The scopes of a player token, as the document names them in a requirement: `full` (what POST /v1/players
 * or a link code gives) may do anything its player may; `read` (POST /v1/players/me/tokens) only reads,
 * and a full token may do whatever a read one may. A level without `READ` in its name needs a full token
 * and answers a read one 403 `insufficient_scope`, so a new route is safe until it says it only reads.
 */
const FULL = { player: ['full'] };
const READ = { player: ['read'] };

/** A full player token, of a player that exists and is not banned: `c.var.player`. */
export const PLAYER = guard([FULL], tokenRequired, playerRequired);

/** Like PLAYER, for a route that only reads: a read token is enough. */
export const PLAYER_READ = guard([READ], readTokenRequired, playerRequired);

/**
 * A validly signed full player token, its player not read (`c.var.playerToken`): for a route whose own
 * database read confirms the player exists (and answers 401 when not), saving a round trip.
 */
export const PLAYER_TOKEN = guard([FULL], tokenRequired);

/** Like PLAYER, a banned player included: the data-rights routes (export and deletion). */
export const PLAYER_EVEN_IF_BANNED = guard([FULL], tokenRequired, playerEvenIfBanned);

/**
 * Anonymous, or with a full player token that adds the caller's own session, rank or view: `c.var.player`
 * is null without one; a token sent must be valid, of a player that is not banned.
 */
export const OPTIONAL_PLAYER = guard([{}, FULL], tokenOptional, playerOptional);

/** Like OPTIONAL_PLAYER, for a route that only reads: a read token adds the caller's own view too. */
export const OPTIONAL_PLAYER_READ = guard([{}, READ], readTokenOptional, playerOptional);

/**
 * Like OPTIONAL_PLAYER, for a read that writes with a player's token (a puzzle's fetch starts the player's
 * clock): a read token is taken as none, so a widget sees what anyone sees and starts nothing.
 */
export const OPTIONAL_PLAYER_READ_AS_ANONYMOUS = guard([{}, FULL], tokenOptionalReadAsNone, playerOptional);

/**
 * A moderator's token or the ADMIN_TOKEN, with the lockout of addresses that guess at them
 * (src/http/admin-auth.ts): `c.var.moderator` is who acts.
 */
export const ADMIN = guard([{ admin: [] }], adminRequired);

/**
 * An owner's token (the ADMIN_TOKEN is the first owner): making moderators, changing lines and settings,
 * rerolling, the clock. A moderator's token is refused with 403. The document names the role as the
 * requirement's scope, as OpenAPI 3.1 allows for bearer schemes.
 */
export const OWNER = guard([{ admin: ['owner'] }], adminRequired, ownerRequired);

/**
 * One of the deployment's operator keys (OPERATOR_KEYS), for a site's server making players of its
 * accounts: `c.var.operatorKey` names the key. Player and admin tokens are refused.
 */
export const OPERATOR = guard([{ operator: [] }], operatorRequired);

/**
 * The access with rate limits counted once the token is verified and before its player is read, so that a
 * burst costs no database work. With a token every rule counts (a player rule the token's player, an
 * address rule the caller's address); without one only the `anonymous` rules do.
 */
export function limitedBy<T extends MiddlewareHandler, P extends MiddlewareHandler>(
  access: Access<[T, P]>,
  rules: readonly Rule[],
  anonymous: readonly AddressRule[] = [],
) {
  const [token, player] = access.middleware;
  return guard(access.security, token, counting(rules, anonymous), player);
}

/**
 * The access of a route that creates something, taking an optional `Idempotency-Key`
 * (src/http/idempotency.ts): keyed per caller, so it runs after the access level has said who calls. The
 * document declares the header on the route.
 */
export function idempotent<M extends MiddlewareHandler[]>(access: Access<M>) {
  return {
    ...guard(access.security, ...access.middleware, idempotency),
    parameters: [IDEMPOTENCY_KEY_PARAMETER],
  };
}

/** The access behind another route middleware (one that answers before the token is looked at). */
export function behind<F extends MiddlewareHandler<AppEnv>, M extends MiddlewareHandler[]>(
  first: F,
  access: Access<M>,
) {
  return guard(access.security, first, ...access.middleware);
}

function counting(
  rules: readonly Rule[],
  anonymous: readonly AddressRule[],
): MiddlewareHandler<{
  Bindings: AppEnv['Bindings'];
  Variables: AppEnv['Variables'] & TokenVariables<VerifiedPlayerToken | null>;
}> {
  return async (c, next) => {
    const token = c.var.playerToken;
    for (const rule of token ? rules : anonymous) {
      if (rule.per === 'address') await enforceRateLimit(c, rule, clientAddress(c));
      else if (token) await enforceRateLimit(c, rule, token.playerId);
    }
    await next();
  };
}
