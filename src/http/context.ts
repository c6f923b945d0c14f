import type { Context } from 'hono';
import type { RequestIdVariables } from 'hono/request-id';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
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
  /** The caller's token and player are a route's own: its access level's middleware sets and types them. */
  Variables: RequestIdVariables & { services: Services };
}

/**
 * What the request helpers read of a handler's context, whichever variables its route's middleware adds
 * (a `Context` of a wider environment is not a `Context<AppEnv>`: its `set` takes other keys).
 */
export type RequestContext = Pick<Context<AppEnv>, 'env' | 'req' | 'header' | 'var'>;
