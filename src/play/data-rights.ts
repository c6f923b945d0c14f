import { groupsOf } from '../db/groups.js';
import { deletePlayer, playerData } from '../db/player-data.js';
import type { Services } from '../http/context.js';
import { leaveGroup } from './groups.js';

/** Everything stored about the player, as JSON. */
export async function exportPlayer(services: Services, playerId: string) {
  return { exportedAt: services.now().toISOString(), ...(await playerData(services.db, playerId)) };
}

/**
 * Deletes the player: it leaves its groups first (a group it owned passes to its longest-standing member,
 * or goes with its last one), then its personal data is removed and its solves kept anonymously.
 */
export async function erasePlayer(services: Services, playerId: string): Promise<void> {
  for (const group of await groupsOf(services.db, playerId)) await leaveGroup(services, playerId, group.id);
  await deletePlayer(services.db, playerId, crypto.randomUUID(), services.now().toISOString());
}
