import { createRoute, z } from '@hono/zod-openapi';
import {
  AuditPageSchema,
  BanSchema,
  FlagsPageSchema,
  ModerationResultSchema,
  StoredSubmissionSchema,
} from '../contract/admin.js';
import { auditPage, findSubmission, heldPage } from '../db/moderation.js';
import { CACHE_CONTROL } from '../http/cache.js';
import { decodeCursor, IdCursor, pageOf } from '../http/cursor.js';
import { ApiError } from '../http/errors.js';
import { flagOf } from '../play/flag-view.js';
import {
  approveSolve,
  type BanOutcome,
  banPlayerNow,
  type ModerationOutcome,
  voidSolve,
} from '../play/moderate.js';
import { ADMIN } from './access.js';
import { jsonAnswer, jsonBody, PageQuery } from './json.js';
import { errorResponses, type Failed, type Refusals, refusal } from './refusals.js';
import { routeGroup } from './route-group.js';
import { jsonError, ModerationReason, playerIdParam } from './schemas.js';
import { TAGS } from './tags.js';

const SubmissionId = z.coerce
  .number()
  .int()
  .positive()
  .openapi({ param: { name: 'id', in: 'path' }, example: 1042 });
const PlayerIdParam = playerIdParam('id');
const ReasonBody = z
  .strictObject({ reason: ModerationReason })
  .openapi({ example: { reason: 'Every move 50 ms apart: entered by a script' } });

const MODERATION_REFUSALS = {
  not_found: [404, 'not_found', (_, { id }) => `There is no submission ${id}`, { doc: 'No such submission' }],
  not_ranked: [
    409,
    'not_ranked',
    (_, { id }) => `Submission ${id} is an unranked attempt`,
    { doc: 'The submission is not ranked' },
  ],
  already: [
    409,
    'conflict',
    (_, { id }) => `Submission ${id} cannot take that status from the one it has`,
    { doc: 'The submission already has that status' },
  ],
} as const satisfies Refusals<Failed<ModerationOutcome>, { id: number }>;

const BAN_REFUSALS = {
  not_found: [404, 'not_found', (_, { id }) => `There is no player ${id}`, { doc: 'No such player' }],
  already: [
    409,
    'conflict',
    (_, { id }) => `Player ${id} is banned already`,
    { doc: 'The player is banned already' },
  ],
} as const satisfies Refusals<Failed<BanOutcome>, { id: string }>;

const flags = createRoute({
  method: 'get',
  path: '/admin/flags',
  operationId: 'listFlags',
  tags: [TAGS.admin.name],
  ...ADMIN,
  summary:
    'Pending and flagged solves waiting for a moderator, those that would take the most public places first',
  request: { query: PageQuery },
  responses: {
    200: jsonAnswer(FlagsPageSchema, 'One page'),
    400: jsonError('Malformed cursor or limit'),
    401: jsonError('Missing or wrong admin token'),
  },
});

const detail = createRoute({
  method: 'get',
  path: '/admin/submissions/{id}',
  operationId: 'getSubmission',
  tags: [TAGS.admin.name],
  ...ADMIN,
  summary: 'One submission as stored, with its verdict, evidence and (for flagged solves) its move log',
  request: { params: z.object({ id: SubmissionId }) },
  responses: {
    200: jsonAnswer(StoredSubmissionSchema, 'The stored row'),
    400: jsonError('Malformed id'),
    401: jsonError('Missing or wrong admin token'),
    404: jsonError('No such submission'),
  },
});

const moderationResponses = {
  200: jsonAnswer(ModerationResultSchema, 'The new status and what was re-derived'),
  ...errorResponses(
    { 400: 'Malformed id or reason', 401: 'Missing or wrong admin token' },
    MODERATION_REFUSALS,
  ),
} as const;

const approve = createRoute({
  method: 'post',
  path: '/admin/submissions/{id}/approve',
  operationId: 'approveSubmission',
  tags: [TAGS.admin.name],
  ...ADMIN,
  summary:
    'Rank a pending or flagged solve, saying why: boards, statistics and both ratings take it in its place',
  request: {
    params: z.object({ id: SubmissionId }),
    body: jsonBody(
      z
        .strictObject({ reason: ModerationReason })
        .openapi({ example: { reason: 'The log shows a person solving at a steady pace' } }),
    ),
  },
  responses: moderationResponses,
});

const voidRoute = createRoute({
  method: 'post',
  path: '/admin/submissions/{id}/void',
  operationId: 'voidSubmission',
  tags: [TAGS.admin.name],
  ...ADMIN,
  summary: 'Remove a ranked solve: boards, statistics and both ratings are re-derived without it',
  request: {
    params: z.object({ id: SubmissionId }),
    body: jsonBody(ReasonBody),
  },
  responses: moderationResponses,
});

const ban = createRoute({
  method: 'post',
  path: '/admin/players/{id}/ban',
  operationId: 'banPlayer',
  tags: [TAGS.admin.name],
  ...ADMIN,
  summary:
    'Ban a player: its tokens are refused and every solve of it is hidden; what they moved is re-derived',
  request: {
    params: z.object({ id: PlayerIdParam }),
    body: jsonBody(ReasonBody),
  },
  responses: {
    200: jsonAnswer(BanSchema, 'The ban and what was re-derived'),
    ...errorResponses({ 400: 'Malformed id or reason', 401: 'Missing or wrong admin token' }, BAN_REFUSALS),
  },
});

const audit = createRoute({
  method: 'get',
  path: '/admin/audit',
  operationId: 'listAuditActions',
  tags: [TAGS.admin.name],
  ...ADMIN,
  summary: 'Every admin action (who, what, on what, when, why), newest first',
  request: { query: PageQuery },
  responses: {
    200: jsonAnswer(AuditPageSchema, 'One page'),
    400: jsonError('Malformed cursor or limit'),
    401: jsonError('Missing or wrong admin token'),
  },
});

const HeldCursorSchema = z.object({ places: z.number().int(), id: z.number().int() });

function moderated(id: number, outcome: ModerationOutcome) {
  if (!outcome.ok) throw refusal(MODERATION_REFUSALS, outcome, { id });
  return {
    submissionId: id,
    status: outcome.status as 'approved' | 'voided',
    rederived: outcome.rederived,
  };
}

export const moderationRoutes = routeGroup()
  .openapi(flags, async (c) => {
    const { cursor, limit } = c.req.valid('query');
    const rows = await heldPage(c.var.services.db, decodeCursor(cursor, HeldCursorSchema) ?? null, limit + 1);
    const page = pageOf(rows, limit, (last) => ({ places: last.places, id: last.id }));
    c.header('Cache-Control', CACHE_CONTROL.private);
    return c.json(
      {
        flags: page.rows.map(flagOf),
        nextCursor: page.nextCursor,
      },
      200,
    );
  })
  .openapi(detail, async (c) => {
    const { id } = c.req.valid('param');
    const row = await findSubmission(c.var.services.db, id);
    if (!row) throw new ApiError(404, 'not_found', `There is no submission ${id}`);
    c.header('Cache-Control', CACHE_CONTROL.private);
    return c.json(row as Record<string, unknown>, 200);
  })
  .openapi(approve, async (c) => {
    const { id } = c.req.valid('param');
    const { db, now, boards } = c.var.services;
    const { reason } = c.req.valid('json');
    const outcome = await approveSolve(db, id, c.var.moderator, reason, now(), boards, c.var.services);
    return c.json(moderated(id, outcome), 200);
  })
  .openapi(voidRoute, async (c) => {
    const { id } = c.req.valid('param');
    const { db, now, boards } = c.var.services;
    const outcome = await voidSolve(
      db,
      id,
      c.var.moderator,
      c.req.valid('json').reason,
      now(),
      boards,
      c.var.services,
    );
    return c.json(moderated(id, outcome), 200);
  })
  .openapi(ban, async (c) => {
    const { id } = c.req.valid('param');
    const { db, now, boards } = c.var.services;
    const outcome = await banPlayerNow(db, id, c.var.moderator, c.req.valid('json').reason, now(), boards);
    if (!outcome.ok) throw refusal(BAN_REFUSALS, outcome, { id });
    return c.json({ playerId: id, banned: true as const, rederived: outcome.rederived }, 200);
  })
  .openapi(audit, async (c) => {
    const { cursor, limit } = c.req.valid('query');
    const rows = await auditPage(c.var.services.db, decodeCursor(cursor, IdCursor)?.id ?? null, limit + 1);
    const page = pageOf(rows, limit, (last) => ({ id: last.id }));
    c.header('Cache-Control', CACHE_CONTROL.private);
    const actions = page.rows.map(({ moderatorId, moderatorName, ...action }) => ({
      ...action,
      moderator: moderatorId === null ? null : { id: moderatorId, name: moderatorName ?? moderatorId },
    }));
    return c.json({ actions, nextCursor: page.nextCursor }, 200);
  });
