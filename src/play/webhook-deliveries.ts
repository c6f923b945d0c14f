import { externalIdOf } from '../db/external-ids.js';
import {
  deliveryToTry,
  enabledWebhookEndpoints,
  giveUpDelivery,
  insertWebhookDeliveries,
  recordWebhookAttempt,
  type WebhookEndpointRow,
} from '../db/webhooks.js';
import { errorFields, log } from '../runtime/log.js';
import type { Services } from '../services.js';
import { messageIdOf, payloadText, type WebhookMessage } from '../webhooks/events.js';
import { failedTooLong, nextRetryDelaySeconds, RETRY_DELAYS_SECONDS } from '../webhooks/schedule.js';
import { sendDelivery } from '../webhooks/send.js';

/** Messages per `sendBatch`, the queue's bound. */
const SEND_BATCH_MAX = 100;

/**
 * The webhook queue's consumer (the Worker's `queue()` handler): an event becomes one delivery per enabled
 * endpoint subscribed to it; a delivery is tried, and retried with the queue's delay while its schedule
 * lasts. A message whose handling threw is retried after the first delay, so a database hiccup loses nothing.
 */
export async function handleWebhookBatch(
  services: Services,
  batch: MessageBatch<WebhookMessage>,
): Promise<void> {
  // Read once for the whole batch: every ranked solve is an event, and a busy minute's arrive together.
  let endpoints: Promise<WebhookEndpointRow[]> | undefined;
  const enabled = () => {
    endpoints ??= enabledWebhookEndpoints(services.db);
    return endpoints;
  };
  for (const message of batch.messages) {
    try {
      const body = message.body;
      if (body.kind === 'event') {
        await fanOut(services, body, await enabled());
        message.ack();
      } else {
        const delaySeconds = await tryDelivery(services, body.deliveryId);
        if (delaySeconds === null) message.ack();
        else message.retry({ delaySeconds });
      }
    } catch (error) {
      log('error', 'webhook message failed', { id: message.id, ...errorFields(error) });
      message.retry({ delaySeconds: RETRY_DELAYS_SECONDS[0] });
    }
  }
}

/** One delivery per subscribed endpoint, stored (once, however often this runs), then queued to be tried. */
async function fanOut(
  services: Services,
  message: Extract<WebhookMessage, { kind: 'event' }>,
  enabled: readonly WebhookEndpointRow[],
): Promise<void> {
  const { event } = message;
  const endpoints = enabled.filter((e) => e.events.includes(event.type));
  if (endpoints.length === 0) return;
  const player =
    event.playerId === undefined
      ? null
      : { id: event.playerId, externalId: await externalIdOf(services.db, event.playerId) };
  const payload = payloadText(event.type, message.at, event.data, player);
  const createdAt = services.now().toISOString();
  const stored = await insertWebhookDeliveries(
    services.db,
    endpoints.map((endpoint) => ({
      messageId: messageIdOf(message.id, endpoint.id),
      endpointId: endpoint.id,
      eventType: event.type,
      payload,
      createdAt,
      status: 'pending' as const,
      nextAttemptAt: createdAt,
    })),
  );
  const pending = stored.filter((row) => row.status === 'pending');
  for (let i = 0; i < pending.length; i += SEND_BATCH_MAX) {
    await services.webhooks?.sendBatch(
      pending.slice(i, i + SEND_BATCH_MAX).map((row) => ({ body: { kind: 'delivery', deliveryId: row.id } })),
    );
  }
}

/**
 * Tries a pending delivery once and records the try. Returns the seconds until the next try, or null when
 * there is none: delivered, given up after 24 hours, its endpoint disabled, or the delivery gone.
 */
export async function tryDelivery(services: Services, deliveryId: number): Promise<number | null> {
  const found = await deliveryToTry(services.db, deliveryId);
  if (found?.delivery.status !== 'pending') return null;
  const { delivery, endpoint, tries } = found;
  if (endpoint.disabledAt !== null) {
    await giveUpDelivery(services.db, deliveryId);
    return null;
  }
  const now = services.now();
  // Signed with the real clock: a receiver checks the timestamp against its own.
  const attempt = await sendDelivery(endpoint, delivery.messageId, delivery.payload, services.realNow());
  const { ok, ...result } = attempt;
  const row = { deliveryId, at: now.toISOString(), ...result };
  if (ok) {
    await recordWebhookAttempt(
      services.db,
      row,
      { status: 'delivered', nextAttemptAt: null },
      { id: endpoint.id, failingSince: null },
    );
    return null;
  }
  const failingSince = endpoint.failingSince ?? now.toISOString();
  if (failedTooLong(new Date(failingSince), now)) {
    const reason = `failed for 24 hours (since ${failingSince}); last try: ${attempt.error}`;
    await recordWebhookAttempt(
      services.db,
      row,
      { status: 'failed', nextAttemptAt: null },
      { id: endpoint.id, failingSince, disabledAt: now.toISOString(), reason },
    );
    log('warn', 'webhook endpoint disabled', { id: endpoint.id, reason });
    return null;
  }
  const delay = nextRetryDelaySeconds(tries + 1, now.getTime() - Date.parse(delivery.createdAt));
  await recordWebhookAttempt(
    services.db,
    row,
    delay === null
      ? { status: 'failed', nextAttemptAt: null }
      : { status: 'pending', nextAttemptAt: new Date(now.getTime() + delay * 1000).toISOString() },
    { id: endpoint.id, failingSince },
  );
  return delay;
}
