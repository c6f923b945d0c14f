import type { OpenAPIHono } from '@hono/zod-openapi';
import { docUrlOf, ERROR_CODES, type ErrorCode } from '../contract/error-codes.js';
import type { AppEnv } from '../http/context.js';
import { IDEMPOTENCY_REFUSALS } from '../http/idempotency.js';
import { SCOPE_REFUSAL } from '../http/player-auth.js';
import { descriptorOf, KINDS } from '../kinds/index.js';
import { withD1Bookmark } from './d1-bookmark-doc.js';
import { needsFullToken, takesIdempotencyKey, withRefusals } from './refusal-doc.js';
import { TAGS } from './tags.js';

/** The refusals of the middleware a route takes by its access level, as the generated document lacks them. */
const IDEMPOTENCY_LINES = Object.values(IDEMPOTENCY_REFUSALS).map(([status, code, message]) => ({
  status,
  line: `\`${code}\`: ${message}`,
}));
const SCOPE_LINES = [{ status: SCOPE_REFUSAL[0], line: `\`${SCOPE_REFUSAL[1]}\`: ${SCOPE_REFUSAL[2]}` }];

function documented<D extends object>(doc: D): D {
  // The bookmark last: its response header goes on every response, these refusals' too.
  return withD1Bookmark(
    withRefusals(withRefusals(doc, takesIdempotencyKey, IDEMPOTENCY_LINES), needsFullToken, SCOPE_LINES),
  );
}

/** Serves the OpenAPI document of every route `app` holds, with the security schemes the access levels name. */
export function serveDocument(app: OpenAPIHono<AppEnv>): void {
  app.openAPIRegistry.registerComponent('securitySchemes', 'player', {
    type: 'http',
    scheme: 'bearer',
    description:
      'A player token: `token` of POST /v1/players (or of POST /v1/players/link on another device)',
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'admin', {
    type: 'http',
    scheme: 'bearer',
    description: "The deployment's ADMIN_TOKEN secret",
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'operator', {
    type: 'http',
    scheme: 'bearer',
    description: "One of the deployment's operator keys (OPERATOR_KEYS), for a site's own server only",
  });

  const config = {
    openapi: '3.1.0',
    info: {
      title: 'Daily puzzles',
      version: '1',
      description: `Unique, graded daily logic puzzles: ${KINDS.map((k) => descriptorOf(k).displayName.toLowerCase()).join(', ')}.`,
    },
    tags: Object.values(TAGS).map((tag) => ({ ...tag })),
    // Every deployment serves the API at its own origin, so the document names none.
    servers: [{ url: '/', description: 'The origin that serves this document' }],
  };
  // Every code an error may carry, with its meaning and its section of /docs/errors.
  const errorCodes = Object.fromEntries(
    (Object.entries(ERROR_CODES) as [ErrorCode, string][]).map(([code, description]) => [
      code,
      { description, docUrl: docUrlOf(code) },
    ]),
  );
  app.get('/openapi.json', (c) =>
    c.json({ ...documented(app.getOpenAPI31Document(config)), 'x-error-codes': errorCodes }),
  );
}
