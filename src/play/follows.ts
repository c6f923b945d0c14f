import { addFollow, followCount, followsPage, removeFollow } from '../db/follows.js';
import { findPlayer } from '../db/players.js';
import type { Services } from '../services.js';
import { followable } from './visibility.js';

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
  if (!followable(await findPlayer(services.db, followeeId))) return { ok: false, reason: 'not_found' };
  if ((await followCount(services.db, followerId)) >= MAX_FOLLOWS) return { ok: false, reason: 'limit' };
  return {
    ok: true,
    created: await addFollow(services.db, followerId, followeeId, services.now().toISOString()),
  };
}

export type UnfollowOutcome = { ok: true } | { ok: false; reason: 'not_following' };

export async function unfollow(
  services: Services,
  followerId: string,
  followeeId: string,
): Promise<UnfollowOutcome> {
  return (await removeFollow(services.db, followerId, followeeId))
    ? { ok: true }
    : { ok: false, reason: 'not_following' };
}

/**
 * The players one follows and may see, a page at a time. A follow of a player it may not see (one that
 * turned hidden, or a `followers` one that does not follow back) stays, and counts towards MAX_FOLLOWS,
 * but shows nothing of that player: not even its id, which ends it (DELETE) for a caller that knows it.
 */
export function followingPage(services: Services, followerId: string, afterId: string | null, limit: number) {
  return followsPage(services.db, followerId, afterId, limit);
}
