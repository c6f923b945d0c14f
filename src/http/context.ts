import type { RequestIdVariables } from 'hono/request-id';
import type { VerifiedPlayerToken } from '../auth/player-token.js';
import type { PlayerRow } from '../db/players.js';
import type { Env } from '../env.js';
import type { Services } from '../services.js';

export interface AppEnv {
  Bindings: Env;
  Variables: RequestIdVariables & {
    services: Services;
    /** Set once the bearer token has been verified and its player read (undefined: not looked at yet; null: none sent). */
    player: PlayerRow | null | undefined;
    /** Set once the bearer token's signature has been verified, before (or instead of) reading its player. */
    playerToken: VerifiedPlayerToken | undefined;
  };
}
