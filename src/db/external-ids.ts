import { eq } from 'drizzle-orm';
import type { Db } from './client.js';
import { playerAccounts } from './schema.js';

/**
 * The operator's own id of the player's account, or null for an anonymous player. Never for public answers.
 * A plain string id: src/db does not import src/auth's branded PlayerId (which is a string, so it passes).
 */
export async function externalIdOf(db: Db, playerId: string): Promise<string | null> {
  const row = await db
    .select({ externalId: playerAccounts.externalId })
    .from(playerAccounts)
    .where(eq(playerAccounts.playerId, playerId))
    .get();
  return row?.externalId ?? null;
}
