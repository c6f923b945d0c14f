import { createRoute } from '@hono/zod-openapi';
import { TestClockRequestSchema, TestClockSchema } from '../contract/clock.js';
import { CACHE_CONTROL } from '../http/cache.js';
import { developmentOnly } from '../http/development-only.js';
import { forgetFrontCache } from '../http/front-cache.js';
import { clearTestClock, readTestClock, setTestClock } from '../play/test-clock.js';
import { behind, OWNER } from './access.js';
import { jsonAnswer, jsonBody } from './json.js';
import { routeGroup } from './route-group.js';
import { jsonError } from './schemas.js';
import { TAGS } from './tags.js';

const DEVELOPMENT_ONLY =
  'Development only (`ENVIRONMENT=development`, e.g. `npm start`): a deployment answers 404, as for an ' +
  'unknown route, whatever the token.';

const getClock = createRoute({
  method: 'get',
  path: '/admin/clock',
  operationId: 'getTestClock',
  tags: [TAGS.admin.name],
  ...behind(developmentOnly, OWNER),
  summary: "The service's now, and whether a test clock sets it",
  description: DEVELOPMENT_ONLY,
  responses: {
    200: jsonAnswer(TestClockSchema, 'The clock'),
    401: jsonError('Missing or wrong admin token'),
    403: jsonError('A moderator, not an owner'),
    404: jsonError('Not development'),
  },
});

const putClock = createRoute({
  method: 'put',
  path: '/admin/clock',
  operationId: 'setTestClock',
  tags: [TAGS.admin.name],
  ...behind(developmentOnly, OWNER),
  summary: 'Set the test clock: the service takes `now` for now, and the clock runs on from there',
  description:
    `${DEVELOPMENT_ONLY} Everything goes by it: the calendar (which date is today, what is playable, when ` +
    'answers are public), sessions and start tokens, link codes, streaks, days of play, calibration and the ' +
    'cron. Rate limits, the admin lockout and the logs keep real time. It holds until DELETE, across ' +
    'requests, isolates and restarts of `npm start` (it is kept in the local database).',
  request: {
    body: jsonBody(TestClockRequestSchema),
  },
  responses: {
    200: jsonAnswer(TestClockSchema, 'The clock, now set'),
    400: jsonError('`now` is not an ISO-8601 time with a zone, or outside the years 2000 to 9998'),
    401: jsonError('Missing or wrong admin token'),
    403: jsonError('A moderator, not an owner'),
    404: jsonError('Not development'),
  },
});

const deleteClock = createRoute({
  method: 'delete',
  path: '/admin/clock',
  operationId: 'clearTestClock',
  tags: [TAGS.admin.name],
  ...behind(developmentOnly, OWNER),
  summary: 'Back to the real clock',
  description: DEVELOPMENT_ONLY,
  responses: {
    200: jsonAnswer(TestClockSchema, 'The clock, now the real one'),
    401: jsonError('Missing or wrong admin token'),
    403: jsonError('A moderator, not an owner'),
    404: jsonError('Not development'),
  },
});

export const clockRoutes = routeGroup()
  .openapi(getClock, async (c) => {
    const { db, realNow } = c.var.services;
    c.header('Cache-Control', CACHE_CONTROL.none);
    return c.json(await readTestClock(db, realNow), 200);
  })
  .openapi(putClock, async (c) => {
    const { db, realNow } = c.var.services;
    const clock = await setTestClock(db, realNow, new Date(c.req.valid('json').now));
    // What this isolate kept for anonymous callers was served by the old clock.
    forgetFrontCache();
    c.header('Cache-Control', CACHE_CONTROL.none);
    return c.json(clock, 200);
  })
  .openapi(deleteClock, async (c) => {
    const { db, realNow } = c.var.services;
    const clock = await clearTestClock(db, realNow);
    forgetFrontCache();
    c.header('Cache-Control', CACHE_CONTROL.none);
    return c.json(clock, 200);
  });
