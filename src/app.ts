import { OpenAPIHono } from '@hono/zod-openapi';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { ConfigError } from './config.js';
import { PuzzleInputError } from './engines/types.js';
import { bodyLimit } from './http/body-limit.js';
import { privateUnlessMarked } from './http/cache.js';
import type { AppEnv } from './http/context.js';
import { corsFromEnv } from './http/cors.js';
import { isDatabaseError } from './http/database-error.js';
import { ApiError, errorBody, hostRefusal } from './http/errors.js';
import { errorFields, log, requestLog } from './http/log.js';
import { newRequestId } from './http/request-id.js';
import { securityHeaders } from './http/security-headers.js';
import { descriptorOf, KINDS } from './kinds/index.js';
import { adminRoutes } from './routes/admin.js';
import { clockRoutes } from './routes/clock.js';
import { dataRightsRoutes } from './routes/data-rights.js';
import { deviceRoutes } from './routes/devices.js';
import { docsRoutes } from './routes/docs.js';
import { feedbackRoutes } from './routes/feedback.js';
import { followRoutes } from './routes/follows.js';
import { groupRoutes } from './routes/groups.js';
import { healthRoutes } from './routes/health.js';
import { historyRoutes } from './routes/history.js';
import { kindRoutes } from './routes/kinds.js';
import { leaderboardRoutes } from './routes/leaderboards.js';
import { moderationRoutes } from './routes/moderation.js';
import { playerRoutes } from './routes/players.js';
import { puzzleRoutes } from './routes/puzzles.js';
import { reportRoutes } from './routes/reports.js';
import { revealRoutes } from './routes/reveal.js';
import { submissionRoutes } from './routes/submissions.js';
import { suspectRoutes } from './routes/suspects.js';
import { TAGS } from './routes/tags.js';
import { createServices } from './services.js';

export interface AppOptions {
  /** The real clock; tests pass a fixed one. In development a test clock runs from it when one is set. */
  now?: () => Date;
}

export function createApp(options: AppOptions = {}) {
  const now = options.now ?? (() => new Date());
  const app = new OpenAPIHono<AppEnv>();

  app.use(requestId({ generator: (c) => newRequestId(c.req.raw.headers) }));
  app.use(requestLog);
  app.use(securityHeaders);
  app.use('/v1/*', corsFromEnv);
  app.use('/v1/*', privateUnlessMarked);
  app.use(bodyLimit);
  app.use('/v1/*', async (c, next) => {
    c.set('services', await createServices(c.env, now));
    await next();
  });

  app.onError((error, c) => {
    if (error instanceof ApiError) {
      return c.json(
        errorBody(error.code, error.message, error.details ? { details: error.details } : {}),
        error.status,
      );
    }
    if (error instanceof PuzzleInputError) return c.json(errorBody('invalid_puzzle', error.message), 400);
    if (error instanceof HTTPException && error.status < 500) {
      // Hono's own refusals, e.g. a body that is not JSON: keep the status, use our error shape.
      return c.json(hostRefusal(error.status, error.message), error.status);
    }
    const requestId = c.var.requestId;
    if (error instanceof ConfigError) {
      log('error', 'configuration refused', { requestId, detail: error.message });
      return c.json(
        errorBody('misconfigured', 'The service is not configured for production', { requestId }),
        503,
      );
    }
    log('error', 'request failed', { requestId, ...errorFields(error) });
    if (isDatabaseError(error)) {
      c.header('Retry-After', '5');
      return c.json(
        errorBody('database_unavailable', 'The database is unavailable; try again shortly', { requestId }),
        503,
      );
    }
    return c.json(errorBody('internal', 'Internal server error', { requestId }), 500);
  });
  app.notFound((c) => c.json(errorBody('not_found', `No route for ${c.req.method} ${c.req.path}`), 404));

  app
    .route('/v1', healthRoutes)
    .route('/v1', kindRoutes)
    .route('/v1', puzzleRoutes)
    .route('/v1', submissionRoutes)
    .route('/v1', revealRoutes)
    .route('/v1', leaderboardRoutes)
    .route('/v1', feedbackRoutes)
    .route('/v1', playerRoutes)
    .route('/v1', deviceRoutes)
    .route('/v1', historyRoutes)
    .route('/v1', dataRightsRoutes)
    .route('/v1', followRoutes)
    .route('/v1', groupRoutes)
    .route('/v1', adminRoutes)
    .route('/v1', clockRoutes)
    .route('/v1', moderationRoutes)
    .route('/v1', suspectRoutes)
    .route('/v1', reportRoutes);

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

  app.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Daily puzzles',
      version: '1',
      description: `Unique, graded daily logic puzzles: ${KINDS.map((k) => descriptorOf(k).displayName.toLowerCase()).join(', ')}.`,
    },
    tags: Object.values(TAGS).map((tag) => ({ ...tag })),
    // Every deployment serves the API at its own origin, so the document names none.
    servers: [{ url: '/', description: 'The origin that serves this document' }],
  });
  app.route('/', docsRoutes);
  return app;
}
