import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import type { AppEnv } from './context.js';

/** Every method the API's routes answer (a test checks this against the OpenAPI document). */
const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** One middleware per allow-list, built once: the list rarely changes within an isolate. */
const byAllowList = new Map<string, MiddlewareHandler>();

function corsFor(allowList: string): MiddlewareHandler {
  let middleware = byAllowList.get(allowList);
  if (!middleware) {
    const allowed = allowList
      .split(',')
      .map((o) => o.trim())
      .filter((o) => o !== '');
    middleware = cors({
      origin: (origin) => (allowed.includes('*') ? '*' : allowed.includes(origin) ? origin : null),
      allowMethods: ALLOWED_METHODS,
      allowHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'If-None-Match', 'X-D1-Bookmark'],
      exposeHeaders: ['X-Request-Id', 'Retry-After', 'ETag', 'X-D1-Bookmark', 'Idempotent-Replayed'],
      maxAge: 86_400,
    });
    byAllowList.set(allowList, middleware);
  }
  return middleware;
}

/**
 * CORS from the `CORS_ORIGINS` allow-list (comma-separated origins, or `*`). Unset means no cross-origin
 * access: a site that embeds the API must name itself. Then no response differs by Origin either, so none
 * carries CORS headers or `Vary: Origin` (each header costs every response, cached reads included).
 */
export const corsFromEnv: MiddlewareHandler<AppEnv> = (c, next) => {
  const allowList = c.env.CORS_ORIGINS?.trim() ?? '';
  return allowList === '' ? next() : corsFor(allowList)(c, next);
};
