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
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
});

/** Pages the Worker renders itself (the interactive docs): the full set, loadable from other sites. */
const forPages = secureHeaders({ crossOriginResourcePolicy: 'cross-origin' });

export const securityHeaders: MiddlewareHandler = (c, next) =>
  c.req.path.startsWith('/v1/') ? forJson(c, next) : forPages(c, next);
