import { errorFields, log } from '../runtime/log.js';
import type { Services } from '../services.js';
import type { WebhookEvent } from '../webhooks/events.js';

/**
 * Puts events on the webhook queue (one send, however many), and nothing else: which endpoints hear of
 * each, and the player's external id, are the queue's consumer's work, so the request that caused it gains
 * one send. The fact is stored before this is called, so a queue that refuses the send is logged and the
 * request still answers.
 */
export async function emit(
  services: Pick<Services, 'webhooks' | 'now'>,
  ...events: WebhookEvent[]
): Promise<void> {
  if (!services.webhooks || events.length === 0) return;
  const at = services.now().toISOString();
  const body = (event: WebhookEvent) => ({ kind: 'event' as const, id: crypto.randomUUID(), at, event });
  try {
    const [only] = events;
    if (only && events.length === 1) await services.webhooks.send(body(only));
    else await services.webhooks.sendBatch(events.map((event) => ({ body: body(event) })));
  } catch (error) {
    log('error', 'webhook events not queued', { types: events.map((e) => e.type), ...errorFields(error) });
  }
}
