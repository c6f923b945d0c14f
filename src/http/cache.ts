import type { MiddlewareHandler } from 'hono';
import { setResponseHeader } from './response-header.js';

/**
 * HTTP caching of what does not depend on the caller. A stored puzzle never changes once generated, except
 * its `rating` (moved by every ranked solve, shown rounded): a minute of staleness there is harmless, so
 * anonymous puzzle reads may be reused for a minute and then revalidated cheaply through their ETag.
 * Answers never change once public. Nothing carrying a start token or other player data is ever public.
 */
export const CACHE_CONTROL = {
  /** Puzzles and days of puzzles: fresh for a minute (the rating may be that old). */
  puzzle: 'public, max-age=60',
  /** Leaderboards and stats as anyone sees them: they move with every solve, so only a few seconds. */
  board: 'public, max-age=5',
  /** Today's list near the date change in the caller's zone: reuse only after revalidating. */
  revalidate: 'public, no-cache',
  /** The VAPID public key: it changes only when an operator replaces the pair. */
  pushKey: 'public, max-age=3600',
  /** Public answers: final. */
  answer: 'public, max-age=86400, immutable',
  /** Anything about one player (start tokens) or the moment (health). */
  private: 'private, no-store',
  none: 'no-store',
} as const;

/** Seconds a puzzle response stays fresh; `today` checks that its date does not change within it. */
export const PUZZLE_MAX_AGE_S = 60;

/**
 * A strong entity tag for a body: two independent 32-bit FNV-1a lanes over its text. An ETag only has to
 * tell versions of one URL apart (nothing secret rests on it), and this costs a few microseconds where a
 * SHA-256 through crypto.subtle cost a measurable share of a cached read's throughput.
 */
export function entityTag(body: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < body.length; i++) {
    const unit = body.charCodeAt(i);
    a = Math.imul(a ^ unit, 0x01000193);
    b = Math.imul(b ^ unit, 0x1000193b);
  }
  return `"${(a >>> 0).toString(16).padStart(8, '0')}${(b >>> 0).toString(16).padStart(8, '0')}-${body.length.toString(36)}"`;
}

/** RFC 9110 §13.1.2: weak comparison of `If-None-Match` (a list of tags, or `*`) against our tag. */
export function noneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return true;
  const ours = etag.replace(/^W\//, '');
  for (const raw of header.split(',')) {
    const tag = raw.trim();
    if (tag === '*' || tag.replace(/^W\//, '') === ours) return false;
  }
  return true;
}

export function isShareable(cacheControl: string | null): boolean {
  return cacheControl !== null && !/\b(no-store|private)\b/.test(cacheControl);
}

/** Seconds a shareable response may be reused without revalidation: its `max-age`, 0 when absent. */
export function maxAgeSeconds(cacheControl: string | null): number {
  if (!isShareable(cacheControl)) return 0;
  const match = /\bmax-age=(\d+)\b/.exec(cacheControl ?? '');
  return match ? Number(match[1]) : 0;
}

/**
 * Every API response that its handler did not mark cacheable is `private, no-store`: one that forgets a
 * `Cache-Control` then never lets a shared cache keep a player's data (browsers and proxies may otherwise
 * cache a 200 heuristically).
 */
export const privateUnlessMarked: MiddlewareHandler = async (c, next) => {
  await next();
  if (!c.res.headers.has('Cache-Control')) setResponseHeader(c, 'Cache-Control', CACHE_CONTROL.private);
};

/**
 * Tags a successful GET whose handler made it cacheable (a `Cache-Control` without `no-store`/`private`)
 * with an ETag of its bytes, and answers `If-None-Match` with 304 and no body. Errors and anything private
 * pass through untouched: they are never tagged, so never revalidated into a 304.
 */
export const conditionalGet: MiddlewareHandler = async (c, next) => {
  await next();
  if (c.req.method !== 'GET' || c.res.status !== 200) return;
  if (!isShareable(c.res.headers.get('Cache-Control'))) return;
  const etag = entityTag(await c.res.clone().text());
  c.header('ETag', etag);
  if (!noneMatch(c.req.header('If-None-Match'), etag)) {
    // Hono carries the headers over (Cache-Control, ETag, Vary, CORS): a 304 must repeat them.
    c.res = new Response(null, { status: 304 });
  }
};

/**
 * A small per-isolate memory of public payloads, so that a hot anonymous read skips the database. Entries
 * live as long as the `Cache-Control` max-age the same payload is served with, so a memory hit is never
 * staler than what any HTTP cache may serve; the oldest entry goes first when full. Times come from the
 * caller's clock, and an entry is only valid on or after the moment it was stored.
 */
export class PayloadMemory<V> {
  readonly #entries = new Map<string, { at: number; ttlMs: number; value: V }>();

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs: number,
  ) {}

  get(key: string, now: number): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (now < entry.at || now - entry.at >= entry.ttlMs) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** `ttlMs` shortens this entry's life below the memory's own (never lengthens it). */
  set(key: string, value: V, now: number, ttlMs = this.ttlMs): void {
    this.#entries.delete(key);
    this.#entries.set(key, { at: now, ttlMs: Math.min(ttlMs, this.ttlMs), value });
    while (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next();
      if (oldest.done) break;
      this.#entries.delete(oldest.value);
    }
  }
}
