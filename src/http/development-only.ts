import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './context.js';

/**
 * Route middleware, first in the list: outside ENVIRONMENT=development the route answers the app's own 404
 * for an unknown route, before the admin token or the body is looked at, so a deployment does not even
 * show that it exists.
 */
export const developmentOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.var.services.config.development) return c.notFound();
  await next();
};
