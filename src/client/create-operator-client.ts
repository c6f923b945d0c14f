import type { AccountPlayer, OperatorPlayerRequest } from '../contract/accounts.js';
import { type ClientOptions, caller, segment } from './call.js';

/**
 * The operator routes, for a site's own server with an operator key (OPERATOR_KEYS) as its token: never
 * in a browser, where the key would be anyone's.
 */
export interface OperatorClient {
  /**
   * The player of the site's account `externalId` (made the first time, the same after) and a fresh player
   * token for it; `displayName` sets its name; `mergeAnonymous` with `anonymousToken` carries an anonymous
   * player into a new account, once.
   */
  putPlayer(externalId: string, body?: OperatorPlayerRequest): Promise<AccountPlayer>;
}

export function createOperatorClient(baseUrl: string, options: ClientOptions = {}): OperatorClient {
  const call = caller(baseUrl, options);
  return {
    putPlayer: (externalId, body = {}) =>
      call<AccountPlayer>(`/v1/operator/players/${segment(externalId)}`, { method: 'PUT', body }),
  };
}
