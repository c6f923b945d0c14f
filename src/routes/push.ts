import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  PushEndpointSchema,
  PushKeySchema,
  PushRequestSchema,
  PushSubscriptionSchema,
} from '../contract/push.js';
import { CACHE_CONTROL } from '../http/cache.js';
import type { AppEnv } from '../http/context.js';
import { ApiError } from '../http/errors.js';
import { validationHook } from '../http/validation.js';
import { type SubscribeOutcome, subscribe, unsubscribe } from '../play/push.js';
import { NO_TOKEN, PLAYER } from './access.js';
import { errorResponses, type Failed, type Refusals, refusal } from './refusals.js';
import { jsonError } from './schemas.js';
import { TAGS } from './tags.js';

const SUBSCRIBE_REFUSALS = {
  not_a_curve_point: [
    400,
    'invalid_request',
    'subscription.keys.p256dh: is not a point of the P-256 curve, so nothing can be encrypted to it',
  ],
  push_service_not_allowed: [
    400,
    'push_service_not_allowed',
    "subscription.endpoint: is not at a push service this server sends to (a browser's own push service)",
  ],
} as const satisfies Refusals<Failed<SubscribeOutcome>>;

const key = createRoute({
  method: 'get',
  path: '/push/key',
  operationId: 'pushKey',
  tags: [TAGS.reminders.name],
  ...NO_TOKEN,
  summary: "The VAPID public key: a browser's applicationServerKey for PushManager.subscribe()",
  responses: {
    200: { content: { 'application/json': { schema: PushKeySchema } }, description: 'The key' },
  },
});

const put = createRoute({
  method: 'put',
  path: '/players/me/push',
  operationId: 'subscribePush',
  tags: [TAGS.reminders.name],
  ...PLAYER,
  summary: "Remind this device at an hour of the player's calendar while the day's streak is open",
  description:
    "The browser's PushSubscription JSON, as `subscription.toJSON()` gives it, and the hour (0–23) of the " +
    "player's time zone (its streak calendar; UTC until it has one). At that hour, if nothing is solved yet " +
    'on that date, one reminder comes, never more than one a day. One subscription per device (per token): ' +
    'another endpoint from the same device replaces it; an endpoint another device or player held moves here. ' +
    'GET /v1/players/me/tokens lists them with their devices.',
  request: {
    body: { required: true, content: { 'application/json': { schema: PushRequestSchema } } },
  },
  responses: {
    200: {
      content: { 'application/json': { schema: PushSubscriptionSchema } },
      description: 'The reminder as kept',
    },
    ...errorResponses(
      {
        400: 'Not a PushSubscription: an endpoint that is not https or not at a browser push service (`push_service_not_allowed`), a key that is not unpadded base64url of its length (p256dh 65 bytes, auth 16), an hour outside 0–23',
        401: 'Missing or invalid token',
        403: 'The player is banned',
      },
      SUBSCRIBE_REFUSALS,
    ),
  },
});

const remove = createRoute({
  method: 'delete',
  path: '/players/me/push',
  operationId: 'unsubscribePush',
  tags: [TAGS.reminders.name],
  ...PLAYER,
  summary: 'Stop the reminders of one of the player’s subscriptions, named by its endpoint',
  request: {
    query: z.object({
      endpoint: PushEndpointSchema.openapi({
        param: { name: 'endpoint', in: 'query' },
        example: 'https://fcm.googleapis.com/fcm/send/dK1c3aExample:APA91bH-Zr7c1kQ2bXw9LmPa',
      }),
    }),
  },
  responses: {
    204: { description: 'Removed' },
    400: jsonError('Malformed endpoint'),
    401: jsonError('Missing or invalid token'),
    403: jsonError('The player is banned'),
    404: jsonError('The player holds no subscription at that endpoint'),
  },
});

export const pushRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
  .openapi(key, (c) => {
    c.header('Cache-Control', CACHE_CONTROL.pushKey);
    return c.json({ publicKey: c.var.services.config.vapid.publicKey }, 200);
  })
  .openapi(put, async (c) => {
    const outcome = await subscribe(
      c.var.services,
      c.var.player,
      c.var.playerToken.tokenId,
      c.req.valid('json'),
    );
    if (!outcome.ok) throw refusal(SUBSCRIBE_REFUSALS, outcome);
    return c.json(outcome.subscription, 200);
  })
  .openapi(remove, async (c) => {
    const { endpoint } = c.req.valid('query');
    if (!(await unsubscribe(c.var.services, c.var.player.id, endpoint))) {
      throw new ApiError(404, 'not_found', 'This player holds no push subscription at that endpoint');
    }
    return c.body(null, 204);
  });
