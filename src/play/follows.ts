import { addFollow, followCount, followsPage, removeFollow } from '../db/follows.js';
import { findPlayer } from '../db/players.js';
import type { Services } from '../http/context.js';

/** A player follows at most this many others: enough for friends and rivals, not a scrape of the board. */
export const MAX_FOLLOWS = 500;

export type FollowOutcome =
  | { ok: true; created: boolean }
  | { ok: false; reason: 'self' | 'not_found' | 'limit' };

export async function follow(
  services: Services,
  followerId: string,
  followeeId: string,
): Promise<FollowOutcome> {
  if (followerId === followeeId) return { ok: false, reason: 'self' };
  const followee = await findPlayer(services.db, followeeId);
  if (!followee || followee.deletedAt !== null || followee.bannedAt !== null)
    return { ok: false, reason: 'not_found' };
  if ((await followCount(services.db, followerId)) >= MAX_FOLLOWS) return { ok: false, reason: 'limit' };
  return {
    ok: true,
    created: await addFollow(services.db, followerId, followeeId, services.now().toISOString()),
  };
}

export function unfollow(services: Services, followerId: string, followeeId: string): Promise<boolean> {
  return removeFollow(services.db, followerId, followeeId);
}

/** The players one follows, a page at a time; a hidden player shows without its name. */
export async function followingPage(
  services: Services,
  followerId: string,
  afterId: string | null,
  limit: number,
) {
  const rows = await followsPage(services.db, followerId, afterId, limit);
  return rows.map((r) => ({
    playerId: r.playerId,
    displayName: r.boardVisibility === 'hidden' ? null : r.displayName,
    followedAt: r.followedAt,
  }));
}
