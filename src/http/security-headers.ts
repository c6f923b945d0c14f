import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

/**
 * The API's responses are JSON, never documents: they carry the headers that protect JSON (no sniffing, no
 * framing, HTTPS only, no referrer) and leave out those that only mean something for an HTML page or old
 * plug-ins (COOP, Origin-Agent-Cluster, DNS prefetch, IE download options, Flash/PDF policies, the
 * deprecated XSS auditor). Each header is a cost on every response, cached reads included.
 * The API is meant to be called from other sites (CORS decides which): a same-origin resource policy would
 * block them.
 */
const forJson = secureHeaders({
  crossOriginResourcePolicy: 'cross-origin',
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
});

/** Pages the Worker renders itself (the interactive docs): the full set. */
const forPages = secureHeaders({ crossOriginResourcePolicy: 'cross-origin' });

export const securityHeaders: MiddlewareHandler = (c, next) =>
  c.req.path.startsWith('/v1/') ? forJson(c, next) : forPages(c, next);
