import { enabledWebhookEndpoints } from '../db/webhooks.js';
import type { Services } from '../services.js';

/** How long an isolate trusts its list of subscribed event types before it reads the endpoints again. */
export const SUBSCRIBED_EVENTS_TTL_MS = 10_000;

let known: { types: ReadonlySet<string>; readAt: number } | undefined;

/**
 * The event types some enabled endpoint subscribes to, read from the primary at most once per
 * `SUBSCRIBED_EVENTS_TTL_MS` in an isolate: every ranked solve is an event, and putting each on the queue
 * for a consumer to drop cost the Worker as much CPU as judging it. So another isolate's new endpoint is
 * heard of within that time; this isolate's changes reset the list at once (`forgetSubscribedEvents`).
 */
export async function subscribedEventTypes(services: Pick<Services, 'db'>): Promise<ReadonlySet<string>> {
  const now = Date.now();
  if (known && now - known.readAt < SUBSCRIBED_EVENTS_TTL_MS) return known.types;
  const endpoints = await enabledWebhookEndpoints(services.db);
  known = { types: new Set(endpoints.flatMap((e) => e.events)), readAt: now };
  return known.types;
}

/** This isolate made, deleted or enabled an endpoint: the next event reads the endpoints again. */
export function forgetSubscribedEvents(): void {
  known = undefined;
}
