import { Hono } from 'hono';
import type { AppEnv } from '../http/context.js';
import { ERROR_CODES_PAGE } from './error-codes-page.js';

/**
 * The interactive API docs: Swagger UI from this origin's static assets (public/docs/; the build copies
 * swagger-ui-dist there) started by public/docs/init.js, so the page runs under a script-src 'self' policy
 * and works without a network.
 */
const DOCS_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Daily puzzles API</title>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <link rel="stylesheet" href="/docs/swagger-ui/swagger-ui.css" />
    <script src="/docs/swagger-ui/swagger-ui-bundle.js" defer></script>
    <script src="/docs/init.js" defer></script>
  </head>
  <body>
    <div id="swagger-ui"></div>
  </body>
</html>
`;

export const docsRoutes = new Hono<AppEnv>()
  .get('/docs', (c) => c.html(DOCS_PAGE))
  .get('/docs/errors', (c) => c.html(ERROR_CODES_PAGE));
