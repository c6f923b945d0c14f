import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './context.js';

type Level = 'info' | 'warn' | 'error';

/** One JSON object per line: Workers Logs and `wrangler tail` index the fields, people can still read them. */
export function log(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  const line = JSON.stringify({ level, message, time: new Date().toISOString(), ...fields });
  if (level === 'error') console.error(line);
  else if (level === 'warn') console.warn(line);
  else console.log(line);
}

export function errorFields(error: unknown): Record<string, unknown> {
  return error instanceof Error
    ? {
        error: error.name,
        detail: error.message,
        cause: error.cause instanceof Error ? error.cause.message : undefined,
      }
    : { error: String(error) };
}

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
