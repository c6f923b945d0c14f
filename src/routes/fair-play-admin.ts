import { createRoute, z } from '@hono/zod-openapi';
import {
  HeldTopSchema,
  LinesSchema,
  SetLinesBodySchema,
  TopEvidenceSchema,
  VouchedSchema,
} from '../contract/fair-play-admin.js';
import { CACHE_CONTROL } from '../http/cache.js';
import { topWithEvidence } from '../play/board-top.js';
import { type SetLinesOutcome, setModeratorLines } from '../play/set-lines.js';
import { heldTopRows } from '../play/top-review.js';
import { type VouchOutcome, vouchFor } from '../play/vouch.js';
import { ADMIN, OWNER } from './access.js';
import { jsonAnswer, jsonBody } from './json.js';
import { errorResponses, type Failed, type Refusals, refusal } from './refusals.js';
import { requireLevelOf } from './require.js';
import { routeGroup } from './route-group.js';
import {
  jsonError,
  KindParam,
  LevelParam,
  ModerationReason,
  PuzzleParams,
  playerIdParam,
} from './schemas.js';
import { TAGS } from './tags.js';

const VOUCH_REFUSALS = {
  not_found: [404, 'not_found', (_, { id }) => `There is no player ${id}`, { doc: 'No such player' }],
  already: [409, 'conflict', (_, { id }) => `Player ${id} is approved already`, { doc: 'Approved already' }],
  banned: [409, 'conflict', (_, { id }) => `Player ${id} is banned`, { doc: 'The player is banned' }],
} as const satisfies Refusals<Failed<VouchOutcome>, { id: string }>;

const LINES_REFUSALS = {
  not_found: [404, 'not_found', 'No benchmark for that kind and level', { doc: 'No such kind and level' }],
} as const satisfies Refusals<Failed<SetLinesOutcome>>;

const vouch = createRoute({
  method: 'post',
  path: '/admin/players/{id}/approve',
  operationId: 'approvePlayer',
  tags: [TAGS.admin.name],
  ...ADMIN,
  summary: "Vouch for a player: its rows may take a board's top places without a long history",
  description:
    'Its fast solves need no history behind them, it is held to the cold floor, not the learnt one, and its ' +
    'counted paces become record paces (the learnt floor stays under 90 % of them). Audited.',
  request: {
    params: z.object({ id: playerIdParam('id') }),
    body: jsonBody(
      z
        .strictObject({ reason: ModerationReason })
        .openapi({ example: { reason: 'National champion: checked against tournament results' } }),
    ),
  },
  responses: {
    200: jsonAnswer(VouchedSchema, 'Approved (and audited)'),
    ...errorResponses({ 400: 'Malformed id or reason', 401: 'Missing or wrong admin token' }, VOUCH_REFUSALS),
  },
});

const lines = createRoute({
  method: 'put',
  path: '/admin/lines/{kind}/{level}',
  operationId: 'setLines',
  tags: [TAGS.admin.name],
  ...OWNER,
  summary: "Set a kind and level's human floor and elite line below what learning allows",
  description:
    'Learning never takes a line under its cold value (the descriptor’s arithmetic), so that the accounts it ' +
    'judges cannot steer it; a moderator may, with a reason kept in the audit log. Null clears a line.',
  request: {
    params: z.object({ kind: KindParam, level: LevelParam }),
    body: jsonBody(
      SetLinesBodySchema.extend({ reason: ModerationReason }).openapi({
        example: { floorRatio: 0.08, eliteRatio: null, reason: 'Two verified champions solve at 9 %' },
      }),
    ),
  },
  responses: {
    200: jsonAnswer(LinesSchema, 'The lines now in force'),
    ...errorResponses(
      { 400: 'Unknown kind or level, malformed ratio or reason', 401: 'Missing or wrong admin token' },
      LINES_REFUSALS,
    ),
  },
});

const topReview = createRoute({
  method: 'get',
  path: '/admin/top-review',
  operationId: 'listHeldTopRows',
  tags: [TAGS.admin.name],
  ...ADMIN,
  summary: "Rows held back from the live puzzles' top 10 places, the highest places first",
  description:
    'Their players have neither a long clean history nor a moderator’s approval. Approve the player ' +
    '(POST /v1/admin/players/{id}/approve) or void the solve; GET /v1/admin/players/{id}/evidence shows why.',
  responses: {
    200: jsonAnswer(HeldTopSchema, 'The rows'),
    401: jsonError('Missing or wrong admin token'),
  },
});

const topEvidence = createRoute({
  method: 'get',
  path: '/admin/puzzles/{date}/{kind}/{level}/top',
  operationId: 'getTopEvidence',
  tags: [TAGS.admin.name],
  ...ADMIN,
  summary: "A puzzle's top 10 places with each row's evidence badge, the held rows included",
  description:
    'Each row of the global board’s top places with what lets it stand there (a long clean history, a ' +
    'moderator’s approval) or `new`: such a row is held back from the public page (GET /v1/admin/top-review).',
  request: { params: PuzzleParams },
  responses: {
    200: jsonAnswer(TopEvidenceSchema, 'The top places'),
    400: jsonError('Malformed date, kind or level'),
    401: jsonError('Missing or wrong admin token'),
  },
});

export const fairPlayAdminRoutes = routeGroup()
  .openapi(vouch, async (c) => {
    const { id } = c.req.valid('param');
    const { db, now } = c.var.services;
    const outcome = await vouchFor(db, id, c.var.moderator, c.req.valid('json').reason, now());
    if (!outcome.ok) throw refusal(VOUCH_REFUSALS, outcome, { id });
    return c.json({ playerId: id, approvedAt: outcome.approvedAt }, 200);
  })
  .openapi(lines, async (c) => {
    const key = c.req.valid('param');
    const { reason, ...ratios } = c.req.valid('json');
    const { db, now } = c.var.services;
    const outcome = await setModeratorLines(db, key, ratios, c.var.moderator, reason, now());
    if (!outcome.ok) throw refusal(LINES_REFUSALS, outcome);
    return c.json({ ...key, ...outcome.lines }, 200);
  })
  .openapi(topEvidence, async (c) => {
    const { date, kind, level } = c.req.valid('param');
    requireLevelOf(kind, level);
    c.header('Cache-Control', CACHE_CONTROL.private);
    return c.json(await topWithEvidence(c.var.services, `${date}:${kind}:${level}`), 200);
  })
  .openapi(topReview, async (c) => {
    c.header('Cache-Control', CACHE_CONTROL.private);
    return c.json({ rows: await heldTopRows(c.var.services) }, 200);
  });
