import { z } from '@hono/zod-openapi';
import { CursorQuery, LimitQuery } from '../http/cursor.js';

// How a route declares the JSON it takes and gives, written once: createRoute reads the schemas both to
// validate (and type the handler) and to document.

/** A JSON request body the route needs, validated against `schema`. */
export function jsonBody<S extends z.ZodType>(schema: S) {
  return { required: true as const, content: { 'application/json': { schema } } };
}

/** A JSON request body the caller may leave out (`c.req.valid('json')` is then undefined). */
export function optionalJsonBody<S extends z.ZodType>(schema: S) {
  return { required: false as const, content: { 'application/json': { schema } } };
}

/** A JSON answer of `schema`, with what it means. */
export function jsonAnswer<S extends z.ZodType>(schema: S, description: string) {
  return { content: { 'application/json': { schema } }, description };
}

/** The query of a page: the `nextCursor` the previous page handed out, and how many rows. */
export const PageQuery = z.object({ cursor: CursorQuery, limit: LimitQuery });
