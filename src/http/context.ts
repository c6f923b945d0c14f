import type { RequestIdVariables } from 'hono/request-id';
import type { VerifiedPlayerToken } from '../auth/player-token.js';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { PlayerRow } from '../db/players.js';
import type { Env } from '../env.js';

/** What every handler gets: parsed config, the database and the clocks (injectable for tests). */
export interface Services {
  config: Config;
  db: Db;
  /** The service's now: in development the test clock of PUT /v1/admin/clock when one is set. */
  now: () => Date;
  /** The real clock, whatever the test clock says: for the windows that protect the service. */
  realNow: () => Date;
}

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
