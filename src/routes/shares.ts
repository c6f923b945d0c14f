import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { ShareCodeSchema, ShareRequestSchema, ShareSchema, SharesSchema } from '../contract/shares.js';
import { CACHE_CONTROL } from '../http/cache.js';
import type { AppEnv } from '../http/context.js';
import { ApiError } from '../http/errors.js';
import { RATE_LIMITS } from '../http/rate-limit.js';
import { validationHook } from '../http/validation.js';
import { createShare, listShares, revokeShare, type ShareOutcome, shareView } from '../play/shares.js';
import { idempotent, limitedBy, PLAYER, PLAYER_READ } from './access.js';
import { readsOwnSolves } from './own-solves.js';
import { errorResponses, type Failed, type Refusals, refusal } from './refusals.js';
import { jsonError } from './schemas.js';
import { TAGS } from './tags.js';

/** Each share's image is rendered once on its first view: making shares is limited like other costly work. */
const MAKING = limitedBy(PLAYER, [RATE_LIMITS.shareCreationPerPlayer, RATE_LIMITS.shareCreationPerIp]);

const SHARE_REFUSALS = {
  not_solved: [
    403,
    'not_solved',
    (_, { what }) => `Share ${what} after solving it (a voided solve is not shared)`,
  ],
  solve_under_review: [
    409,
    'solve_under_review',
    (_, { what }) => `Share ${what} once a moderator has approved it: the solve is under review`,
  ],
} as const satisfies Refusals<Failed<ShareOutcome>, { what: string }>;

const create = createRoute({
  method: 'post',
  path: '/players/me/shares',
  operationId: 'createShare',
  tags: [TAGS.shares.name],
  ...idempotent(readsOwnSolves(MAKING, 'body')),
  summary: 'Share a solve, or the whole day, as a spoiler-free card',
  description:
    'With `kind` and `level`: the player’s solve of that puzzle; with neither: every puzzle of `date` it ' +
    'solved. The answer carries an unguessable link code, the chat line and the URLs of the public page ' +
    '(`GET /s/{code}`, with Open Graph and Twitter card tags) and of its 1200×630 image (`GET /s/{code}.png`). ' +
    'The figures are fixed when the share is made; rank and streak are shown only for a player whose board ' +
    'visibility is `public`. Nothing names another player, and nothing shows an answer.',
  request: {
    body: { required: true, content: { 'application/json': { schema: ShareRequestSchema } } },
  },
  responses: {
    201: { content: { 'application/json': { schema: ShareSchema } }, description: 'The share' },
    ...errorResponses(
      {
        400: 'Malformed request: a date as YYYY-MM-DD, kind and level together and the level of that kind',
        401: 'Missing or invalid token',
        403: 'The player is banned',
        429: 'Too many shares made; see Retry-After',
      },
      SHARE_REFUSALS,
    ),
  },
});

const list = createRoute({
  method: 'get',
  path: '/players/me/shares',
  operationId: 'listShares',
  tags: [TAGS.shares.name],
  ...PLAYER_READ,
  summary: 'The player’s shares, newest first',
  responses: {
    200: { content: { 'application/json': { schema: SharesSchema } }, description: 'The shares' },
    401: jsonError('Missing or invalid token'),
    403: jsonError('The player is banned'),
  },
});

const revoke = createRoute({
  method: 'delete',
  path: '/players/me/shares/{code}',
  operationId: 'revokeShare',
  tags: [TAGS.shares.name],
  ...PLAYER,
  summary: 'Revoke a share: its page and image answer 404 from now on',
  description:
    'The image was served `immutable`: a copy a browser or a chat service already keeps may still show, ' +
    'but this server answers 404 for the code from now on.',
  request: {
    params: z.object({
      code: ShareCodeSchema.openapi({
        param: { name: 'code', in: 'path' },
        example: 'q8Hc3Vb1Z9kT0pLr2Ws7Xy',
      }),
    }),
  },
  responses: {
    204: { description: 'Revoked' },
    400: jsonError('Malformed code'),
    401: jsonError('Missing or invalid token'),
    403: jsonError('The player is banned'),
    404: jsonError('The player holds no share of that code'),
  },
});

const originOf = (url: string) => new URL(url).origin;

export const shareRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(create, async (c) => {
    const request = c.req.valid('json');
    const outcome = await createShare(c.var.services, c.var.player, request);
    if (!outcome.ok) {
      const what = request.kind
        ? `${request.date}:${request.kind}:${request.level}`
        : `a puzzle of ${request.date}`;
      throw refusal(SHARE_REFUSALS, outcome, { what });
    }
    c.header('Cache-Control', CACHE_CONTROL.private);
    return c.json(shareView(outcome.share, originOf(c.req.url)), 201);
  })
  .openapi(list, async (c) => {
    const rows = await listShares(c.var.services, c.var.player.id);
    c.header('Cache-Control', CACHE_CONTROL.private);
    return c.json({ shares: rows.map((row) => shareView(row, originOf(c.req.url))) }, 200);
  })
  .openapi(revoke, async (c) => {
    const { code } = c.req.valid('param');
    if (!(await revokeShare(c.var.services, c.var.player.id, code))) {
      throw new ApiError(404, 'not_found', `This player holds no share ${code}`);
    }
    return c.body(null, 204);
  });
