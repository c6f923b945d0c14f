import type { Db } from './client.js';
import { adminActions } from './schema.js';

/**
 * The audit log's row and its one write, apart from moderation's queries: puzzles, lines, vouches, suspects
 * and moderators audit their changes too, and moderation itself lowers lines and reads submissions, so
 * these living in db/moderation.ts tied those files into an import cycle.
 */
export type AdminActionRow = typeof adminActions.$inferSelect;
export type NewAdminAction = Omit<AdminActionRow, 'id'>;

export function recordAdminActionQuery(db: Db, action: NewAdminAction) {
  return db.insert(adminActions).values(action);
}

export async function recordAdminAction(db: Db, action: NewAdminAction): Promise<void> {
  await recordAdminActionQuery(db, action);
}
