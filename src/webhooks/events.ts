import type { WebhookEventType } from '../contract/webhooks.js';

/**
 * An event as its site emits it: the type, when it became true, the player it is about (resolved to
 * `{id, externalId}` by the queue's consumer, off the request's path) and the rest of its data.
 */
export interface WebhookEvent {
  type: WebhookEventType;
  playerId?: string;
  data: Record<string, unknown>;
}

/** What travels on the webhook queue: an event to fan out to its subscribers, or one delivery to try. */
export type WebhookMessage =
  | { kind: 'event'; id: string; at: string; event: WebhookEvent }
  | { kind: 'delivery'; deliveryId: number };

/** The player as a delivery names it: its id here and, for a site's own accounts, its id there. */
export interface PayloadPlayer {
  id: string;
  externalId: string | null;
}

/** The body of a delivery, `{type, timestamp, data}`, as the text that is signed and sent. */
export function payloadText(
  type: string,
  at: string,
  data: Record<string, unknown>,
  player: PayloadPlayer | null,
): string {
  return JSON.stringify({ type, timestamp: at, data: player ? { player, ...data } : data });
}

/**
 * The `webhook-id` of an event's delivery to one endpoint: the same if the fan-out runs twice (a queue
 * delivers at least once), so the second run adds no delivery.
 */
export function messageIdOf(eventId: string, endpointId: string): string {
  return `msg_${eventId.replaceAll('-', '')}${endpointId.replaceAll('-', '').slice(0, 12)}`;
}
