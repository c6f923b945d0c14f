import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { CACHE_CONTROL } from '../http/cache.js';
import type { AppEnv } from '../http/context.js';
import { validationHook } from '../http/validation.js';
import { KINDS } from '../kinds/index.js';
import { type ClearOutcome, clearSuspectNow, listSuspects } from '../play/suspects.js';
import { ADMIN } from './access.js';
import { errorResponses, type Failed, type Refusals, refusal } from './refusals.js';
import { jsonError, ModerationReason, playerIdParam } from './schemas.js';
import { TAGS } from './tags.js';

const CLEAR_REFUSALS = {
  not_found: [404, 'not_found', (_, { id }) => `There is no player ${id}`, { doc: 'No such player' }],
} as const satisfies Refusals<Failed<ClearOutcome>, { id: string }>;

const SuspectSchema = z
  .object({
    player: z.object({
      id: z.string(),
      displayName: z.string().nullable(),
      createdAt: z.string(),
      clearedAt: z.string().nullable().openapi({ description: 'When a moderator last cleared it' }),
    }),
    floorHugs: z
      .number()
      .int()
      .openapi({ description: 'Solves within 15 % above their floor (or under it)' }),
    earlyEliteKinds: z.array(z.enum(KINDS)).openapi({
      description:
        'Kinds in which it solved under the elite line with fewer than 10 solves of the kind before',
    }),
    solves: z.array(
      z.object({
        submissionId: z.number().int(),
        puzzleId: z.string(),
        kind: z.enum(KINDS),
        status: z.string().nullable(),
        countedMs: z.number().int().nullable(),
        benchmarkSeconds: z.number().nullable(),
        submittedAt: z.string(),
        hugsFloor: z.boolean(),
        earlyElite: z.boolean(),
      }),
    ),
  })
  .openapi('Suspect');

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
    200: {
      content: {
        'application/json': {
          schema: z.object({
            since: z.string().openapi({ description: 'The start of the 30-day window' }),
            suspects: z.array(SuspectSchema),
          }),
        },
      },
      description: 'The list, most floor-hugging solves first',
    },
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
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .strictObject({ reason: ModerationReason })
            .openapi({ example: { reason: 'Known speed solver: checked against tournament results' } }),
        },
      },
    },
  },
  responses: {
    200: {
      content: {
        'application/json': { schema: z.object({ playerId: z.string(), clearedAt: z.string() }) },
      },
      description: 'Cleared (and audited)',
    },
    ...errorResponses({ 400: 'Malformed id or reason', 401: 'Missing or wrong admin token' }, CLEAR_REFUSALS),
  },
});

export const suspectRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(suspects, async (c) => {
    const { db, now } = c.var.services;
    c.header('Cache-Control', CACHE_CONTROL.private);
    return c.json(await listSuspects(db, now()), 200);
  })
  .openapi(clear, async (c) => {
    const { id } = c.req.valid('param');
    const { db, now } = c.var.services;
    const outcome = await clearSuspectNow(db, id, c.req.valid('json').reason, now());
    if (!outcome.ok) throw refusal(CLEAR_REFUSALS, outcome, { id });
    return c.json({ playerId: id, clearedAt: outcome.clearedAt }, 200);
  });
