import { createRoute, z } from '@hono/zod-openapi';
import {
  CreatedWebhookSchema,
  NewWebhookSchema,
  QueuedDeliverySchema,
  WebhookDeliveriesSchema,
  WebhookSchema,
  WebhooksSchema,
} from '../contract/webhooks.js';
import { CACHE_CONTROL } from '../http/cache.js';
import { decodeCursor, IdCursor, pageOf } from '../http/cursor.js';
import {
  type CreateWebhookOutcome,
  createWebhook,
  deleteWebhook,
  enableWebhook,
  replayDelivery,
  type SendOutcome,
  sendTestEvent,
  webhookById,
  webhookDeliveries,
  webhookList,
} from '../play/webhook-endpoints.js';
import { ADMIN, idempotent, OWNER } from './access.js';
import { jsonAnswer, jsonBody, PageQuery } from './json.js';
import { errorResponses, type Failed, type Refusals, refusal } from './refusals.js';
import { routeGroup } from './route-group.js';
import { TAGS } from './tags.js';

const CREATE_REFUSALS = {
  url_not_allowed: [
    400,
    'webhook_url_not_allowed',
    (failure) => failure.why,
    {
      doc: 'The URL is not https, or names a private, loopback or link-local address or a local host name',
    },
  ],
} as const satisfies Refusals<Failed<CreateWebhookOutcome>>;

const NOT_FOUND = {
  not_found: [404, 'not_found', (_, { id }) => `There is no webhook ${id}`, { doc: 'No such webhook' }],
} as const satisfies Refusals<{ ok: false; reason: 'not_found' }, { id: string }>;

const SEND_REFUSALS = {
  not_found: [
    404,
    'not_found',
    (_, { id }) => `There is no webhook ${id}, or no such delivery of it`,
    { doc: 'No such webhook or delivery' },
  ],
  disabled: [
    409,
    'webhook_disabled',
    (_, { id }) => `Webhook ${id} is disabled: enable it first (POST /v1/admin/webhooks/${id}/enable)`,
    { doc: 'The webhook is disabled' },
  ],
} as const satisfies Refusals<Failed<SendOutcome>, { id: string }>;

const ADMINS = { 401: 'Missing or wrong admin token' } as const;
const OWNERS_ONLY = { 401: 'Missing or wrong admin token', 403: 'A moderator, not an owner' } as const;

const WebhookId = z
  .string()
  .uuid('must be a webhook id')
  .openapi({ param: { name: 'id', in: 'path' }, example: '6f1de2c4-2a51-4c3e-9a39-0b5c1f0ea7b1' });
const DeliveryId = z.coerce
  .number()
  .int()
  .positive()
  .openapi({ param: { name: 'deliveryId', in: 'path' }, example: 17 });

const create = createRoute({
  method: 'post',
  path: '/admin/webhooks',
  operationId: 'createWebhook',
  tags: [TAGS.admin.name],
  ...idempotent(OWNER),
  summary: 'Register an endpoint for events: its signing secret is in the answer, shown this once',
  request: { body: jsonBody(NewWebhookSchema) },
  responses: {
    201: jsonAnswer(CreatedWebhookSchema, 'Made (and audited)'),
    ...errorResponses({ 400: 'Malformed URL or events', ...OWNERS_ONLY }, CREATE_REFUSALS),
  },
});

const list = createRoute({
  method: 'get',
  path: '/admin/webhooks',
  operationId: 'listWebhooks',
  tags: [TAGS.admin.name],
  ...ADMIN,
  summary: 'Every webhook endpoint, oldest first (never their secrets)',
  responses: { 200: jsonAnswer(WebhooksSchema, 'The endpoints'), ...errorResponses(ADMINS) },
});

const one = createRoute({
  method: 'get',
  path: '/admin/webhooks/{id}',
  operationId: 'getWebhook',
  tags: [TAGS.admin.name],
  ...ADMIN,
  summary: 'One webhook endpoint: whether it is disabled, and why',
  request: { params: z.object({ id: WebhookId }) },
  responses: {
    200: jsonAnswer(WebhookSchema, 'The endpoint'),
    ...errorResponses({ 400: 'Malformed id', ...ADMINS }, NOT_FOUND),
  },
});

const remove = createRoute({
  method: 'delete',
  path: '/admin/webhooks/{id}',
  operationId: 'deleteWebhook',
  tags: [TAGS.admin.name],
  ...OWNER,
  summary: 'Delete a webhook endpoint with its deliveries',
  request: { params: z.object({ id: WebhookId }) },
  responses: {
    204: { description: 'Deleted (and audited)' },
    ...errorResponses({ 400: 'Malformed id', ...OWNERS_ONLY }, NOT_FOUND),
  },
});

const enable = createRoute({
  method: 'post',
  path: '/admin/webhooks/{id}/enable',
  operationId: 'enableWebhook',
  tags: [TAGS.admin.name],
  ...OWNER,
  summary: 'Enable a disabled endpoint again, its failures forgotten (replay what it missed)',
  request: { params: z.object({ id: WebhookId }) },
  responses: {
    200: jsonAnswer(WebhookSchema, 'Enabled (and audited)'),
    ...errorResponses({ 400: 'Malformed id', ...OWNERS_ONLY }, NOT_FOUND),
  },
});

const test = createRoute({
  method: 'post',
  path: '/admin/webhooks/{id}/test',
  operationId: 'testWebhook',
  tags: [TAGS.admin.name],
  ...ADMIN,
  summary: 'Queue a `webhook.test` event to this endpoint alone (see its deliveries for the outcome)',
  request: { params: z.object({ id: WebhookId }) },
  responses: {
    202: jsonAnswer(QueuedDeliverySchema, 'Queued (and audited)'),
    ...errorResponses({ 400: 'Malformed id', ...ADMINS }, SEND_REFUSALS),
  },
});

const deliveries = createRoute({
  method: 'get',
  path: '/admin/webhooks/{id}/deliveries',
  operationId: 'listWebhookDeliveries',
  tags: [TAGS.admin.name],
  ...ADMIN,
  summary: "An endpoint's deliveries, newest first, each with every try",
  request: { params: z.object({ id: WebhookId }), query: PageQuery },
  responses: {
    200: jsonAnswer(WebhookDeliveriesSchema, 'One page'),
    ...errorResponses({ 400: 'Malformed id, cursor or limit', ...ADMINS }, NOT_FOUND),
  },
});

const replay = createRoute({
  method: 'post',
  path: '/admin/webhooks/{id}/deliveries/{deliveryId}/replay',
  operationId: 'replayWebhookDelivery',
  tags: [TAGS.admin.name],
  ...ADMIN,
  summary: 'Queue one more try of a delivery, with its `webhook-id` unchanged',
  request: { params: z.object({ id: WebhookId, deliveryId: DeliveryId }) },
  responses: {
    202: jsonAnswer(QueuedDeliverySchema, 'Queued (and audited)'),
    ...errorResponses({ 400: 'Malformed id', ...ADMINS }, SEND_REFUSALS),
  },
});

export const webhookRoutes = routeGroup()
  .openapi(create, async (c) => {
    const outcome = await createWebhook(c.var.services, c.var.moderator, c.req.valid('json'));
    if (!outcome.ok) throw refusal(CREATE_REFUSALS, outcome);
    return c.json(outcome.webhook, 201);
  })
  .openapi(list, async (c) => {
    c.header('Cache-Control', CACHE_CONTROL.private);
    return c.json({ webhooks: await webhookList(c.var.services) }, 200);
  })
  .openapi(one, async (c) => {
    const { id } = c.req.valid('param');
    const outcome = await webhookById(c.var.services, id);
    if (!outcome.ok) throw refusal(NOT_FOUND, outcome, { id });
    c.header('Cache-Control', CACHE_CONTROL.private);
    return c.json(outcome.value, 200);
  })
  .openapi(remove, async (c) => {
    const { id } = c.req.valid('param');
    const outcome = await deleteWebhook(c.var.services, c.var.moderator, id);
    if (!outcome.ok) throw refusal(NOT_FOUND, outcome, { id });
    return c.body(null, 204);
  })
  .openapi(enable, async (c) => {
    const { id } = c.req.valid('param');
    const outcome = await enableWebhook(c.var.services, c.var.moderator, id);
    if (!outcome.ok) throw refusal(NOT_FOUND, outcome, { id });
    return c.json(outcome.value, 200);
  })
  .openapi(test, async (c) => {
    const { id } = c.req.valid('param');
    const outcome = await sendTestEvent(c.var.services, c.var.moderator, id);
    if (!outcome.ok) throw refusal(SEND_REFUSALS, outcome, { id });
    return c.json(outcome.queued, 202);
  })
  .openapi(deliveries, async (c) => {
    const { id } = c.req.valid('param');
    const { cursor, limit } = c.req.valid('query');
    const before = decodeCursor(cursor, IdCursor)?.id ?? null;
    const outcome = await webhookDeliveries(c.var.services, id, before, limit + 1);
    if (!outcome.ok) throw refusal(NOT_FOUND, outcome, { id });
    const page = pageOf(outcome.value, limit, (last) => ({ id: last.id }));
    c.header('Cache-Control', CACHE_CONTROL.private);
    return c.json({ deliveries: page.rows, nextCursor: page.nextCursor }, 200);
  })
  .openapi(replay, async (c) => {
    const { id, deliveryId } = c.req.valid('param');
    const outcome = await replayDelivery(c.var.services, c.var.moderator, id, deliveryId);
    if (!outcome.ok) throw refusal(SEND_REFUSALS, outcome, { id });
    return c.json(outcome.queued, 202);
  });
