import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { LinkCodeSchema, LinkRequestSchema, PlayerTokensSchema } from '../contract/devices.js';
import { NewPlayerSchema } from '../contract/player.js';
import { devicesOf } from '../db/push-subscriptions.js';
import { CACHE_CONTROL } from '../http/cache.js';
import type { AppEnv } from '../http/context.js';
import { ApiError } from '../http/errors.js';
import { clientAddress, enforceRateLimit, RATE_LIMITS } from '../http/rate-limit.js';
import { validationHook } from '../http/validation.js';
import { linkDevice, newLinkCode, revokeDevice } from '../play/devices.js';
import { calendarOf, subscriptionView } from '../play/push.js';
import { limitedBy, NO_TOKEN, PLAYER } from './access.js';
import { jsonError } from './schemas.js';
import { TAGS } from './tags.js';

const createCode = createRoute({
  method: 'post',
  path: '/players/me/link-codes',
  operationId: 'createLinkCode',
  tags: [TAGS.devices.name],
  ...limitedBy(PLAYER, [RATE_LIMITS.linkCodeCreationPerPlayer, RATE_LIMITS.linkCodeCreationPerIp]),
  summary: 'A single-use code, valid for ten minutes, that gives another device a token of this player',
  responses: {
    201: { content: { 'application/json': { schema: LinkCodeSchema } }, description: 'The code' },
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
  ...NO_TOKEN,
  summary: 'Link this device: a code from the other device gives the same player and a new token',
  description:
    'No bearer token. Case, spaces and dashes do not matter. A code that is unknown, used, expired or ' +
    'mistyped answers the same 400, so nothing can be learnt about which codes exist.',
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: LinkRequestSchema,
        },
      },
    },
  },
  responses: {
    200: {
      content: { 'application/json': { schema: NewPlayerSchema } },
      description: 'The player and its new token',
    },
    400: jsonError('The code does not work'),
    429: jsonError('Too many attempts from this address or network; see Retry-After'),
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
    200: {
      content: { 'application/json': { schema: PlayerTokensSchema } },
      description: 'The tokens',
    },
    401: jsonError('Missing or invalid token'),
    403: jsonError('The player is banned'),
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
    400: jsonError('Malformed id'),
    401: jsonError('Missing or invalid token'),
    403: jsonError('The player is banned'),
    404: jsonError('The player holds no such token'),
  },
});

export const deviceRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(createCode, async (c) => {
    c.header('Cache-Control', CACHE_CONTROL.private);
    return c.json(await newLinkCode(c.var.services, c.var.player.id), 201);
  })
  .openapi(link, async (c) => {
    await enforceRateLimit(c, RATE_LIMITS.linkCodeRedemptionPerIp, clientAddress(c));
    const linked = await linkDevice(c.var.services, c.req.valid('json').code);
    if (!linked) {
      throw new ApiError(
        400,
        'invalid_link_code',
        'This code does not work: codes last ten minutes and work once',
      );
    }
    c.header('Cache-Control', CACHE_CONTROL.private);
    return c.json(linked, 200);
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
          current: token.id === current,
          push: push ? subscriptionView(push, calendarOf({ timeZone })) : null,
        })),
      },
      200,
    );
  })
  .openapi(revoke, async (c) => {
    const { id } = c.req.valid('param');
    const revoked = await revokeDevice(c.var.services, c.var.player.id, id);
    if (!revoked) throw new ApiError(404, 'not_found', `This player holds no token ${id}`);
    return c.body(null, 204);
  });
