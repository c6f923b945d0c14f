import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

/**
 * The API's responses are JSON, never documents: they carry the headers that protect JSON (no sniffing, no
 * framing, HTTPS only) and leave out those that only mean something for an HTML page or old plug-ins:
 * COOP, Origin-Agent-Cluster, DNS prefetch, IE download options, Flash/PDF policies, the deprecated XSS
 * auditor, and Referrer-Policy (JSON makes no requests of its own). No Cross-Origin-Resource-Policy either:
 * other sites call the API with CORS, which CORP does not govern, and its absence already allows
 * cross-origin use. Each header is a cost on every response, cached reads included (BENCHMARKS.md, HTTP).
 */
const forJson = secureHeaders({
  crossOriginResourcePolicy: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  referrerPolicy: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: 'DENY',
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
});

/**
 * Everything a page loads comes from this origin: its scripts (no inline script, no eval), its styles (no
 * inline `<style>` or `style="…"`; styles set from script are allowed), its requests; images may also be
 * `data:` URLs (Swagger UI's icons). The demo page keeps player tokens in localStorage, so nothing from
 * another origin may run beside it, and no other site may frame it.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The headers of every document and static asset: the Worker's own pages (`/docs`) and, through
 * public/_headers, the demo page and its files (a test keeps the two lists equal).
 */
export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Origin-Agent-Cluster': '?1',
  'Permissions-Policy': 'camera=(), geolocation=(), microphone=(), payment=(), usb=()',
  'Referrer-Policy': 'no-referrer',
  'Strict-Transport-Security': 'max-age=15552000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'X-DNS-Prefetch-Control': 'off',
  'X-Download-Options': 'noopen',
  'X-Frame-Options': 'DENY',
  'X-Permitted-Cross-Domain-Policies': 'none',
};

const forPages: MiddlewareHandler = async (c, next) => {
  await next();
  for (const [name, value] of Object.entries(PAGE_HEADERS)) c.res.headers.set(name, value);
};

export const securityHeaders: MiddlewareHandler = (c, next) =>
  c.req.path.startsWith('/v1/') ? forJson(c, next) : forPages(c, next);
