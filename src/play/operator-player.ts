import { type PlayerId, verifyPlayerToken } from '../auth/player-token.js';
import type { OperatorPlayerRequest } from '../contract/accounts.js';
import { playerOfToken } from '../db/tokens.js';
import type { Services } from '../services.js';
import { signInAccount } from './account-player.js';
import type { AccountOutcome } from './account-sign-in.js';

export type OperatorPlayerOutcome = AccountOutcome | { ok: false; reason: 'invalid_anonymous_token' };

/**
 * PUT /v1/operator/players/{externalId}: the account's player for the operator key named `keyName`, with
 * the anonymous player of `anonymousToken` carried into it when asked.
 */
export async function operatorPlayer(
  services: Services,
  keyName: string,
  externalId: string,
  body: OperatorPlayerRequest,
): Promise<OperatorPlayerOutcome> {
  let anonymous: { id: PlayerId } | null = null;
  if (body.mergeAnonymous === true && body.anonymousToken !== undefined) {
    const verified = await verifyPlayerToken(services.config.tokenSecret, body.anonymousToken);
    const player = verified && (await playerOfToken(services.db, verified.playerId, verified.tokenId));
    if (!verified || !player) return { ok: false, reason: 'invalid_anonymous_token' };
    if (player.bannedAt !== null) return { ok: false, reason: 'banned' };
    anonymous = { id: verified.playerId };
  }
  return signInAccount(services, {
    externalId,
    createdBy: `operator:${keyName}`,
    displayName: body.displayName ?? null,
    anonymous,
  });
}
