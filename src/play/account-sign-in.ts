import type { PlayerId } from '../auth/player-token.js';
import type { PlayerProfile } from '../contract/player.js';

/** Who asks for an account's player: the external id, what vouches for it, and what the caller sent. */
export interface AccountSignIn {
  externalId: string;
  /** `operator:<key name>` or `session:<issuer>`: kept with the account, for the operator's audit. */
  createdBy: string;
  /** Set (or changed) when given. */
  displayName: string | null;
  /** The anonymous player to carry into the account, its token checked by the caller; null for none. */
  anonymous: { id: PlayerId } | null;
}

/**
 * The account's player and a fresh token of it. `created` when this call made the player or made the
 * anonymous one the account's.
 */
export type AccountOutcome =
  | { ok: true; player: PlayerProfile; token: string; created: boolean }
  | {
      ok: false;
      reason: 'banned' | 'already_has_account' | 'account_has_history' | 'account_exists';
    };
