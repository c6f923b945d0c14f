import type { MiddlewareHandler } from 'hono';
import {
  type PlayerId,
  type TokenScope,
  type VerifiedPlayerToken,
  verifyPlayerToken,
} from '../auth/player-token.js';
import type { PlayerRow } from '../db/players.js';
import { playerOfToken } from '../db/tokens.js';
import type { AppEnv, RequestContext } from './context.js';
import { ApiError } from './errors.js';

/** A player read through its bearer token. */
export type Player = PlayerRow & { id: PlayerId };

/** The variables a middleware of this file sets, over the app's own. */
type With<V> = { Bindings: AppEnv['Bindings']; Variables: AppEnv['Variables'] & V };

/** What a validly signed bearer token says (null on a route where none is required and none was sent). */
export type TokenVariables<T extends VerifiedPlayerToken | null> = { playerToken: T };

/** The caller's player (null on a route where none is required and none was sent). */
export type PlayerVariables<P extends Player | null> = { player: P };

const BEARER = /^Bearer ([A-Za-z0-9._-]{1,200})$/;

/** A token that is not ours or names no player here, and the token of a player a moderator banned. */
export const TOKEN_REFUSALS = {
  invalid: [401, 'unauthorized', 'The bearer token is not a valid player token'],
  banned: [403, 'banned', 'This player is banned'],
} as const;

function invalidPlayerToken(): ApiError {
  return new ApiError(...TOKEN_REFUSALS.invalid);
}

function bannedPlayer(): ApiError {
  return new ApiError(...TOKEN_REFUSALS.banned);
}

/** A read token (POST /v1/players/me/tokens) on a route that writes. */
export const SCOPE_REFUSAL = [
  403,
  'insufficient_scope',
  'This token may only read (history, stats, boards): use the player’s full token',
] as const;

function missingPlayerToken(): ApiError {
  return new ApiError(401, 'unauthorized', 'This route needs `Authorization: Bearer <player token>`');
}

/**
 * What a validly signed bearer token says, null when none was sent; a bad token is a 401. No database
 * read: the player may no longer exist.
 */
async function tokenOf(c: RequestContext): Promise<VerifiedPlayerToken | null> {
  const header = c.req.header('Authorization');
  if (header === undefined) return null;
  const token = BEARER.exec(header)?.[1];
  const verified = token ? await verifyPlayerToken(c.var.services.config.tokenSecret, token) : null;
  if (!verified) throw invalidPlayerToken();
  return verified;
}

/** The player a verified token names, banned or not; a token whose player is gone is a 401. */
async function playerOf(c: RequestContext, token: VerifiedPlayerToken): Promise<Player> {
  const player = await playerOfToken(c.var.services.db, token.playerId, token.tokenId);
  if (!player) throw invalidPlayerToken();
  return player as Player;
}

/** `token` if its scope allows what the route does: a read token on a route that needs a full one is a 403. */
function allowed(token: VerifiedPlayerToken, needs: TokenScope): VerifiedPlayerToken {
  if (needs === 'full' && token.scope !== 'full') throw new ApiError(...SCOPE_REFUSAL);
  return token;
}

function required(needs: TokenScope): MiddlewareHandler<With<TokenVariables<VerifiedPlayerToken>>> {
  return async (c, next) => {
    const token = await tokenOf(c);
    if (!token) throw missingPlayerToken();
    c.set('playerToken', allowed(token, needs));
    await next();
  };
}

function optional(needs: TokenScope): MiddlewareHandler<With<TokenVariables<VerifiedPlayerToken | null>>> {
  return async (c, next) => {
    const token = await tokenOf(c);
    c.set('playerToken', token && allowed(token, needs));
    await next();
  };
}

/**
 * A full player token is required: missing or badly signed, the request is refused before anything else is
 * read; a read token is a 403 `insufficient_scope`.
 */
export const tokenRequired = required('full');

/** A player token of either scope is required: for the routes that only read. */
export const readTokenRequired = required('read');

/** A full player token may be sent; when one is, it must be valid (a read token is a 403). */
export const tokenOptional = optional('full');

/** A player token of either scope may be sent; when one is, it must be valid. */
export const readTokenOptional = optional('read');

/**
 * A full player token may be sent; a read token counts as none. For a read that writes when a player
 * makes it (fetching a puzzle starts the player's clock): a widget's read token sees what anyone sees.
 */
export const tokenOptionalReadAsNone: MiddlewareHandler<
  With<TokenVariables<VerifiedPlayerToken | null>>
> = async (c, next) => {
  const token = await tokenOf(c);
  c.set('playerToken', token?.scope === 'full' ? token : null);
  await next();
};

/** After `tokenRequired`: the token's player, refused when it no longer exists or is banned. */
export const playerRequired: MiddlewareHandler<
  With<TokenVariables<VerifiedPlayerToken> & PlayerVariables<Player>>
> = async (c, next) => {
  const player = await playerOf(c, c.var.playerToken);
  if (player.bannedAt !== null) throw bannedPlayer();
  c.set('player', player);
  await next();
};

/**
 * After `tokenRequired`: the token's player, banned or not. For the data-rights routes only (export and
 * deletion): a ban takes play away, not a player's right to see and erase what is stored about it.
 */
export const playerEvenIfBanned: MiddlewareHandler<
  With<TokenVariables<VerifiedPlayerToken> & PlayerVariables<Player>>
> = async (c, next) => {
  c.set('player', await playerOf(c, c.var.playerToken));
  await next();
};

/** After `tokenOptional`: the token's player when one was sent, refused like `playerRequired`'s. */
export const playerOptional: MiddlewareHandler<
  With<TokenVariables<VerifiedPlayerToken | null> & PlayerVariables<Player | null>>
> = async (c, next) => {
  const token = c.var.playerToken;
  const player = token ? await playerOf(c, token) : null;
  if (player && player.bannedAt !== null) throw bannedPlayer();
  c.set('player', player);
  await next();
};
