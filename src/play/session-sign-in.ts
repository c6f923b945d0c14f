import { verifyIdToken } from '../auth/id-token.js';
import type { PlayerId } from '../auth/player-token.js';
import type { Services } from '../services.js';
import { signInAccount } from './account-player.js';
import type { AccountOutcome } from './account-sign-in.js';

export type SessionOutcome =
  | AccountOutcome
  | { ok: false; reason: 'not_configured' | 'anonymous_token_required' }
  | { ok: false; reason: 'keys_unavailable' }
  | { ok: false; reason: 'invalid_id_token'; check: string };

/**
 * POST /v1/players/session: the player of the account an id token names (its `sub`), once the token is
 * verified; `anonymous` is the request's own player, carried into the account when `mergeAnonymous`.
 */
export async function sessionSignIn(
  services: Services,
  request: { idToken: string; mergeAnonymous: boolean; anonymous: { id: PlayerId } | null },
): Promise<SessionOutcome> {
  const settings = services.config.idTokens;
  if (settings === null) return { ok: false, reason: 'not_configured' };
  if (request.mergeAnonymous && request.anonymous === null) {
    return { ok: false, reason: 'anonymous_token_required' };
  }
  // The real clock: a development test clock moved forward must not expire every token.
  const verified = await verifyIdToken(settings, request.idToken, services.realNow());
  if (!verified.ok) {
    return verified.reason === 'invalid'
      ? { ok: false, reason: 'invalid_id_token', check: verified.check }
      : { ok: false, reason: 'keys_unavailable' };
  }
  return signInAccount(services, {
    externalId: verified.subject,
    createdBy: `session:${settings.issuer}`,
    displayName: null,
    anonymous: request.mergeAnonymous ? request.anonymous : null,
  });
}
