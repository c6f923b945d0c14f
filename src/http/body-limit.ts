import type { Context, MiddlewareHandler } from 'hono';
import { errorBody } from './errors.js';

/** Request bodies larger than this are refused before any route sees them. */
export const MAX_BODY_BYTES = 16 * 1024;
/** Submissions carry a move log: 3,000 entries of up to 18 characters, with the solution, fit in 64 KB. */
export const MAX_SUBMISSION_BODY_BYTES = 64 * 1024;

const SUBMISSION_PATH = /^\/v1\/puzzles\/[^/]+\/[^/]+\/[^/]+\/submissions\/?$/;

/** The largest body a request to `path` may carry. */
export function maxBodyBytes(path: string): number {
  return SUBMISSION_PATH.test(path) ? MAX_SUBMISSION_BODY_BYTES : MAX_BODY_BYTES;
}

function tooLarge(c: Context, max: number): Response {
  return c.json(errorBody('body_too_large', `Request bodies here are limited to ${max} bytes`), 413);
}

/**
 * The bytes of `body` when it holds at most `max`, else null (it is then cancelled, never read to the end).
 */
async function readUpTo(body: ReadableStream<Uint8Array>, max: number): Promise<Uint8Array | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * The JSON 413 for an oversized body on every path and method, whether a route exists or would read the
 * body at all. A declared Content-Length is judged at once; a body without one (chunked) is read up to the
 * limit and handed on from memory, so nothing behind this ever reads past it.
 */
export const bodyLimit: MiddlewareHandler = async (c, next) => {
  const raw = c.req.raw;
  if (raw.body === null) return next();
  const max = maxBodyBytes(c.req.path);
  const declared = c.req.header('Content-Length');
  if (declared !== undefined && /^\d+$/.test(declared)) {
    return Number(declared) > max ? tooLarge(c, max) : next();
  }
  const bytes = await readUpTo(raw.body, max);
  if (bytes === null) return tooLarge(c, max);
  const bodyless = raw.method === 'GET' || raw.method === 'HEAD';
  c.req.raw = new Request(raw.url, {
    method: raw.method,
    headers: raw.headers,
    body: bodyless ? null : bytes,
  });
  return next();
};
