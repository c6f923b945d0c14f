import { eq } from 'drizzle-orm';
import type { NewAdminAction } from './audit-log.js';
import type { Db } from './client.js';
import { lowerRecordsQuery } from './lines.js';
import { adminActions, players } from './schema.js';

/** Marks the player as vouched for by a moderator, with its audit and its paces as records, atomically. */
export async function vouchForPlayer(
  db: Db,
  vouch: { playerId: string; at: string; audit: NewAdminAction },
): Promise<void> {
  await db.batch([
    db.update(players).set({ approvedAt: vouch.at }).where(eq(players.id, vouch.playerId)),
    db.insert(adminActions).values(vouch.audit),
    lowerRecordsQuery(db, vouch.playerId),
  ]);
}

/** The player as vouching needs it, or undefined. */
export async function vouchState(db: Db, playerId: string) {
  return db
    .select({ id: players.id, approvedAt: players.approvedAt, bannedAt: players.bannedAt })
    .from(players)
    .where(eq(players.id, playerId))
    .get();
}
