import { eq } from 'drizzle-orm';
import type { PlayerId } from '../auth/player-token.js';
import type { Db } from './client.js';
import { playerAccounts } from './schema.js';

/** The operator's own id of the player's account, or null for an anonymous player. Never for public answers. */
export async function externalIdOf(db: Db, playerId: PlayerId): Promise<string | null> {
  const row = await db
    .select({ externalId: playerAccounts.externalId })
    .from(playerAccounts)
    .where(eq(playerAccounts.playerId, playerId))
    .get();
  return row?.externalId ?? null;
}
