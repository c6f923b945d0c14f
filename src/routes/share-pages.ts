import { Hono } from 'hono';
import { missingSharePage, sharePage } from '../card/page.js';
import { shareText } from '../card/text.js';
import { ShareCodeSchema } from '../contract/shares.js';
import { findPublicShare } from '../db/shares.js';
import { CACHE_CONTROL } from '../http/cache.js';
import type { AppEnv } from '../http/context.js';
import { ApiError } from '../http/errors.js';
import { shareUrls } from '../play/shares.js';

/** A year, immutable: a code's image never changes (the figures were fixed when the share was made). */
const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const notFound = () => new ApiError(404, 'not_found', 'No such share: it was revoked, or never made');

/**
 * Whether the request is a browser's visit to the page: it accepts HTML. A link opened from a chat gets a
 * page it can read; a client of the API (no Accept, or JSON) keeps the JSON error.
 */
const wantsHtml = (accept: string | undefined): boolean => /\btext\/html\b/i.test(accept ?? '');

/**
 * The public side of a share, for anyone with the link: `/s/{code}` is the page a chat unfolds into a card,
 * `/s/{code}.png` the card's image. Both read the share first, so a revoked code (its row deleted) is 404 on
 * both whatever a cache holds. The rendered image is then kept in the data centre's cache under its URL, so
 * that a link posted in a busy chat is rendered once; the share check in front of it keeps revocation winning.
 * The page headers (src/http/security-headers.ts: the demo's Content-Security-Policy) apply to both. A
 * browser that follows a dead link gets a small HTML page with the 404, everything else the JSON error.
 */
export const sharePageRoutes = new Hono<AppEnv>().get('/s/:name', async (c) => {
  const name = c.req.param('name');
  const png = name.endsWith('.png');
  const code = ShareCodeSchema.safeParse(png ? name.slice(0, -'.png'.length) : name);
  const share = code.success ? await findPublicShare(c.var.services.db, code.data) : undefined;
  if (!share) {
    if (png || !wantsHtml(c.req.header('Accept'))) throw notFound();
    c.header('Cache-Control', CACHE_CONTROL.revalidate);
    return c.html(missingSharePage(), 404);
  }
  const urls = shareUrls(new URL(c.req.url).origin, share.code);
  if (!png) {
    c.header('Cache-Control', CACHE_CONTROL.revalidate);
    return c.html(sharePage(share.card, shareText(share.card, urls.page), urls));
  }
  const cache = caches.default;
  const key = new Request(urls.png);
  const cached = await cache.match(key);
  if (cached) return new Response(cached.body, cached);
  // Imported here, not at the top: Node builds the OpenAPI document from this same app and cannot import
  // the WebAssembly module or the fonts, which nothing but the image needs.
  const { cardPng } = await import('../card/png.js');
  const image = await cardPng(share.card);
  const headers = { 'Content-Type': 'image/png', 'Cache-Control': IMAGE_CACHE_CONTROL };
  await cache.put(key, new Response(image, { headers }));
  return new Response(image, { headers });
});
