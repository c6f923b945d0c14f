import { OpenAPIHono } from '@hono/zod-openapi';
import { requestId } from 'hono/request-id';
import { bodyLimit } from './http/body-limit.js';
import { privateUnlessMarked } from './http/cache.js';
import type { AppEnv } from './http/context.js';
import { corsFromEnv } from './http/cors.js';
import { withRequestServices } from './http/d1-session.js';
import { errorHandler } from './http/error-handler.js';
import { errorBody } from './http/errors.js';
import { newRequestId } from './http/request-id.js';
import { requestLog } from './http/request-log.js';
import { securityHeaders } from './http/security-headers.js';
import { adminRoutes } from './routes/admin.js';
import { analyticsRoutes } from './routes/analytics.js';
import { clockRoutes } from './routes/clock.js';
import { dataRightsRoutes } from './routes/data-rights.js';
import { deviceRoutes } from './routes/devices.js';
import { docsRoutes } from './routes/docs.js';
import { serveDocument } from './routes/document.js';
import { fairPlayAdminRoutes } from './routes/fair-play-admin.js';
import { feedbackRoutes } from './routes/feedback.js';
import { followRoutes } from './routes/follows.js';
import { groupRoutes } from './routes/groups.js';
import { healthRoutes } from './routes/health.js';
import { hintRoutes } from './routes/hint.js';
import { historyRoutes } from './routes/history.js';
import { kindRoutes } from './routes/kinds.js';
import { leaderboardRoutes } from './routes/leaderboards.js';
import { moderationRoutes } from './routes/moderation.js';
import { moderatorRoutes } from './routes/moderators.js';
import { operatorRoutes } from './routes/operator.js';
import { playerEvidenceRoutes } from './routes/player-evidence.js';
import { playerRoutes } from './routes/players.js';
import { pushRoutes } from './routes/push.js';
import { puzzleRoutes } from './routes/puzzles.js';
import { reportRoutes } from './routes/reports.js';
import { revealRoutes } from './routes/reveal.js';
import { reviewQueueRoutes } from './routes/review-queue.js';
import { sessionRoutes } from './routes/sessions.js';
import { sharePageRoutes } from './routes/share-pages.js';
import { shareRoutes } from './routes/shares.js';
import { submissionRoutes } from './routes/submissions.js';
import { suspectRoutes } from './routes/suspects.js';
import { upcomingRoutes } from './routes/upcoming.js';
import { webhookRoutes } from './routes/webhooks.js';

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
  const withServices = withRequestServices(now);
  app.use('/v1/*', withServices);
  app.use('/s/*', withServices);

  app.onError(errorHandler);
  app.notFound((c) => c.json(errorBody('not_found', `No route for ${c.req.method} ${c.req.path}`), 404));

  app
    .route('/v1', healthRoutes)
    .route('/v1', kindRoutes)
    .route('/v1', puzzleRoutes)
    .route('/v1', submissionRoutes)
    .route('/v1', revealRoutes)
    .route('/v1', hintRoutes)
    .route('/v1', leaderboardRoutes)
    .route('/v1', feedbackRoutes)
    .route('/v1', shareRoutes)
    .route('/v1', sessionRoutes)
    .route('/v1', playerRoutes)
    .route('/v1', deviceRoutes)
    .route('/v1', pushRoutes)
    .route('/v1', historyRoutes)
    .route('/v1', dataRightsRoutes)
    .route('/v1', followRoutes)
    .route('/v1', groupRoutes)
    .route('/v1', operatorRoutes)
    .route('/v1', adminRoutes)
    .route('/v1', clockRoutes)
    .route('/v1', moderatorRoutes)
    .route('/v1', upcomingRoutes)
    .route('/v1', analyticsRoutes)
    .route('/v1', moderationRoutes)
    .route('/v1', suspectRoutes)
    .route('/v1', reviewQueueRoutes)
    .route('/v1', fairPlayAdminRoutes)
    .route('/v1', playerEvidenceRoutes)
    .route('/v1', reportRoutes)
    .route('/v1', webhookRoutes);

  app.route('/', sharePageRoutes);
  serveDocument(app);
  app.route('/', docsRoutes);
  return app;
}
