import { and, asc, eq, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { players, playerTokens, pushSubscriptions, submissions } from './schema.js';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

export async function subscriptionAt(db: Db, endpoint: string): Promise<PushSubscriptionRow | undefined> {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)).get();
}

/**
 * Keeps the device's one subscription, atomically: another endpoint the device held goes, and an endpoint
 * held by another device (the browser now signed in as this player, or on another of its devices) moves here.
 */
export async function saveSubscription(db: Db, row: PushSubscriptionRow): Promise<void> {
  const { endpoint, createdAt: _createdAt, ...moved } = row;
  await db.batch([
    db
      .delete(pushSubscriptions)
      .where(
        and(
          eq(pushSubscriptions.playerId, row.playerId),
          eq(pushSubscriptions.tokenId, row.tokenId),
          ne(pushSubscriptions.endpoint, endpoint),
        ),
      ),
    db
      .insert(pushSubscriptions)
      .values(row)
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: moved }),
  ]);
}

/** The player's subscriptions, for moving their next reminders. */
export async function subscriptionsOf(db: Db, playerId: string): Promise<PushSubscriptionRow[]> {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.playerId, playerId)).all();
}

/** Sets when each subscription is next looked at. */
export async function moveNextDue(
  db: Db,
  moves: readonly { endpoint: string; next: number }[],
): Promise<void> {
  const [first, ...rest] = moves.map((m) =>
    db.update(pushSubscriptions).set({ nextDueAt: m.next }).where(eq(pushSubscriptions.endpoint, m.endpoint)),
  );
  if (first) await db.batch([first, ...rest]);
}

/** Removes the player's subscription at `endpoint`; false when it holds none there. */
export async function deleteSubscription(db: Db, playerId: string, endpoint: string): Promise<boolean> {
  const gone = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.playerId, playerId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ endpoint: pushSubscriptions.endpoint });
  return gone.length > 0;
}

/** Removes the subscription of one of the player's devices (its token was revoked). */
export async function deleteDeviceSubscription(db: Db, playerId: string, tokenId: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.playerId, playerId), eq(pushSubscriptions.tokenId, tokenId)));
}

/** The player's tokens still held, in the order they were issued, each with its device's subscription. */
export async function devicesOf(db: Db, playerId: string) {
  return db
    .select({ token: playerTokens, push: pushSubscriptions, timeZone: players.timeZone })
    .from(playerTokens)
    .innerJoin(players, eq(players.id, playerTokens.playerId))
    .leftJoin(
      pushSubscriptions,
      and(
        eq(pushSubscriptions.playerId, playerTokens.playerId),
        eq(pushSubscriptions.tokenId, playerTokens.id),
      ),
    )
    .where(and(eq(playerTokens.playerId, playerId), isNull(playerTokens.revokedAt)))
    .orderBy(asc(playerTokens.createdAt), sql`${playerTokens}.rowid`)
    .all();
}

export type DueSubscription = Awaited<ReturnType<typeof dueSubscriptions>>[number];

/** Up to `limit` subscriptions whose next look is due by `nowMs`, earliest first, with their player's calendar. */
export async function dueSubscriptions(db: Db, nowMs: number, limit: number) {
  return db
    .select({
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
      hour: pushSubscriptions.hour,
      nextDueAt: pushSubscriptions.nextDueAt,
      lastSentDate: pushSubscriptions.lastSentDate,
      playerId: pushSubscriptions.playerId,
      timeZone: players.timeZone,
      bannedAt: players.bannedAt,
    })
    .from(pushSubscriptions)
    .innerJoin(players, eq(players.id, pushSubscriptions.playerId))
    .where(lte(pushSubscriptions.nextDueAt, nowMs))
    .orderBy(asc(pushSubscriptions.nextDueAt), asc(pushSubscriptions.endpoint))
    .limit(limit)
    .all();
}

/**
 * Of the (player, date) pairs, the players with a counted solve on that date of their own calendar: their
 * streak is not open. One read through the streak index, whatever the number of pairs.
 */
export async function solvedOnTheirDate(
  db: Db,
  pairs: readonly { playerId: string; date: string }[],
): Promise<Set<string>> {
  if (pairs.length === 0) return new Set();
  const list = JSON.stringify(pairs.map((p) => [p.playerId, p.date]));
  const rows = await db.all<{ playerId: string }>(sql`
    select json_extract(j.value, '$[0]') as playerId from json_each(${list}) as j
    where exists (
      select 1 from ${submissions}
      where ${submissions.playerId} = json_extract(j.value, '$[0]')
        and ${submissions.streakDate} = json_extract(j.value, '$[1]')
        and ${submissions.counted} = 1
    )`);
  return new Set(rows.map((r) => r.playerId));
}

/** A subscription as the cron saw it (`seen`: its next_due_at then) and what to make of it. */
export interface Claim {
  endpoint: string;
  seen: number;
  date: string;
  next: number;
}

/**
 * Takes the reminders of `claims` for sending: each one's date becomes its last sent and its next look moves
 * on, if no one else moved it since it was read (compare-and-set on next_due_at). Returns the endpoints
 * taken; only those may be sent, so two runs that overlap never send one reminder twice.
 */
export async function claimReminders(db: Db, claims: readonly Claim[]): Promise<Set<string>> {
  if (claims.length === 0) return new Set();
  const rows = await db.all<{ endpoint: string }>(sql`
    update ${pushSubscriptions}
    set last_sent_date = json_extract(j.value, '$.date'), next_due_at = json_extract(j.value, '$.next')
    from json_each(${JSON.stringify(claims)}) as j
    where ${pushSubscriptions.endpoint} = json_extract(j.value, '$.endpoint')
      and ${pushSubscriptions.nextDueAt} = json_extract(j.value, '$.seen')
    returning ${pushSubscriptions.endpoint} as endpoint`);
  return new Set(rows.map((r) => r.endpoint));
}

/** A subscription to look at again at `next`, with nothing sent (compare-and-set as above). */
export interface Deferral {
  endpoint: string;
  seen: number;
  next: number;
}

/** A claimed reminder whose push failed for now: its date is given back and it is looked at again at `next`. */
export interface Release {
  endpoint: string;
  date: string;
  previous: string | null;
  next: number;
}

/** What a batch of the cron decided: a statement for each kind of outcome it has. */
export async function settleReminders(
  db: Db,
  outcome: { deferred: readonly Deferral[]; released: readonly Release[]; gone: readonly string[] },
): Promise<void> {
  if (outcome.deferred.length > 0) {
    await db.run(sql`
      update ${pushSubscriptions} set next_due_at = json_extract(j.value, '$.next')
      from json_each(${JSON.stringify(outcome.deferred)}) as j
      where ${pushSubscriptions.endpoint} = json_extract(j.value, '$.endpoint')
        and ${pushSubscriptions.nextDueAt} = json_extract(j.value, '$.seen')`);
  }
  if (outcome.released.length > 0) {
    await db.run(sql`
      update ${pushSubscriptions}
      set last_sent_date = json_extract(j.value, '$.previous'), next_due_at = json_extract(j.value, '$.next')
      from json_each(${JSON.stringify(outcome.released)}) as j
      where ${pushSubscriptions.endpoint} = json_extract(j.value, '$.endpoint')
        and ${pushSubscriptions.lastSentDate} = json_extract(j.value, '$.date')`);
  }
  if (outcome.gone.length > 0) {
    await db.run(sql`
      delete from ${pushSubscriptions}
      where ${pushSubscriptions.endpoint} in (select value from json_each(${JSON.stringify(outcome.gone)}))`);
  }
}
