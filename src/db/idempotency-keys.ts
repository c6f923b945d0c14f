import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { idempotencyKeys } from './schema.js';

/** How long a key's first answer is replayed; after that the key is free again (and the cron sweeps it). */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * How long a request may hold a key without answering before it counts as lost (its Worker ended without
 * letting the key go): far past any request's run, short enough for a client's retries to recover.
 */
export const ABANDONED_AFTER_MS = 5 * 60 * 1000;

/** When a key taken before it has had its 24 hours. */
export function keysExpiredBefore(now: Date): string {
  return new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS).toISOString();
}

/** The scope of a player's keys: the player's deletion deletes them. */
export function playerKeyScope(playerId: string): string {
  return `player:${playerId}`;
}

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

/**
 * Takes `scope` + `key` for a request in flight: a new row, one whose 24 hours ended at or before
 * `expiredBefore`, or one still without an answer that was taken `ABANDONED_AFTER_MS` or more before `at`
 * (its request was lost): each is as good as none. True when this request holds the key; otherwise the row
 * that holds it answers for it (`storedKey`). One statement, so two requests racing for a key cannot both win.
 */
export async function claimKey(
  db: Db,
  claim: { scope: string; key: string; requestHash: string; at: string; expiredBefore: string },
): Promise<boolean> {
  const abandonedBefore = new Date(Date.parse(claim.at) - ABANDONED_AFTER_MS).toISOString();
  const claimed = await db
    .insert(idempotencyKeys)
    .values({ scope: claim.scope, key: claim.key, requestHash: claim.requestHash, createdAt: claim.at })
    .onConflictDoUpdate({
      target: [idempotencyKeys.scope, idempotencyKeys.key],
      set: {
        requestHash: sql`excluded.request_hash`,
        status: null,
        responseBody: null,
        createdAt: sql`excluded.created_at`,
      },
      setWhere: or(
        lte(idempotencyKeys.createdAt, claim.expiredBefore),
        and(isNull(idempotencyKeys.status), lte(idempotencyKeys.createdAt, abandonedBefore)),
      ),
    })
    .returning({ key: idempotencyKeys.key });
  return claimed.length > 0;
}

export async function storedKey(db: Db, scope: string, key: string): Promise<IdempotencyRow | undefined> {
  return db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)))
    .get();
}

/** Keeps the first answer of the request holding the key, for its retries. */
export async function completeKey(
  db: Db,
  scope: string,
  key: string,
  answer: { status: number; body: string | null },
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ status: answer.status, responseBody: answer.body })
    .where(
      and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key), isNull(idempotencyKeys.status)),
    );
}

/** Lets the key go after an answer that is not kept (a refusal or a fault), so a retry runs again. */
export async function releaseKey(db: Db, scope: string, key: string): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(
      and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key), isNull(idempotencyKeys.status)),
    );
}

/** Deletes the keys whose 24 hours ended at or before `expiredBefore` (the daily cron); returns how many. */
export async function sweepKeys(db: Db, expiredBefore: string): Promise<number> {
  const gone = await db
    .delete(idempotencyKeys)
    .where(lte(idempotencyKeys.createdAt, expiredBefore))
    .returning({ key: idempotencyKeys.key });
  return gone.length;
}
