import { createRoute, z } from '@hono/zod-openapi';
import { ResolvedReportSchema } from '../contract/admin.js';
import { LevelFeedbackSchema, PuzzleFeedbackSchema, ReportsPageSchema } from '../contract/feedback.js';
import { CACHE_CONTROL } from '../http/cache.js';
import { decodeCursor, IdCursor, pageOf } from '../http/cursor.js';
import { ApiError } from '../http/errors.js';
import {
  LEVEL_FEEDBACK_DAYS,
  levelReport,
  openReports,
  puzzleFeedback,
  type ResolveReportOutcome,
  resolveReportNow,
} from '../play/feedback.js';
import { ADMIN } from './access.js';
import { jsonAnswer, jsonBody, PageQuery } from './json.js';
import { errorResponses, type Failed, type Refusals, refusal } from './refusals.js';
import { requireLevelOf } from './require.js';
import { routeGroup } from './route-group.js';
import { jsonError, ModerationReason, PuzzleParams } from './schemas.js';
import { TAGS } from './tags.js';

const RESOLVE_REFUSALS = {
  not_found: [
    404,
    'not_found',
    (_, { id }) => `There is no open report ${id}`,
    { doc: 'No open report with that id' },
  ],
} as const satisfies Refusals<Failed<ResolveReportOutcome>, { id: number }>;

const list = createRoute({
  method: 'get',
  path: '/admin/reports',
  operationId: 'listReports',
  tags: [TAGS.admin.name],
  ...ADMIN,
  summary: "Players' open reports of puzzles, newest first, beside the flags",
  request: { query: PageQuery },
  responses: {
    200: jsonAnswer(ReportsPageSchema, 'One page'),
    400: jsonError('Malformed cursor or limit'),
    401: jsonError('Missing or wrong admin token'),
  },
});

const resolve = createRoute({
  method: 'post',
  path: '/admin/reports/{id}/resolve',
  operationId: 'resolveReport',
  tags: [TAGS.admin.name],
  ...ADMIN,
  summary: 'Close a report, with what was found (audited)',
  request: {
    params: z.object({
      id: z.coerce
        .number()
        .int()
        .positive()
        .openapi({ param: { name: 'id', in: 'path' }, example: 7 }),
    }),
    body: jsonBody(
      z
        .strictObject({ reason: ModerationReason })
        .openapi({ example: { reason: 'Checked: the puzzle has one solution' } }),
    ),
  },
  responses: {
    200: jsonAnswer(ResolvedReportSchema, 'Closed'),
    ...errorResponses(
      { 400: 'Malformed id or reason', 401: 'Missing or wrong admin token' },
      RESOLVE_REFUSALS,
    ),
  },
});

const levels = createRoute({
  method: 'get',
  path: '/admin/levels/feedback',
  operationId: 'levelFeedback',
  tags: [TAGS.admin.name],
  ...ADMIN,
  summary: `Each level's felt difficulty beside its grader's techniques and its benchmark (last ${LEVEL_FEEDBACK_DAYS} days)`,
  responses: {
    200: jsonAnswer(LevelFeedbackSchema, 'Every level'),
    401: jsonError('Missing or wrong admin token'),
  },
});

const ofPuzzle = createRoute({
  method: 'get',
  path: '/admin/puzzles/{date}/{kind}/{level}/feedback',
  operationId: 'puzzleFeedback',
  tags: [TAGS.admin.name],
  ...ADMIN,
  summary: "One puzzle's votes (every one, counted per fun value and felt difficulty) and all its reports",
  request: { params: PuzzleParams },
  responses: {
    200: jsonAnswer(PuzzleFeedbackSchema, 'The votes and reports'),
    400: jsonError('Malformed date, kind or level'),
    401: jsonError('Missing or wrong admin token'),
    404: jsonError('No such puzzle'),
  },
});

export const reportRoutes = routeGroup()
  .openapi(list, async (c) => {
    const { cursor, limit } = c.req.valid('query');
    const rows = await openReports(c.var.services, decodeCursor(cursor, IdCursor)?.id ?? null, limit + 1);
    const page = pageOf(rows, limit, (last) => ({ id: last.id }));
    c.header('Cache-Control', CACHE_CONTROL.private);
    return c.json({ reports: page.rows, nextCursor: page.nextCursor }, 200);
  })
  .openapi(resolve, async (c) => {
    const { id } = c.req.valid('param');
    const { reason } = c.req.valid('json');
    const outcome = await resolveReportNow(c.var.services, id, c.var.moderator, reason);
    if (!outcome.ok) throw refusal(RESOLVE_REFUSALS, outcome, { id });
    return c.json({ id, resolved: true as const }, 200);
  })
  .openapi(ofPuzzle, async (c) => {
    const { date, kind, level } = c.req.valid('param');
    requireLevelOf(kind, level);
    const id = `${date}:${kind}:${level}`;
    const feedback = await puzzleFeedback(c.var.services, id);
    if (!feedback) throw new ApiError(404, 'not_found', `There is no puzzle ${id}`);
    c.header('Cache-Control', CACHE_CONTROL.private);
    return c.json(feedback, 200);
  })
  .openapi(levels, async (c) => {
    c.header('Cache-Control', CACHE_CONTROL.private);
    return c.json(await levelReport(c.var.services), 200);
  });
