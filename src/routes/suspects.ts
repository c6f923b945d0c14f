import { createRoute, z } from '@hono/zod-openapi';
import { ClearedSuspectSchema, SuspectsSchema } from '../contract/admin.js';
import { CACHE_CONTROL } from '../http/cache.js';
import { type ClearOutcome, clearSuspectNow, listSuspects } from '../play/suspects.js';
import { ADMIN } from './access.js';
import { jsonAnswer, jsonBody } from './json.js';
import { errorResponses, type Failed, type Refusals, refusal } from './refusals.js';
import { routeGroup } from './route-group.js';
import { jsonError, ModerationReason, playerIdParam } from './schemas.js';
import { TAGS } from './tags.js';

const CLEAR_REFUSALS = {
  not_found: [404, 'not_found', (_, { id }) => `There is no player ${id}`, { doc: 'No such player' }],
} as const satisfies Refusals<Failed<ClearOutcome>, { id: string }>;

const suspects = createRoute({
  method: 'get',
  path: '/admin/suspects',
  operationId: 'listSuspects',
  tags: [TAGS.admin.name],
  ...ADMIN,
  summary: 'Players whose pace gives them away, with the solves that list them',
  description:
    'Listed: at least 3 solves within 15 % above their floor in the last 30 days, or solves under the elite ' +
    'line from a short history in 2 kinds or more (signals before a clear do not count). While listed, a ' +
    "player's solves under the elite line stay `pending`. Banned players are not listed.",
  responses: {
    200: jsonAnswer(SuspectsSchema, 'The list, most floor-hugging solves first'),
    401: jsonError('Missing or wrong admin token'),
  },
});

const clear = createRoute({
  method: 'post',
  path: '/admin/players/{id}/clear',
  operationId: 'clearSuspect',
  tags: [TAGS.admin.name],
  ...ADMIN,
  summary: 'Take a player off the suspects list: only its solves from now on can list it again',
  request: {
    params: z.object({ id: playerIdParam('id') }),
    body: jsonBody(
      z
        .strictObject({ reason: ModerationReason })
        .openapi({ example: { reason: 'Known speed solver: checked against tournament results' } }),
    ),
  },
  responses: {
    200: jsonAnswer(ClearedSuspectSchema, 'Cleared (and audited)'),
    ...errorResponses({ 400: 'Malformed id or reason', 401: 'Missing or wrong admin token' }, CLEAR_REFUSALS),
  },
});

export const suspectRoutes = routeGroup()
  .openapi(suspects, async (c) => {
    const { db, now } = c.var.services;
    c.header('Cache-Control', CACHE_CONTROL.private);
    return c.json(await listSuspects(db, now()), 200);
  })
  .openapi(clear, async (c) => {
    const { id } = c.req.valid('param');
    const { db, now } = c.var.services;
    const outcome = await clearSuspectNow(db, id, c.var.moderator, c.req.valid('json').reason, now());
    if (!outcome.ok) throw refusal(CLEAR_REFUSALS, outcome, { id });
    return c.json({ playerId: id, clearedAt: outcome.clearedAt }, 200);
  });
