import { and, asc, eq, isNull } from 'drizzle-orm';
import type { ModeratorRole } from '../contract/moderators.js';
import { type NewAdminAction, recordAdminActionQuery } from './audit-log.js';
import type { Db } from './client.js';
import { moderators } from './schema.js';

export type ModeratorRow = typeof moderators.$inferSelect;

/** Who a request acts as: a named moderator, or the ADMIN_TOKEN's owner. */
export interface Moderator {
  id: string;
  name: string;
  role: ModeratorRole;
}

/** The ADMIN_TOKEN: the first owner, never stored, never revoked (rotate the secret instead). */
export const TOKEN_OWNER: Moderator = { id: 'owner', name: 'Owner (ADMIN_TOKEN)', role: 'owner' };

/** The moderator holding the token of this hash, if it is not revoked. */
export async function moderatorOfTokenHash(db: Db, tokenHash: string): Promise<Moderator | undefined> {
  return db
    .select({ id: moderators.id, name: moderators.name, role: moderators.role })
    .from(moderators)
    .where(and(eq(moderators.tokenHash, tokenHash), isNull(moderators.revokedAt)))
    .get();
}

/** Every moderator ever made, revoked ones included, oldest first. */
export async function listModerators(db: Db): Promise<ModeratorRow[]> {
  return db.select().from(moderators).orderBy(asc(moderators.createdAt), asc(moderators.id)).all();
}

/** Stores a new moderator and audits it, in one batch. */
export async function insertModerator(db: Db, row: Omit<ModeratorRow, 'revokedAt'>, audit: NewAdminAction) {
  await db.batch([db.insert(moderators).values(row), recordAdminActionQuery(db, audit)]);
}

/**
 * Revokes a moderator that is not revoked yet, then audits it; undefined (and nothing audited) when
 * there was none. Two statements: a revocation whose audit row failed to land is still a revocation, which is the
 * side to err on.
 */
export async function revokeModerator(
  db: Db,
  id: string,
  at: string,
  audit: NewAdminAction,
): Promise<ModeratorRow | undefined> {
  const [revoked] = await db
    .update(moderators)
    .set({ revokedAt: at })
    .where(and(eq(moderators.id, id), isNull(moderators.revokedAt)))
    .returning();
  if (revoked) await recordAdminActionQuery(db, audit);
  return revoked;
}
