import { and, asc, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { WebhookEventType } from '../contract/webhooks.js';
import { type NewAdminAction, recordAdminActionQuery } from './audit-log.js';
import { chunkRows } from './chunk.js';
import type { Db } from './client.js';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from './schema.js';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect;
export type NewWebhookDelivery = Omit<WebhookDeliveryRow, 'id'>;

/** Stores a new endpoint and audits it, in one batch. */
export async function insertWebhookEndpoint(db: Db, row: WebhookEndpointRow, audit: NewAdminAction) {
  await db.batch([db.insert(webhookEndpoints).values(row), recordAdminActionQuery(db, audit)]);
}

/** Every endpoint, oldest first. */
export async function listWebhookEndpoints(db: Db): Promise<WebhookEndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
}

export async function webhookEndpoint(db: Db, id: string): Promise<WebhookEndpointRow | undefined> {
  return db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).get();
}

/**
 * The event types some enabled endpoint subscribes to, one row each: a ranked solve reads them with its
 * judging state and queues only those, since most deployments hear of few of its events or none.
 */
export function heardEventTypesQuery(db: Db) {
  const type = sql<WebhookEventType>`heard.value`.as('type');
  return db
    .selectDistinct({ type })
    .from(sql`${webhookEndpoints}, json_each(${webhookEndpoints.events}) as heard`)
    .where(isNull(webhookEndpoints.disabledAt));
}

/** Enabled endpoints; the caller keeps those subscribed to an event (a handful of rows, read per event). */
export async function enabledWebhookEndpoints(db: Db): Promise<WebhookEndpointRow[]> {
  return db.select().from(webhookEndpoints).where(isNull(webhookEndpoints.disabledAt));
}

/** Deletes an endpoint with its deliveries and their attempts, then audits it; false when there was none. */
export async function deleteWebhookEndpoint(db: Db, id: string, audit: NewAdminAction): Promise<boolean> {
  const deliveryIds = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, id));
  const [, , deleted] = await db.batch([
    db.delete(webhookAttempts).where(inArray(webhookAttempts.deliveryId, deliveryIds)),
    db.delete(webhookDeliveries).where(eq(webhookDeliveries.endpointId, id)),
    db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning({ id: webhookEndpoints.id }),
  ]);
  if (deleted.length === 0) return false;
  await recordAdminActionQuery(db, audit);
  return true;
}

/** Enables an endpoint again, its failures forgotten, and audits it; undefined when there is none. */
export async function enableWebhookEndpoint(
  db: Db,
  id: string,
  audit: NewAdminAction,
): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ disabledAt: null, reason: null, failingSince: null })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  if (row) await recordAdminActionQuery(db, audit);
  return row;
}

/** Stores deliveries, a repeated message id (a fan-out run twice) skipped; their rows as stored. */
export async function insertWebhookDeliveries(
  db: Db,
  rows: readonly NewWebhookDelivery[],
): Promise<WebhookDeliveryRow[]> {
  if (rows.length === 0) return [];
  for (const chunk of chunkRows(rows, 7)) {
    await db.insert(webhookDeliveries).values(chunk).onConflictDoNothing();
  }
  const stored: WebhookDeliveryRow[] = [];
  for (const chunk of chunkRows(rows, 1)) {
    const ids = chunk.map((r) => r.messageId);
    stored.push(
      ...(await db.select().from(webhookDeliveries).where(inArray(webhookDeliveries.messageId, ids))),
    );
  }
  return stored;
}

/** One delivery with its endpoint (undefined when either is gone) and how many tries it had. */
export async function deliveryToTry(
  db: Db,
  id: number,
): Promise<{ delivery: WebhookDeliveryRow; endpoint: WebhookEndpointRow; tries: number } | undefined> {
  // Three selects, not a join: both tables have `id` and `created_at`, which a joined D1 row would merge.
  const endpointOf = db
    .select({ id: webhookDeliveries.endpointId })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.id, id));
  const [deliveries, endpoints, tries] = await db.batch([
    db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)),
    db.select().from(webhookEndpoints).where(inArray(webhookEndpoints.id, endpointOf)),
    db.select({ id: webhookAttempts.id }).from(webhookAttempts).where(eq(webhookAttempts.deliveryId, id)),
  ]);
  const [delivery] = deliveries;
  const [endpoint] = endpoints;
  return delivery && endpoint && { delivery, endpoint, tries: tries.length };
}

/**
 * A try recorded, with where its delivery and its endpoint now stand, in one batch: the delivery's status
 * and next try, the endpoint's failing-since mark and, when it failed too long, its disabling.
 */
export async function recordWebhookAttempt(
  db: Db,
  attempt: Omit<WebhookAttemptRow, 'id'>,
  delivery: Pick<WebhookDeliveryRow, 'status' | 'nextAttemptAt'>,
  endpoint: { id: string } & Partial<Pick<WebhookEndpointRow, 'failingSince' | 'disabledAt' | 'reason'>>,
): Promise<void> {
  const { id, ...change } = endpoint;
  await db.batch([
    db.insert(webhookAttempts).values(attempt),
    db.update(webhookDeliveries).set(delivery).where(eq(webhookDeliveries.id, attempt.deliveryId)),
    db.update(webhookEndpoints).set(change).where(eq(webhookEndpoints.id, id)),
  ]);
}

/** A delivery given up without a try (its endpoint was disabled meanwhile). */
export async function giveUpDelivery(db: Db, id: number): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ status: 'failed', nextAttemptAt: null })
    .where(eq(webhookDeliveries.id, id));
}

/** Puts a delivery of the endpoint back to pending for a replay, and audits it; undefined when there is none. */
export async function replayWebhookDelivery(
  db: Db,
  endpointId: string,
  id: number,
  at: string,
  audit: NewAdminAction,
): Promise<WebhookDeliveryRow | undefined> {
  const [row] = await db
    .update(webhookDeliveries)
    .set({ status: 'pending', nextAttemptAt: at })
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.endpointId, endpointId)))
    .returning();
  if (row) await recordAdminActionQuery(db, audit);
  return row;
}

/** A page of an endpoint's deliveries, newest first, with each one's tries in order. */
export async function webhookDeliveriesPage(
  db: Db,
  endpointId: string,
  beforeId: number | null,
  limit: number,
): Promise<(WebhookDeliveryRow & { attempts: WebhookAttemptRow[] })[]> {
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpointId),
        beforeId === null ? undefined : lt(webhookDeliveries.id, beforeId),
      ),
    )
    .orderBy(desc(webhookDeliveries.id))
    .limit(limit);
  if (rows.length === 0) return [];
  const attempts: WebhookAttemptRow[] = [];
  for (const chunk of chunkRows(rows, 1)) {
    const ids = chunk.map((r) => r.id);
    attempts.push(
      ...(await db
        .select()
        .from(webhookAttempts)
        .where(inArray(webhookAttempts.deliveryId, ids))
        .orderBy(asc(webhookAttempts.id))),
    );
  }
  return rows.map((row) => ({ ...row, attempts: attempts.filter((a) => a.deliveryId === row.id) }));
}
