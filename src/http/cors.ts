import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import type { AppEnv } from './context.js';

/**
 * CORS from the `CORS_ORIGINS` allow-list (comma-separated origins, or `*`). Unset means no cross-origin
 * access: a site that embeds the API must name itself.
 */
export const corsFromEnv: MiddlewareHandler<AppEnv> = async (c, next) => {
  const allowed = (c.env.CORS_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter((o) => o !== '');
  const middleware = cors({
    origin: (origin) => (allowed.includes('*') ? '*' : allowed.includes(origin) ? origin : null),
    allowMethods: ['GET', 'POST', 'PATCH', 'OPTIONS'],
    allowHeaders: ['Authorization', 'Content-Type', 'If-None-Match'],
    exposeHeaders: ['X-Request-Id', 'Retry-After', 'ETag'],
    maxAge: 86_400,
  });
  return middleware(c, next);
};
