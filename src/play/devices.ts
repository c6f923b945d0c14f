import { newTokenId, type PlayerId, playerToken } from '../auth/player-token.js';
import { newShortCode, normalShortCode, shortCodeHash } from '../auth/short-codes.js';
import type { ReadToken } from '../contract/devices.js';
import type { PlayerProfile } from '../contract/player.js';
import { insertLinkCode, redeemLinkCode } from '../db/link-codes.js';
import { findPlayer } from '../db/players.js';
import { deleteDeviceSubscription } from '../db/push-subscriptions.js';
import { insertTokenQuery, revokeToken } from '../db/tokens.js';
import type { Services } from '../services.js';
import { settleOwnLiveSolves } from './own-solve-read.js';
import { playerProfile } from './profile.js';

/** A link code lasts ten minutes: long enough to pick up the other device, too short to be worth guessing. */
export const LINK_CODE_LIFETIME_MS = 10 * 60_000;

/** A single-use code that gives another device a token of this player. */
export async function newLinkCode(
  services: Services,
  playerId: string,
): Promise<{ code: string; expiresAt: string; expiresInSeconds: number }> {
  const code = newShortCode();
  const now = services.now();
  const expiresAt = new Date(now.getTime() + LINK_CODE_LIFETIME_MS).toISOString();
  await insertLinkCode(services.db, {
    codeHash: await shortCodeHash(normalShortCode(code) ?? code),
    playerId,
    createdAt: now.toISOString(),
    expiresAt,
  });
  return { code, expiresAt, expiresInSeconds: LINK_CODE_LIFETIME_MS / 1000 };
}

/** The player and a new token of it for the device that typed the code, or null for a code that does not work. */
/**
 * A linked device's player and token; or one refusal for a code that is mistyped, unknown, used, expired
 * or of a banned player, so that nothing can be learnt about which codes exist.
 */
export type LinkOutcome =
  | { ok: true; player: PlayerProfile; token: string }
  | { ok: false; reason: 'code_does_not_work' };

const CODE_DOES_NOT_WORK = { ok: false, reason: 'code_does_not_work' } as const;

export async function linkDevice(services: Services, typed: string): Promise<LinkOutcome> {
  const normal = normalShortCode(typed);
  if (normal === null) return CODE_DOES_NOT_WORK;
  const tokenId = newTokenId();
  const playerId = await redeemLinkCode(services.db, {
    codeHash: await shortCodeHash(normal),
    at: services.now().toISOString(),
    tokenId,
  });
  const player = playerId ? await findPlayer(services.db, playerId) : undefined;
  if (!player || player.bannedAt !== null) return CODE_DOES_NOT_WORK;
  const token = await playerToken(services.config.tokenSecret, player.id as PlayerId, tokenId);
  // The player is known only once the code is redeemed, so the route cannot declare its own-solve read
  // (src/routes/own-solves.ts): its solves still on their boards are copied here, before its profile.
  await settleOwnLiveSolves(services, player.id);
  return { ok: true, player: await playerProfile(services, player), token };
}

/**
 * A read token of the player: it reads history, stats and boards and writes nothing. Kept as one of the
 * player's tokens, so it is listed and revoked like a device's.
 */
export async function newReadToken(
  services: Services,
  playerId: PlayerId,
  label: string | null,
): Promise<ReadToken> {
  const id = newTokenId();
  const createdAt = services.now().toISOString();
  await insertTokenQuery(services.db, { playerId, id, createdAt, via: 'read', label });
  const token = await playerToken(services.config.tokenSecret, playerId, id, 'read');
  return { id, token, scope: 'read', label, createdAt };
}

export type RevokeOutcome = { ok: true } | { ok: false; reason: 'no_such_token' };

/**
 * Revokes one of the player's tokens (a device signed out), and with it the device's streak reminder: a
 * signed-out browser is not the player's any more.
 */
export async function revokeDevice(
  services: Services,
  playerId: string,
  tokenId: string,
): Promise<RevokeOutcome> {
  const revoked = await revokeToken(services.db, playerId, tokenId, services.now().toISOString());
  if (!revoked) return { ok: false, reason: 'no_such_token' };
  await deleteDeviceSubscription(services.db, playerId, tokenId);
  return { ok: true };
}
