import { D1_BOOKMARK_HEADER } from '../contract/d1-bookmark.js';
import type { Env } from '../env.js';
import { maxAgeSeconds, noneMatch, PayloadMemory, PUZZLE_MAX_AGE_S } from './cache.js';
import { requestIdFor } from './request-id.js';

/** Longest any response is kept, whatever its max-age: that of a puzzle (its rating moves). */
const MAX_TTL_MS = PUZZLE_MAX_AGE_S * 1000;
const MAX_ENTRIES = 256;
/** Longer URLs are served but not kept: they are not the hot reads this is for. */
const MAX_KEY_LENGTH = 256;

/** Headers of the request that made a response, never of a response from memory. */
const PER_REQUEST = new Set(['x-request-id', D1_BOOKMARK_HEADER]);

interface Entry {
  body: string;
  headers: [string, string][];
}

/** Bumped by `forgetFrontCache`; a front cache that sees a new value starts empty. */
let generation = 0;

/**
 * Empties every front cache of this isolate (when the development test clock changes: a kept "today" would
 * be yesterday's). Its entries otherwise keep real time, as the HTTP caches that share their max-age do.
 */
export function forgetFrontCache(): void {
  generation++;
}

type Fetch = (request: Request, env: Env, ctx: ExecutionContext) => Response | Promise<Response>;

/** `/v1/...` path and query of an absolute URL, without building a URL object (this runs on every request). */
function pathAndQuery(url: string): string | null {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  if (start < 0 || !url.startsWith('/v1/', start)) return null;
  const key = url.slice(start);
  return key.length <= MAX_KEY_LENGTH ? key : null;
}

/** The caller asks for a response from the origin, not a stored one (a browser's reload, `fetch` with `cache: 'no-cache'`). */
function wantsFresh(headers: Headers): boolean {
  return /\bno-cache\b/.test(headers.get('Cache-Control') ?? headers.get('Pragma') ?? '');
}

/**
 * Wraps the Worker's fetch: a repeated anonymous GET is answered from this isolate's memory before the app
 * (router, middleware, database) runs at all. Only what the routes themselves marked shareable is kept (so
 * never a start token, a player's own rank, an error or an embargoed answer), for no longer than its max-age.
 * It steps aside whenever the response would differ by caller: a bearer token, an Origin (CORS headers), a
 * body (the app judges its size), or the access log being on (every request must then reach the logger).
 */
export function withFrontCache(fetch: Fetch, now: () => Date = () => new Date()): Fetch {
  let entries = new PayloadMemory<Entry>(MAX_ENTRIES, MAX_TTL_MS);
  let seen = generation;
  return async (request, env, ctx) => {
    const key = request.method === 'GET' ? pathAndQuery(request.url) : null;
    const headers = request.headers;
    if (
      key === null ||
      headers.has('Authorization') ||
      headers.has('Origin') ||
      request.body !== null ||
      env.ACCESS_LOG === 'true'
    ) {
      return fetch(request, env, ctx);
    }
    if (seen !== generation) {
      entries = new PayloadMemory<Entry>(MAX_ENTRIES, MAX_TTL_MS);
      seen = generation;
    }
    const t = now().getTime();
    const hit = wantsFresh(headers) ? undefined : entries.get(key, t);
    if (hit) return fromMemory(hit, headers);

    const response = await fetch(request, env, ctx);
    const ttlMs = response.status === 200 ? maxAgeSeconds(response.headers.get('Cache-Control')) * 1000 : 0;
    if (ttlMs > 0) {
      // A response from memory ran no database session, so it carries no bookmark of another request's.
      const kept = [...response.headers].filter(([name]) => !PER_REQUEST.has(name));
      entries.set(key, { body: await response.clone().text(), headers: kept }, t, ttlMs);
    }
    return response;
  };
}

function fromMemory(entry: Entry, request: Headers): Response {
  const headers = new Headers(entry.headers);
  headers.set('X-Request-Id', requestIdFor(request));
  const etag = headers.get('ETag');
  if (etag !== null && !noneMatch(request.get('If-None-Match') ?? undefined, etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(entry.body, { status: 200, headers });
}
