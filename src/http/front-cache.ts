import type { MiddlewareHandler } from 'hono';
import { isShareable, noneMatch, PayloadMemory, PUZZLE_MAX_AGE_S } from './cache.js';
import type { AppEnv } from './context.js';

/** Public puzzle reads by date: one puzzle, or every puzzle of a date (not `today`, which depends on the zone). */
const CACHEABLE_PATH = /^\/v1\/puzzles\/\d{4}-\d{2}-\d{2}(\/[a-z]+\/[a-z]+)?$/;
const MAX_ENTRIES = 256;

interface Entry {
  body: string;
  headers: [string, string][];
}

/**
 * The first middleware: answers a repeated anonymous puzzle read from this isolate's memory before any
 * other middleware runs, which is what most of a cached read's cost was. It keeps only responses the
 * routes themselves marked public (so never a start token, an error or an embargoed answer), for as long
 * as their max-age allows, and steps aside whenever the response would differ by caller: a bearer token,
 * an Origin (CORS headers), or the access log being on.
 */
export function frontCache(now: () => Date): MiddlewareHandler<AppEnv> {
  const entries = new PayloadMemory<Entry>(MAX_ENTRIES, PUZZLE_MAX_AGE_S * 1000);
  return async (c, next) => {
    const path = c.req.path;
    const bypass =
      c.req.method !== 'GET' ||
      !CACHEABLE_PATH.test(path) ||
      c.req.url.includes('?') ||
      c.req.header('Authorization') !== undefined ||
      c.req.header('Origin') !== undefined ||
      c.env.ACCESS_LOG === 'true';
    if (bypass) return next();

    const t = now().getTime();
    const hit = entries.get(path, t);
    if (hit) {
      const headers = new Headers(hit.headers);
      headers.set('X-Request-Id', crypto.randomUUID());
      const etag = headers.get('ETag') ?? '';
      if (!noneMatch(c.req.header('If-None-Match'), etag)) {
        return new Response(null, { status: 304, headers });
      }
      return new Response(hit.body, { status: 200, headers });
    }

    await next();
    if (c.res.status !== 200 || !isShareable(c.res.headers.get('Cache-Control'))) return;
    const headers = [...c.res.headers].filter(([name]) => name.toLowerCase() !== 'x-request-id');
    entries.set(path, { body: await c.res.clone().text(), headers }, t);
  };
}
