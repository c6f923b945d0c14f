import { errorFields, log } from '../runtime/log.js';
import type { Services } from '../services.js';
import type { WebhookEvent } from '../webhooks/events.js';
import { subscribedEventTypes } from './subscribed-events.js';

/** What emitting needs: the queue, the clock, and the database that says which events are heard. */
export type EventServices = Pick<Services, 'webhooks' | 'now' | 'db'>;

/**
 * Puts events some endpoint subscribes to on the webhook queue (one send, however many), and nothing else:
 * which endpoints hear of it, and the player's external id, are the queue's consumer's work, so the request
 * that caused it gains one send. The fact is stored before this is called, so a queue that refuses the send
 * is logged and the request still answers; a failed read of the subscriptions sends every event.
 */
export async function emit(services: EventServices, ...events: WebhookEvent[]): Promise<void> {
  if (!services.webhooks || events.length === 0) return;
  const heard = await subscribed(services, events);
  if (heard.length === 0) return;
  const at = services.now().toISOString();
  const body = (event: WebhookEvent) => ({ kind: 'event' as const, id: crypto.randomUUID(), at, event });
  try {
    const [only] = heard;
    if (only && heard.length === 1) await services.webhooks.send(body(only));
    else await services.webhooks.sendBatch(heard.map((event) => ({ body: body(event) })));
  } catch (error) {
    log('error', 'webhook events not queued', { types: heard.map((e) => e.type), ...errorFields(error) });
  }
}

async function subscribed(services: EventServices, events: WebhookEvent[]): Promise<WebhookEvent[]> {
  try {
    const types = await subscribedEventTypes(services);
    return events.filter((e) => types.has(e.type));
  } catch (error) {
    log('error', 'webhook subscriptions not read', errorFields(error));
    return events;
  }
}
