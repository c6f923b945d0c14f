import { newPlayerId, newTokenId, type PlayerId, playerToken } from '../auth/player-token.js';
import { accountPlayer } from '../db/player-accounts.js';
import { updatePlayer } from '../db/players.js';
import { log } from '../runtime/log.js';
import type { Services } from '../services.js';
import type { AccountOutcome, AccountSignIn } from './account-sign-in.js';
import { mergeAnonymous } from './merge-anonymous.js';
import { settleOwnLiveSolves } from './own-solve-read.js';
import { playerProfile } from './profile.js';

/**
 * The player of a site's account: made the first time its external id is seen (or, with `anonymous`, the
 * anonymous player becomes it), the same one every time after.
 */
export async function signInAccount(services: Services, request: AccountSignIn): Promise<AccountOutcome> {
  if (request.anonymous !== null) return mergeAnonymous(services, request.anonymous.id, request);
  const at = services.now().toISOString();
  const tokenId = newTokenId();
  const { player, created } = await accountPlayer(services.db, {
    externalId: request.externalId,
    createdBy: request.createdBy,
    at,
    tokenId,
    newPlayerId: newPlayerId(),
    displayName: request.displayName,
  });
  if (player.bannedAt !== null) return { ok: false, reason: 'banned' };
  if (created) log('info', 'account player made', { playerId: player.id, by: request.createdBy });
  const named =
    !created && request.displayName !== null && request.displayName !== player.displayName
      ? ((await updatePlayer(services.db, player.id, { displayName: request.displayName })) ?? player)
      : player;
  // The player is known only now, so the route cannot declare its own-solve read (src/routes/own-solves.ts).
  if (!created) await settleOwnLiveSolves(services, player.id);
  const token = await playerToken(services.config.tokenSecret, player.id as PlayerId, tokenId);
  return { ok: true, player: await playerProfile(services, named), token, created };
}
