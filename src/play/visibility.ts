import type { PublicProfile } from '../contract/player.js';
import type { PlayerRow } from '../db/players.js';
import { findShownPlayer } from '../db/visibility.js';
import type { Services } from '../services.js';
import { publicProfile } from './profile.js';

/** A player the viewer may not see is refused exactly as one that does not exist. */
export type VisibleProfileOutcome = { ok: true; profile: PublicProfile } | { ok: false; reason: 'not_found' };

/** Another player's public profile if the viewer may see it (db/visibility.ts). */
export async function visibleProfile(
  services: Services,
  viewerId: string | null,
  playerId: string,
): Promise<VisibleProfileOutcome> {
  const player = await findShownPlayer(services.db, viewerId, playerId);
  if (!player) return { ok: false, reason: 'not_found' };
  return { ok: true, profile: await publicProfile(services, player) };
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
