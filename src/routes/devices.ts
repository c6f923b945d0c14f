import { createRoute, z } from '@hono/zod-openapi';
import {
  LinkCodeSchema,
  LinkRequestSchema,
  NewReadTokenRequestSchema,
  PlayerTokensSchema,
  ReadTokenSchema,
} from '../contract/devices.js';
import { NewPlayerSchema } from '../contract/player.js';
import { devicesOf } from '../db/push-subscriptions.js';
import { CACHE_CONTROL } from '../http/cache.js';
import { clientAddress, enforceRateLimit, RATE_LIMITS } from '../http/rate-limit.js';
import {
  type LinkOutcome,
  linkDevice,
  newLinkCode,
  newReadToken,
  type RevokeOutcome,
  revokeDevice,
} from '../play/devices.js';
import { calendarOf, subscriptionView } from '../play/push.js';
import { idempotent, limitedBy, NO_TOKEN, PLAYER } from './access.js';
import { jsonAnswer, jsonBody } from './json.js';
import { errorResponses, type Failed, type Refusals, refusal } from './refusals.js';
import { routeGroup } from './route-group.js';
import { jsonError } from './schemas.js';
import { TAGS } from './tags.js';

const LINK_REFUSALS = {
  code_does_not_work: [
    400,
    'invalid_link_code',
    'This code does not work: codes last ten minutes and work once',
    { doc: 'The code does not work' },
  ],
} as const satisfies Refusals<Failed<LinkOutcome>>;

const REVOKE_REFUSALS = {
  no_such_token: [
    404,
    'not_found',
    (_, { id }) => `This player holds no token ${id}`,
    { doc: 'The player holds no such token' },
  ],
} as const satisfies Refusals<Failed<RevokeOutcome>, { id: string }>;

const createCode = createRoute({
  method: 'post',
  path: '/players/me/link-codes',
  operationId: 'createLinkCode',
  tags: [TAGS.devices.name],
  ...idempotent(
    limitedBy(PLAYER, [RATE_LIMITS.linkCodeCreationPerPlayer, RATE_LIMITS.linkCodeCreationPerIp]),
  ),
  summary: 'A single-use code, valid for ten minutes, that gives another device a token of this player',
  responses: {
    201: jsonAnswer(LinkCodeSchema, 'The code'),
    401: jsonError('Missing or invalid token'),
    403: jsonError('The player is banned'),
    429: jsonError('Too many codes by this player or from this address or network; see Retry-After'),
  },
});

const link = createRoute({
  method: 'post',
  path: '/players/link',
  operationId: 'linkDevice',
  tags: [TAGS.devices.name],
  ...idempotent(NO_TOKEN),
  summary: 'Link this device: a code from the other device gives the same player and a new token',
  description:
    'No bearer token. Case, spaces and dashes do not matter. A code that is unknown, used, expired or ' +
    'mistyped answers the same 400, so nothing can be learnt about which codes exist.',
  request: {
    body: jsonBody(LinkRequestSchema),
  },
  responses: {
    200: jsonAnswer(NewPlayerSchema, 'The player and its new token'),
    ...errorResponses(
      { 429: 'Too many attempts from this address or network; see Retry-After' },
      LINK_REFUSALS,
    ),
  },
});

const listTokens = createRoute({
  method: 'get',
  path: '/players/me/tokens',
  operationId: 'listTokens',
  tags: [TAGS.devices.name],
  ...PLAYER,
  summary: "The player's tokens in use (one per device), oldest first, each with its streak reminder",
  responses: {
    200: jsonAnswer(PlayerTokensSchema, 'The tokens'),
    401: jsonError('Missing or invalid token'),
    403: jsonError('The player is banned'),
  },
});

const createReadToken = createRoute({
  method: 'post',
  path: '/players/me/tokens',
  operationId: 'createReadToken',
  tags: [TAGS.devices.name],
  ...idempotent(PLAYER),
  summary: 'A read-only token of this player, for a widget or another site: history, stats and boards',
  description:
    'The token reads what the player may read and writes nothing: every route that writes answers it 403 ' +
    '`insufficient_scope`, and a puzzle fetched with it is fetched as by anyone, starting no clock. It is ' +
    'listed with the player’s tokens (GET /v1/players/me/tokens) and revoked like them. Only a full token ' +
    'may make one.',
  request: { body: jsonBody(NewReadTokenRequestSchema) },
  responses: {
    201: jsonAnswer(ReadTokenSchema, 'The token, shown this once'),
    ...errorResponses({
      400: 'Malformed request: a scope other than read, or a label too long or with control characters',
      401: 'Missing or invalid token',
      403: 'The player is banned',
    }),
  },
});

const revoke = createRoute({
  method: 'delete',
  path: '/players/me/tokens/{id}',
  operationId: 'revokeToken',
  tags: [TAGS.devices.name],
  ...PLAYER,
  summary: 'Revoke one of the player’s tokens (this one too): it is refused with 401 from now on',
  request: {
    params: z.object({
      id: z
        .string()
        .regex(/^[A-Za-z0-9_-]{1,32}$/, 'must be a token id')
        .openapi({ param: { name: 'id', in: 'path' }, example: 'Zr7c1kQ2bXw9LmPa' }),
    }),
  },
  responses: {
    204: { description: 'Revoked' },
    ...errorResponses(
      { 400: 'Malformed id', 401: 'Missing or invalid token', 403: 'The player is banned' },
      REVOKE_REFUSALS,
    ),
  },
});

export const deviceRoutes = routeGroup()
  .openapi(createCode, async (c) => {
    c.header('Cache-Control', CACHE_CONTROL.private);
    return c.json(await newLinkCode(c.var.services, c.var.player.id), 201);
  })
  .openapi(link, async (c) => {
    await enforceRateLimit(c, RATE_LIMITS.linkCodeRedemptionPerIp, clientAddress(c));
    const outcome = await linkDevice(c.var.services, c.req.valid('json').code);
    if (!outcome.ok) throw refusal(LINK_REFUSALS, outcome);
    c.header('Cache-Control', CACHE_CONTROL.private);
    return c.json({ player: outcome.player, token: outcome.token }, 200);
  })
  .openapi(listTokens, async (c) => {
    const current = c.var.playerToken.tokenId;
    const devices = await devicesOf(c.var.services.db, c.var.player.id);
    c.header('Cache-Control', CACHE_CONTROL.private);
    return c.json(
      {
        tokens: devices.map(({ token, push, timeZone }) => ({
          id: token.id,
          createdAt: token.createdAt,
          via: token.via,
          scope: token.via === 'read' ? ('read' as const) : ('full' as const),
          label: token.label,
          current: token.id === current,
          push: push ? subscriptionView(push, calendarOf({ timeZone })) : null,
        })),
      },
      200,
    );
  })
  .openapi(createReadToken, async (c) => {
    const { label } = c.req.valid('json');
    c.header('Cache-Control', CACHE_CONTROL.private);
    return c.json(await newReadToken(c.var.services, c.var.player.id, label ?? null), 201);
  })
  .openapi(revoke, async (c) => {
    const { id } = c.req.valid('param');
    const outcome = await revokeDevice(c.var.services, c.var.player.id, id);
    if (!outcome.ok) throw refusal(REVOKE_REFUSALS, outcome, { id });
    return c.body(null, 204);
  });
