import type { MiddlewareHandler } from 'hono';
import { log } from '../runtime/log.js';
import type { AppEnv } from './context.js';

/**
 * Logs failed requests (5xx) always, and every request when `ACCESS_LOG` is "true". Cloudflare already
 * records each invocation; a line per request of our own costs a third of the throughput of a cached read
 * (measured with `npm run bench -- http`), so it is for debugging, not the default.
 */
export const requestLog: MiddlewareHandler<AppEnv> = async (c, next) => {
  const started = Date.now();
  await next();
  const failed = c.res.status >= 500;
  if (!failed && c.env.ACCESS_LOG !== 'true') return;
  log(failed ? 'error' : 'info', 'request', {
    requestId: c.var.requestId,
    method: c.req.method,
    path: c.req.path,
    status: c.res.status,
    ms: Date.now() - started,
  });
};
