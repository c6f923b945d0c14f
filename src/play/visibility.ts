import type { PublicProfile } from '../contract/player.js';
import { followEachOther } from '../db/follows.js';
import { findPlayer } from '../db/players.js';
import type { BoardVisibility } from '../db/schema.js';
import type { Services } from '../http/context.js';
import { publicProfile } from './profile.js';

/**
 * Whether `viewer` sees `player` (on a board, or its profile): a player always sees itself; `public`
 * players are seen by everyone, `followers` players by those that follow each other with them (following
 * costs nothing, so a one-way follow would make it public), `hidden` ones by nobody else.
 */
export function sees(
  viewerId: string | null,
  player: { id: string; boardVisibility: BoardVisibility },
  followEachOther: boolean,
): boolean {
  if (viewerId === player.id) return true;
  if (player.boardVisibility === 'public') return true;
  return player.boardVisibility === 'followers' && viewerId !== null && followEachOther;
}

/** Another player's public profile if the viewer may see it; undefined as for a player that does not exist. */
export async function visibleProfile(
  services: Services,
  viewerId: string | null,
  playerId: string,
): Promise<PublicProfile | undefined> {
  const player = await findPlayer(services.db, playerId);
  if (!player || player.bannedAt !== null || player.deletedAt !== null) return undefined;
  const mutual =
    player.boardVisibility === 'followers' &&
    viewerId !== null &&
    (await followEachOther(services.db, viewerId, playerId));
  return sees(viewerId, player, mutual) ? publicProfile(services, player) : undefined;
}
