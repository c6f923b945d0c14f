import type { PushRequest, PushSubscriptionView } from '../contract/push.js';
import type { IsoDate } from '../daily/calendar.js';
import { nextReminderSlot } from '../daily/local-hour.js';
import type { PlayerRow } from '../db/players.js';
import {
  deleteSubscription,
  moveNextDue,
  type PushSubscriptionRow,
  saveSubscription,
  subscriptionAt,
  subscriptionsOf,
} from '../db/push-subscriptions.js';
import { pushHostAllowed } from '../push/push-hosts.js';
import { isP256Point } from '../push/send.js';
import type { Services } from '../services.js';

export type SubscribeOutcome =
  | { ok: true; subscription: PushSubscriptionView }
  | { ok: false; reason: 'not_a_curve_point' | 'push_service_not_allowed' };

/** The calendar a player's reminders follow: its streak's. */
export function calendarOf(player: { timeZone: string | null }): string {
  return player.timeZone ?? 'UTC';
}

export function subscriptionView(row: PushSubscriptionRow, timeZone: string): PushSubscriptionView {
  return {
    endpoint: row.endpoint,
    hour: row.hour,
    timeZone,
    nextReminderAt: new Date(row.nextDueAt).toISOString(),
    createdAt: row.createdAt,
  };
}

/**
 * Keeps the device's reminder at `hour` of the player's calendar. The date of a reminder already sent to
 * this browser is kept, so changing the hour never brings a second one that day.
 */
export async function subscribe(
  services: Services,
  player: PlayerRow,
  tokenId: string,
  request: PushRequest,
): Promise<SubscribeOutcome> {
  const { endpoint, keys } = request.subscription;
  if (!pushHostAllowed(services.config.pushHosts, endpoint))
    return { ok: false, reason: 'push_service_not_allowed' };
  if (!(await isP256Point(keys.p256dh))) return { ok: false, reason: 'not_a_curve_point' };
  const now = services.now();
  const timeZone = calendarOf(player);
  const existing = await subscriptionAt(services.db, endpoint);
  const lastSentDate = (existing?.lastSentDate ?? null) as IsoDate | null;
  const slot = nextReminderSlot(now, timeZone, request.hour, lastSentDate);
  const row: PushSubscriptionRow = {
    endpoint,
    playerId: player.id,
    tokenId,
    p256dh: keys.p256dh,
    auth: keys.auth,
    hour: request.hour,
    createdAt: existing?.createdAt ?? now.toISOString(),
    nextDueAt: slot.start.getTime(),
    lastSentDate,
  };
  await saveSubscription(services.db, row);
  return { ok: true, subscription: subscriptionView(row, timeZone) };
}

/** Stops the reminders of the player's subscription at `endpoint`; false when it holds none there. */
export async function unsubscribe(services: Services, playerId: string, endpoint: string): Promise<boolean> {
  return deleteSubscription(services.db, playerId, endpoint);
}

/**
 * Moves the player's reminders to their hour in its new calendar, so that a zone ahead of the old one does
 * not wait for the old hour to come round first.
 */
export async function followTimeZone(services: Services, playerId: string, timeZone: string): Promise<void> {
  const rows = await subscriptionsOf(services.db, playerId);
  const now = services.now();
  await moveNextDue(
    services.db,
    rows.map((row) => ({
      endpoint: row.endpoint,
      next: nextReminderSlot(now, timeZone, row.hour, row.lastSentDate as IsoDate | null).start.getTime(),
    })),
  );
}
