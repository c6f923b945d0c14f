import { newTokenId, type PlayerId, playerToken } from '../auth/player-token.js';
import { externalIdOf } from '../db/external-ids.js';
import { attachAccount, hasHistory, playerIdOfAccount } from '../db/player-accounts.js';
import { findPlayer, updatePlayer } from '../db/players.js';
import { log } from '../runtime/log.js';
import type { Services } from '../services.js';
import type { AccountOutcome, AccountSignIn } from './account-sign-in.js';
import { playerProfile } from './profile.js';

/**
 * An anonymous player signing in for the first time becomes the account's player: the external id is
 * attached to it, so its streak, ratings, history, shares, follows and groups are the account's at once,
 * with nothing copied. Its tokens are revoked and a fresh one issued. Refused when the player already has
 * an account (merging twice) or the account already has a player (`account_has_history` when that one has
 * played, else `account_exists`): two players' histories are never merged.
 */
export async function mergeAnonymous(
  services: Services,
  anonymousId: PlayerId,
  request: AccountSignIn,
): Promise<AccountOutcome> {
  const { db } = services;
  if ((await externalIdOf(db, anonymousId)) !== null) return { ok: false, reason: 'already_has_account' };
  const existing = await playerIdOfAccount(db, request.externalId);
  if (existing !== undefined) {
    return { ok: false, reason: (await hasHistory(db, existing)) ? 'account_has_history' : 'account_exists' };
  }
  const tokenId = newTokenId();
  const attached = await attachAccount(db, anonymousId, {
    externalId: request.externalId,
    createdBy: request.createdBy,
    at: services.now().toISOString(),
    tokenId,
  });
  // Lost a race: another call attached the id (or this player) in between.
  if (!attached) return { ok: false, reason: 'account_exists' };
  log('info', 'anonymous player became an account', { playerId: anonymousId, by: request.createdBy });
  const player =
    request.displayName === null
      ? await findPlayer(db, anonymousId)
      : await updatePlayer(db, anonymousId, { displayName: request.displayName });
  if (!player) throw new Error('the merged player is gone');
  const token = await playerToken(services.config.tokenSecret, anonymousId, tokenId);
  return { ok: true, player: await playerProfile(services, player), token, created: true };
}
