import type { RequestIdVariables } from 'hono/request-id';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { PlayerRow } from '../db/players.js';
import type { Env } from '../env.js';

/** What every handler gets: parsed config, the database and the clock (injectable for tests). */
export interface Services {
  config: Config;
  db: Db;
  now: () => Date;
}

export interface AppEnv {
  Bindings: Env;
  /** `player` is set once the bearer token has been verified (undefined: not looked at yet; null: none sent). */
  Variables: RequestIdVariables & { services: Services; player: PlayerRow | null | undefined };
}
