import { createRoute, z } from '@hono/zod-openapi';
import { AnalyticsSchema } from '../contract/analytics.js';
import { parseIsoDate } from '../daily/calendar.js';
import { CACHE_CONTROL } from '../http/cache.js';
import { ApiError } from '../http/errors.js';
import {
  type AnalyticsOutcome,
  analyticsReport,
  MAX_ANALYTICS_DAYS,
  REFRESHED_DAYS,
  refreshAnalytics,
} from '../play/analytics.js';
import { ADMIN } from './access.js';
import { jsonAnswer } from './json.js';
import { errorResponses, type Failed, type Refusals, refusal } from './refusals.js';
import { requireLevelOf } from './require.js';
import { routeGroup } from './route-group.js';
import { jsonError, KindSchema, LevelSchema } from './schemas.js';
import { TAGS } from './tags.js';

const ANALYTICS_REFUSALS = {
  reversed: [400, 'invalid_range', '`from` is after `to`'],
  too_long: [400, 'invalid_range', `A range covers at most ${MAX_ANALYTICS_DAYS} days`],
} as const satisfies Refusals<Failed<AnalyticsOutcome>>;

const DateQuery = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD');

const analytics = createRoute({
  method: 'get',
  path: '/admin/analytics',
  operationId: 'getAnalytics',
  tags: [TAGS.admin.name],
  ...ADMIN,
  summary:
    "The game's numbers by date, kind and level: players, completion, times, hints, votes, held solves",
  description:
    `From the daily aggregates the cron keeps (the last ${REFRESHED_DAYS} dates are recomputed on each run): ` +
    'a range is a primary-key range of them however many submissions there are. Without `to`, the newest ' +
    'playable date; without `from`, the 30 days up to `to`.',
  request: {
    query: z.object({
      from: DateQuery.optional().openapi({ example: '2026-11-01' }),
      to: DateQuery.optional().openapi({ example: '2026-11-30' }),
      kind: KindSchema.optional(),
      level: LevelSchema.optional(),
    }),
  },
  responses: {
    200: jsonAnswer(AnalyticsSchema, 'The range'),
    ...errorResponses(
      { 400: 'Malformed date, kind or level', 401: 'Missing or wrong admin token' },
      ANALYTICS_REFUSALS,
    ),
  },
});

const refresh = createRoute({
  method: 'post',
  path: '/admin/analytics/refresh',
  operationId: 'refreshAnalytics',
  tags: [TAGS.admin.name],
  ...ADMIN,
  summary: `Recompute the aggregates of the last ${REFRESHED_DAYS} dates now (the daily cron does it too)`,
  responses: {
    200: jsonAnswer(z.object({ dates: z.array(z.string()) }), 'The dates recomputed'),
    401: jsonError('Missing or wrong admin token'),
  },
});

/** A date of the query, or the 400 that says it is not one. */
function dateOf(text: string | undefined, name: string) {
  if (text === undefined) return undefined;
  const date = parseIsoDate(text);
  if (!date) {
    throw new ApiError(
      400,
      'invalid_date',
      `${name}: ${text} is not a calendar date (YYYY-MM-DD)`,
      undefined,
      name,
    );
  }
  return date;
}

export const analyticsRoutes = routeGroup()
  .openapi(analytics, async (c) => {
    const query = c.req.valid('query');
    if (query.kind !== undefined && query.level !== undefined) requireLevelOf(query.kind, query.level);
    const { db, now } = c.var.services;
    const outcome = await analyticsReport(db, now(), {
      from: dateOf(query.from, 'from'),
      to: dateOf(query.to, 'to'),
      kind: query.kind,
      level: query.level,
    });
    if (!outcome.ok) throw refusal(ANALYTICS_REFUSALS, outcome);
    c.header('Cache-Control', CACHE_CONTROL.private);
    return c.json(outcome.analytics, 200);
  })
  .openapi(refresh, async (c) => {
    const { db, now } = c.var.services;
    return c.json({ dates: await refreshAnalytics(db, now()) }, 200);
  });
