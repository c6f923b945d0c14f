import type { Context } from 'hono';
import type { RequestIdVariables } from 'hono/request-id';
import type { Env } from '../env.js';
import type { Services } from '../services.js';

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
