import type { MiddlewareHandler } from 'hono';
import { D1_BOOKMARK_HEADER, D1_BOOKMARK_MAX_LENGTH, D1_BOOKMARK_PATTERN } from '../contract/d1-bookmark.js';
import { createSessionDb, type SessionStart } from '../db/client.js';
import { createServices } from '../services.js';
import type { AppEnv } from './context.js';
import { ApiError } from './errors.js';
import { setResponseHeader } from './response-header.js';

/** The methods that only read: any replica may answer them. */
const READS = new Set(['GET', 'HEAD']);

/**
 * Where a request's session starts. A read starts at the caller's bookmark when it sends one (a replica
 * answers only once it holds that state, so the caller reads its own writes), else on any replica. A write
 * starts on the primary, bookmark or not: the primary already holds every state a bookmark can name, and
 * its reads then see what the write's conditions are checked against.
 */
export function sessionStart(method: string, bookmark: string | undefined): SessionStart {
  if (bookmark !== undefined && !isBookmark(bookmark)) {
    throw new ApiError(
      400,
      'invalid_bookmark',
      `${D1_BOOKMARK_HEADER} is not a bookmark this service sent: send back the header of an earlier response, or none`,
      undefined,
      D1_BOOKMARK_HEADER,
    );
  }
  if (!READS.has(method)) return 'first-primary';
  return bookmark ?? 'first-unconstrained';
}

function isBookmark(value: string): boolean {
  return value.length <= D1_BOOKMARK_MAX_LENGTH && D1_BOOKMARK_PATTERN.test(value);
}

/**
 * The services of a request, its database handle a D1 session of its own (SCALING.md, step 2); the
 * response, an error included, carries the bookmark the session reached, once it reached the database.
 */
export function withRequestServices(now: () => Date): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const bookmark = c.req.header(D1_BOOKMARK_HEADER);
    const start = sessionStart(c.req.method, bookmark);
    const session = createSessionDb(c.env.DB, start);
    // A write's reads that nothing is written after may still come from a replica (Services.replica).
    const replica =
      start === 'first-primary'
        ? createSessionDb(c.env.DB, bookmark ?? 'first-unconstrained').db
        : session.db;
    c.set('services', await createServices(c.env, now, { db: session.db, replica }));
    await next();
    const reached = session.bookmark();
    if (reached !== null) setResponseHeader(c, D1_BOOKMARK_HEADER, reached);
  };
}
