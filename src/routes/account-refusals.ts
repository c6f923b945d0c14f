import type { AccountOutcome } from '../play/account-sign-in.js';
import type { Failed, Refusals } from './refusals.js';

/** How both ways to an account's player refuse: the refusals their shared flow answers with. */
export const ACCOUNT_REFUSALS = {
  banned: [403, 'banned', 'This player is banned'],
  already_has_account: [
    409,
    'already_merged',
    'This anonymous player already carried its history into an account: merging happens once',
  ],
  account_has_history: [
    409,
    'account_has_history',
    'The account already has a player that has played: two players’ histories are never merged',
  ],
  account_exists: [
    409,
    'account_exists',
    'The account already has a player: an anonymous player carries its history only into a new account; sign in without mergeAnonymous',
  ],
} as const satisfies Refusals<Failed<AccountOutcome>>;
