import {
  type CreatedWebhook,
  type NewWebhook,
  type QueuedDelivery,
  WEBHOOK_TEST_EVENT,
  type Webhook,
  type WebhookDelivery,
} from '../contract/webhooks.js';
import { recordAdminAction } from '../db/audit-log.js';
import type { Moderator } from '../db/moderators.js';
import {
  deleteWebhookEndpoint,
  enableWebhookEndpoint,
  insertWebhookDeliveries,
  insertWebhookEndpoint,
  listWebhookEndpoints,
  replayWebhookDelivery,
  type WebhookEndpointRow,
  webhookDeliveriesPage,
  webhookEndpoint,
} from '../db/webhooks.js';
import type { Services } from '../services.js';
import { payloadText, type WebhookMessage } from '../webhooks/events.js';
import { newWebhookSecret } from '../webhooks/signing.js';
import { webhookUrlRefusal } from '../webhooks/target.js';
import { auditEntry } from './audit-entry.js';

export type CreateWebhookOutcome =
  | { ok: true; webhook: CreatedWebhook }
  | { ok: false; reason: 'url_not_allowed'; why: string };

export type WebhookOutcome<T> = { ok: true; value: T } | { ok: false; reason: 'not_found' };

export type SendOutcome =
  | { ok: true; queued: QueuedDelivery }
  | { ok: false; reason: 'not_found' | 'disabled' };

/** An endpoint as the admin routes show it: never its secret. */
export function webhookView(row: WebhookEndpointRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    createdAt: row.createdAt,
    disabled: row.disabledAt !== null,
    disabledReason: row.reason,
    disabledAt: row.disabledAt,
    failingSince: row.failingSince,
  };
}

/** The queue, which a deployment always binds (wrangler.toml): without it nothing could be delivered. */
function queueOf(services: Services): Queue<WebhookMessage> {
  if (!services.webhooks) throw new Error('WEBHOOK_QUEUE is not bound: see wrangler.toml');
  return services.webhooks;
}

/**
 * Makes an endpoint for `request.url`, if the host rules allow it (src/webhooks/target.ts), with a new
 * signing secret, returned this once; audited as `by`'s act.
 */
export async function createWebhook(
  services: Services,
  by: Moderator,
  request: NewWebhook,
): Promise<CreateWebhookOutcome> {
  const why = webhookUrlRefusal(request.url, services.config.development);
  if (why !== null) return { ok: false, reason: 'url_not_allowed', why };
  const now = services.now();
  const row: WebhookEndpointRow = {
    id: crypto.randomUUID(),
    url: request.url,
    events: [...request.events],
    secret: newWebhookSecret(),
    createdAt: now.toISOString(),
    disabledAt: null,
    reason: null,
    failingSince: null,
  };
  await insertWebhookEndpoint(
    services.db,
    row,
    auditEntry(by, 'add_webhook', row.id, null, now, { url: row.url, events: row.events }),
  );
  return { ok: true, webhook: { ...webhookView(row), secret: row.secret } };
}

export async function webhookList(services: Services): Promise<Webhook[]> {
  return (await listWebhookEndpoints(services.db)).map(webhookView);
}

export async function webhookById(services: Services, id: string): Promise<WebhookOutcome<Webhook>> {
  const row = await webhookEndpoint(services.db, id);
  return row ? { ok: true, value: webhookView(row) } : { ok: false, reason: 'not_found' };
}

/** Deletes an endpoint and its deliveries' record, audited. */
export async function deleteWebhook(
  services: Services,
  by: Moderator,
  id: string,
): Promise<WebhookOutcome<null>> {
  const now = services.now();
  const deleted = await deleteWebhookEndpoint(
    services.db,
    id,
    auditEntry(by, 'delete_webhook', id, null, now),
  );
  return deleted ? { ok: true, value: null } : { ok: false, reason: 'not_found' };
}

/** Enables a disabled endpoint again, its failures forgotten, audited. Its given-up deliveries can be replayed. */
export async function enableWebhook(
  services: Services,
  by: Moderator,
  id: string,
): Promise<WebhookOutcome<Webhook>> {
  const now = services.now();
  const row = await enableWebhookEndpoint(services.db, id, auditEntry(by, 'enable_webhook', id, null, now));
  return row ? { ok: true, value: webhookView(row) } : { ok: false, reason: 'not_found' };
}

/** Queues a `webhook.test` event for this endpoint alone, whatever it subscribes to; audited. */
export async function sendTestEvent(services: Services, by: Moderator, id: string): Promise<SendOutcome> {
  const endpoint = await webhookEndpoint(services.db, id);
  if (!endpoint) return { ok: false, reason: 'not_found' };
  if (endpoint.disabledAt !== null) return { ok: false, reason: 'disabled' };
  const queue = queueOf(services);
  const now = services.now();
  const at = now.toISOString();
  const [row] = await insertWebhookDeliveries(services.db, [
    {
      messageId: `msg_${crypto.randomUUID().replaceAll('-', '')}`,
      endpointId: id,
      eventType: WEBHOOK_TEST_EVENT,
      payload: payloadText(WEBHOOK_TEST_EVENT, at, { webhookId: id }, null),
      createdAt: at,
      status: 'pending',
      nextAttemptAt: at,
    },
  ]);
  if (!row) throw new Error('the test delivery was not stored');
  await queue.send({ kind: 'delivery', deliveryId: row.id });
  await recordAdminAction(services.db, auditEntry(by, 'test_webhook', id, null, now, { deliveryId: row.id }));
  return { ok: true, queued: { deliveryId: row.id, messageId: row.messageId, status: 'pending' } };
}

/** Puts one of the endpoint's deliveries back on the queue for one more try now (same `webhook-id`); audited. */
export async function replayDelivery(
  services: Services,
  by: Moderator,
  endpointId: string,
  deliveryId: number,
): Promise<SendOutcome> {
  const endpoint = await webhookEndpoint(services.db, endpointId);
  if (!endpoint) return { ok: false, reason: 'not_found' };
  if (endpoint.disabledAt !== null) return { ok: false, reason: 'disabled' };
  const queue = queueOf(services);
  const now = services.now();
  const row = await replayWebhookDelivery(
    services.db,
    endpointId,
    deliveryId,
    now.toISOString(),
    auditEntry(by, 'replay_webhook_delivery', String(deliveryId), null, now, { webhookId: endpointId }),
  );
  if (!row) return { ok: false, reason: 'not_found' };
  await queue.send({ kind: 'delivery', deliveryId: row.id });
  return { ok: true, queued: { deliveryId: row.id, messageId: row.messageId, status: 'pending' } };
}

/** A page of the endpoint's deliveries, newest first, each with its tries. */
export async function webhookDeliveries(
  services: Services,
  endpointId: string,
  beforeId: number | null,
  limit: number,
): Promise<WebhookOutcome<WebhookDelivery[]>> {
  const endpoint = await webhookEndpoint(services.db, endpointId);
  if (!endpoint) return { ok: false, reason: 'not_found' };
  const rows = await webhookDeliveriesPage(services.db, endpointId, beforeId, limit);
  return {
    ok: true,
    value: rows.map((row) => ({
      id: row.id,
      messageId: row.messageId,
      eventType: row.eventType,
      payload: JSON.parse(row.payload) as unknown,
      createdAt: row.createdAt,
      status: row.status,
      nextAttemptAt: row.nextAttemptAt,
      attempts: row.attempts.map(({ at, statusCode, error, durationMs }) => ({
        at,
        statusCode,
        error,
        durationMs,
      })),
    })),
  };
}
