import type { PublicProfile } from '../contract/player.js';
import type { PlayerRow } from '../db/players.js';
import { findShownPlayer } from '../db/visibility.js';
import type { Services } from '../services.js';
import { publicProfile } from './profile.js';

/** Another player's public profile if the viewer may see it (db/visibility.ts); undefined as for none at all. */
export async function visibleProfile(
  services: Services,
  viewerId: string | null,
  playerId: string,
): Promise<PublicProfile | undefined> {
  const player = await findShownPlayer(services.db, viewerId, playerId);
  return player ? publicProfile(services, player) : undefined;
}

/**
 * Whether a player may be followed: not a `hidden` one, which nobody may see (a follow would put it in the
 * follower's scope), nor a banned or deleted one. A `followers` player may: a mutual follow starts with one
 * side. The caller answers a refusal exactly as for an id that does not exist, so that a follow attempt
 * cannot tell a hidden player from nobody.
 */
export function followable(player: PlayerRow | undefined): player is PlayerRow {
  return (
    player !== undefined &&
    player.boardVisibility !== 'hidden' &&
    player.bannedAt === null &&
    player.deletedAt === null
  );
}
