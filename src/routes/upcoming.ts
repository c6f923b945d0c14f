import { createRoute } from '@hono/zod-openapi';
import { RerolledSchema, RerollRequestSchema, UpcomingSchema } from '../contract/upcoming.js';
import { CACHE_CONTROL } from '../http/cache.js';
import { type RerollOutcome, rerollPuzzle } from '../play/reroll.js';
import { UPCOMING_DAYS, upcomingPuzzles } from '../play/upcoming.js';
import { ADMIN, OWNER } from './access.js';
import { jsonAnswer, jsonBody } from './json.js';
import { errorResponses, type Failed, type Refusals, refusal } from './refusals.js';
import { requireLevelOf } from './require.js';
import { routeGroup } from './route-group.js';
import { jsonError, PuzzleParams } from './schemas.js';
import { TAGS } from './tags.js';

const REROLL_REFUSALS = {
  malformed: [
    400,
    'invalid_date',
    (_, { date }) => `${date} is not a calendar date (YYYY-MM-DD)`,
    { param: 'date' },
  ],
  before_archive: [404, 'not_found', (_, { date }) => `${date} is before the archive`],
  not_made: [
    404,
    'not_found',
    (_, { id }) => `${id} has not been made yet: generate its date first`,
    { doc: 'The puzzle has not been made yet' },
  ],
  begun: [
    409,
    'date_begun',
    (_, { date }) => `${date} has begun somewhere on Earth: players may hold its puzzles, so they stay`,
    { doc: 'Its date has begun somewhere (UTC+14): players may hold the puzzle' },
  ],
  raced: [
    409,
    'conflict',
    (_, { id }) => `${id} was rerolled meanwhile: look again`,
    { doc: 'Another reroll of the puzzle came first' },
  ],
} as const satisfies Refusals<Failed<RerollOutcome>, { date: string; id: string }>;

const upcoming = createRoute({
  method: 'get',
  path: '/admin/puzzles/upcoming',
  operationId: 'listUpcomingPuzzles',
  tags: [TAGS.admin.name],
  ...ADMIN,
  summary: `The puzzles already made for the next ${UPCOMING_DAYS} dates not begun anywhere, with grades and pictures`,
  description: 'For moderators only: no player route serves a date before it has begun somewhere (UTC+14).',
  responses: {
    200: jsonAnswer(UpcomingSchema, 'By date, each date in the kinds’ and levels’ order'),
    401: jsonError('Missing or wrong admin token'),
  },
});

const reroll = createRoute({
  method: 'post',
  path: '/admin/puzzles/{date}/{kind}/{level}/reroll',
  operationId: 'rerollPuzzle',
  tags: [TAGS.admin.name],
  ...OWNER,
  summary: "Replace a puzzle whose date has not begun anywhere with the next attempt of its date's seed",
  description:
    'Deterministic (attempt n of a puzzle is the same on every deployment with the same salt) and audited ' +
    'with the reason. Refused with 409 once the date has begun somewhere on Earth.',
  request: { params: PuzzleParams, body: jsonBody(RerollRequestSchema) },
  responses: {
    200: jsonAnswer(RerolledSchema, 'The new puzzle'),
    ...errorResponses(
      {
        400: 'Malformed date, kind, level or reason',
        401: 'Missing or wrong admin token',
        403: 'A moderator, not an owner',
      },
      REROLL_REFUSALS,
    ),
  },
});

export const upcomingRoutes = routeGroup()
  .openapi(upcoming, async (c) => {
    c.header('Cache-Control', CACHE_CONTROL.private);
    return c.json(await upcomingPuzzles(c.var.services), 200);
  })
  .openapi(reroll, async (c) => {
    const { date, kind, level } = c.req.valid('param');
    requireLevelOf(kind, level);
    const { reason } = c.req.valid('json');
    const outcome = await rerollPuzzle(c.var.services, c.var.moderator, { date, kind, level, reason });
    if (!outcome.ok) throw refusal(REROLL_REFUSALS, outcome, { date, id: `${date}:${kind}:${level}` });
    return c.json({ previousAttempt: outcome.previousAttempt, puzzle: outcome.puzzle }, 200);
  });
