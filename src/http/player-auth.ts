import type { Context, MiddlewareHandler } from 'hono';
import { type PlayerId, type VerifiedPlayerToken, verifyPlayerToken } from '../auth/player-token.js';
import type { PlayerRow } from '../db/players.js';
import { playerOfToken } from '../db/tokens.js';
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
  const verified = await optionalPlayerToken(c);
  if (!verified) return null;
  const player = await playerOfToken(c.var.services.db, verified.playerId, verified.tokenId);
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
 * The caller's player, banned or not: for the data-rights routes only (export and deletion). A ban takes
 * play away, not a player's right to see and erase what is stored about it.
 */
export async function requirePlayerEvenIfBanned(c: Context<AppEnv>): Promise<PlayerRow & { id: PlayerId }> {
  const verified = await requirePlayerToken(c);
  const player = await playerOfToken(c.var.services.db, verified.playerId, verified.tokenId);
  if (!player) throw invalidPlayerToken();
  return player as PlayerRow & { id: PlayerId };
}

/**
 * The player id of a validly signed bearer token, without reading the player: for a route whose own
 * database read confirms the player exists (and answers 401 when not), saving a round trip.
 */
export async function requirePlayerToken(c: Context<AppEnv>): Promise<VerifiedPlayerToken> {
  const verified = await optionalPlayerToken(c);
  if (!verified) {
    throw new ApiError(401, 'unauthorized', 'This route needs `Authorization: Bearer <player token>`');
  }
  return verified;
}

/**
 * What a validly signed bearer token says, null when none was sent; a bad token is a 401. No database
 * read: the player may no longer exist.
 */
export async function optionalPlayerToken(c: Context<AppEnv>): Promise<VerifiedPlayerToken | null> {
  const known = c.get('playerToken');
  if (known !== undefined) return known;
  const header = c.req.header('Authorization');
  if (header === undefined) return null;
  const token = BEARER.exec(header)?.[1];
  const verified = token ? await verifyPlayerToken(c.var.services.config.tokenSecret, token) : null;
  if (!verified) throw invalidPlayerToken();
  c.set('playerToken', verified);
  return verified;
}

/** Route middleware: a missing or badly signed player token is refused before the body is even validated. */
export const playerTokenRequired: MiddlewareHandler<AppEnv> = async (c, next) => {
  await requirePlayerToken(c);
  await next();
};
