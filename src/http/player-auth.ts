import type { Context, MiddlewareHandler } from 'hono';
import { type PlayerId, verifyPlayerToken } from '../auth/player-token.js';
import { findPlayer, type PlayerRow } from '../db/players.js';
import type { AppEnv } from './context.js';
import { ApiError } from './errors.js';

const BEARER = /^Bearer ([A-Za-z0-9._-]{1,200})$/;

/** The 401 for a token that is not ours, or names no player here. */
export function invalidPlayerToken(): ApiError {
  return new ApiError(401, 'unauthorized', 'The bearer token is not a valid player token');
}

/** The player named by the Authorization header, null when there is none; a bad or unknown token is a 401. */
export async function optionalPlayer(c: Context<AppEnv>): Promise<PlayerRow | null> {
  const known = c.get('player');
  if (known !== undefined) return known;
  const player = await playerFromHeader(c);
  c.set('player', player);
  return player;
}

/** The 403 for the token of a player a moderator banned. */
export function bannedPlayer(): ApiError {
  return new ApiError(403, 'banned', 'This player is banned');
}

async function playerFromHeader(c: Context<AppEnv>): Promise<PlayerRow | null> {
  if (c.req.header('Authorization') === undefined) return null;
  const player = await findPlayer(c.var.services.db, await requirePlayerToken(c));
  if (!player) throw invalidPlayerToken();
  if (player.bannedAt !== null) throw bannedPlayer();
  return player;
}

export async function requirePlayer(c: Context<AppEnv>): Promise<PlayerRow & { id: PlayerId }> {
  const player = await optionalPlayer(c);
  if (!player)
    throw new ApiError(401, 'unauthorized', 'This route needs `Authorization: Bearer <player token>`');
  return player as PlayerRow & { id: PlayerId };
}

/**
 * The player id of a validly signed bearer token, without reading the player: for a route whose own
 * database read confirms the player exists (and answers 401 when not), saving a round trip.
 */
export async function requirePlayerToken(c: Context<AppEnv>): Promise<PlayerId> {
  const known = c.get('tokenPlayerId');
  if (known !== undefined) return known;
  const header = c.req.header('Authorization');
  if (header === undefined) {
    throw new ApiError(401, 'unauthorized', 'This route needs `Authorization: Bearer <player token>`');
  }
  const token = BEARER.exec(header)?.[1];
  const id = token ? await verifyPlayerToken(c.var.services.config.tokenSecret, token) : null;
  if (!id) throw invalidPlayerToken();
  c.set('tokenPlayerId', id);
  return id;
}

/** Route middleware: a missing or badly signed player token is refused before the body is even validated. */
export const playerTokenRequired: MiddlewareHandler<AppEnv> = async (c, next) => {
  await requirePlayerToken(c);
  await next();
};
