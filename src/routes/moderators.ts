import { createRoute, z } from '@hono/zod-openapi';
import {
  CreatedModeratorSchema,
  ModeratorSchema,
  ModeratorsSchema,
  NewModeratorSchema,
  RevokeModeratorSchema,
  WhoAmISchema,
} from '../contract/moderators.js';
import { CACHE_CONTROL } from '../http/cache.js';
import { addModerator, moderatorList, type RevokeOutcome, revokeModeratorNow } from '../play/moderators.js';
import { ADMIN, idempotent, OWNER } from './access.js';
import { jsonAnswer, jsonBody, optionalJsonBody } from './json.js';
import { errorResponses, type Failed, type Refusals, refusal } from './refusals.js';
import { routeGroup } from './route-group.js';
import { jsonError } from './schemas.js';
import { TAGS } from './tags.js';

const REVOKE_REFUSALS = {
  not_found: [
    404,
    'not_found',
    (_, { id }) => `There is no moderator ${id} holding a token`,
    { doc: 'No moderator of that id, or revoked already' },
  ],
} as const satisfies Refusals<Failed<RevokeOutcome>, { id: string }>;

const OWNERS_ONLY = { 401: 'Missing or wrong admin token', 403: 'A moderator, not an owner' } as const;

const ModeratorId = z
  .string()
  .uuid('must be a moderator id')
  .openapi({ param: { name: 'id', in: 'path' }, example: '0b5c1f0e-2a51-4c3e-9a39-6f1de2c4a7b1' });

const me = createRoute({
  method: 'get',
  path: '/admin/me',
  operationId: 'whoAmI',
  tags: [TAGS.admin.name],
  ...ADMIN,
  summary: "Who the caller's token is: its name and role (the console signs in with it)",
  responses: {
    200: jsonAnswer(WhoAmISchema, 'The moderator or owner'),
    401: jsonError('Missing or wrong admin token'),
  },
});

const create = createRoute({
  method: 'post',
  path: '/admin/moderators',
  operationId: 'createModerator',
  tags: [TAGS.admin.name],
  ...idempotent(OWNER),
  summary: 'Make a named moderator or owner: its token is in the answer, shown this once',
  request: { body: jsonBody(NewModeratorSchema) },
  responses: {
    201: jsonAnswer(CreatedModeratorSchema, 'Made (and audited)'),
    ...errorResponses({ 400: 'Malformed name, role or reason', ...OWNERS_ONLY }),
  },
});

const list = createRoute({
  method: 'get',
  path: '/admin/moderators',
  operationId: 'listModerators',
  tags: [TAGS.admin.name],
  ...OWNER,
  summary: 'Every named moderator and owner, revoked ones too, oldest first (never their tokens)',
  responses: {
    200: jsonAnswer(ModeratorsSchema, 'The moderators'),
    ...errorResponses(OWNERS_ONLY),
  },
});

const revoke = createRoute({
  method: 'delete',
  path: '/admin/moderators/{id}',
  operationId: 'revokeModerator',
  tags: [TAGS.admin.name],
  ...OWNER,
  summary: "Revoke a moderator's token: refused (401) from now on; its past actions stay in the log",
  request: { params: z.object({ id: ModeratorId }), body: optionalJsonBody(RevokeModeratorSchema) },
  responses: {
    200: jsonAnswer(ModeratorSchema, 'Revoked (and audited)'),
    ...errorResponses({ 400: 'Malformed id or reason', ...OWNERS_ONLY }, REVOKE_REFUSALS),
  },
});

export const moderatorRoutes = routeGroup()
  .openapi(me, async (c) => {
    c.header('Cache-Control', CACHE_CONTROL.private);
    const { id, name, role } = c.var.moderator;
    return c.json({ id, name, role }, 200);
  })
  .openapi(create, async (c) => {
    const made = await addModerator(c.var.services, c.var.moderator, c.req.valid('json'));
    return c.json({ ...made.moderator, token: made.token }, 201);
  })
  .openapi(list, async (c) => {
    c.header('Cache-Control', CACHE_CONTROL.private);
    return c.json({ moderators: await moderatorList(c.var.services) }, 200);
  })
  .openapi(revoke, async (c) => {
    const { id } = c.req.valid('param');
    const reason = c.req.valid('json')?.reason ?? null;
    const outcome = await revokeModeratorNow(c.var.services, c.var.moderator, id, reason);
    if (!outcome.ok) throw refusal(REVOKE_REFUSALS, outcome, { id });
    return c.json(outcome.moderator, 200);
  });
